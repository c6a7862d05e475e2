/**
 * The written pages' photos: each photo the owner uploaded for a service page or an article, and
 * its encoded files.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * module declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export interface SitePhotosTable {
  id: string;
  /** Chosen by the sender, unique across the site, so a retried upload stores one photo. */
  upload_key: string;
  state: "waiting" | "ready" | "refused";
  original: Buffer | null;
  original_format: string | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  /** The copy a phone draws from inside the page's HTML: a `data:image/avif;base64,` address. */
  phone_copy: string | null;
  /** Why a photo could not be used, in the owner's words. */
  problem: string | null;
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 1 once a published page shows it: its files are then public and cached, so it never turns back. */
  published: ColumnType<number, number | undefined, number>;
  /** The owner who sent it, as the desk's other tables record an actor. */
  uploaded_by: string;
  created_at: Timestamp;
}

export interface SitePhotoFilesTable {
  /** `<hash>-<width>.<avif|webp>` */
  name: string;
  photo_id: string;
  format: "avif" | "webp";
  width: number;
  bytes: number;
  data: Buffer;
}

declare module "~/infra/schema.server" {
  interface Database {
    site_photos: SitePhotosTable;
    site_photo_files: SitePhotoFilesTable;
  }
}
