/**
 * The notices' table: each notice on the public pages, removed ones kept as the history.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

export interface SiteNoticesTable {
  id: string;
  /** Plain text; at most one link, written as [words](address). */
  body: string;
  /** See `notices/notice-text.ts`. */
  tone: "info" | "urgent";
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  published_by: string;
  published_at: Timestamp;
  removed_by: string | null;
  removed_at: Timestamp | null;
}

declare module "~/infra/schema.server" {
  interface Database {
    site_notices: SiteNoticesTable;
  }
}
