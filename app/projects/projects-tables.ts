/**
 * The projects' tables: finished jobs shown on the site, their photos and encoded files, and the
 * addresses of deleted ones.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export interface ProjectsTable {
  id: string;
  /** The page's address under /projects/; never reused. */
  slug: string;
  title: string;
  /** A service slug (`content/services.ts`). */
  service: string;
  town: string;
  /** YYYY-MM. */
  finished: string;
  /** Plain paragraphs and "- " lists; see `projects/project-rules.ts`. */
  story: string;
  status: "draft" | "published";
  ever_published: ColumnType<number, number | undefined, number>;
  /** The won lead it was made from; never shown. */
  lead_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
}

export interface ProjectPhotosTable {
  id: string;
  project_id: string;
  /** Chosen by the sender, so a retried upload stores one photo. */
  upload_key: string;
  position: number;
  description: string;
  label: "before" | "after" | null;
  is_cover: ColumnType<number, number | undefined, number>;
  state: "waiting" | "ready" | "refused";
  original: Buffer | null;
  original_format: string | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  /** Why a photo could not be used, in the owner's words. */
  problem: string | null;
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ProjectPhotoFilesTable {
  name: string;
  photo_id: string;
  format: "avif" | "webp";
  width: number;
  bytes: number;
  data: Buffer;
}

export interface GoneProjectsTable {
  slug: string;
  gone_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    projects: ProjectsTable;
    project_photos: ProjectPhotosTable;
    project_photo_files: ProjectPhotoFilesTable;
    gone_projects: GoneProjectsTable;
  }
}
