/**
 * The written pages' tables: every publish of a service page, a FAQ category or an article, the
 * newest of each page in force; and each page's draft, until it is published or discarded.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * module declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";
import type { PageKind } from "./page-kinds";

export interface SitePageVersionsTable {
  kind: PageKind;
  /** The file's name without `.md`: the service's slug, the category's anchor, the article's slug. */
  name: string;
  version: number;
  /**
   * The page's whole Markdown file, front matter and body, as the build reads it; empty when the
   * version took the page off the site.
   */
  markdown: string;
  published_by: string;
  published_at: Timestamp;
  /** The version 'Restore' published again, when this publish was one. */
  restored_from: number | null;
  /** For a version that took the page off the site to a new address (an article's slug): that address's name. */
  moved_to: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SitePageDraftsTable {
  kind: PageKind;
  name: string;
  /** The editor's fields as saved, as JSON: one string per field. */
  fields: string;
  /** The version of the page the draft was begun on. */
  based_on: number;
  /** Moved by each save: a save on an older one is refused rather than overwriting. */
  revision: number;
  saved_by: string;
  saved_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    site_page_versions: SitePageVersionsTable;
    site_page_drafts: SitePageDraftsTable;
  }
}
