/**
 * The owner's photos as the public pages draw them: every photo a published page has shown, read
 * with the rest of what is published, so a page is rendered from the snapshot and never asks the
 * database while it renders. A photo joins when the first page showing it is published.
 */
import type { Kysely } from "kysely";
import { ownerPhotoId, ownerPhotoRef, ownerPhotoRefs } from "~/content/owner-photos";
import type { Database } from "~/infra/schema.server";
import type { LiveSource } from "~/live/snapshot.server";
import type { PictureFiles } from "~/ui/picture";
import { sitePhotoSources } from "./site-photo-paths";
import { publishedSitePhotos, sitePhotosByIds, type SitePhotoRow } from "./site-photos.server";

/** A photo's files, and the copy a phone draws from the page's HTML where it is the page's first picture. */
export interface LivePhoto extends PictureFiles {
  phoneCopy: string;
}

/** The photo as pages draw it, once its files are made; undefined before. */
export function livePhotoOf(row: SitePhotoRow): LivePhoto | undefined {
  if (row.state !== "ready" || !row.hash || !row.width || !row.height || !row.phoneCopy) return undefined;
  return { ...sitePhotoSources({ hash: row.hash, width: row.width, height: row.height }), phoneCopy: row.phoneCopy };
}

/** Each photo by the name pages give it (`photo-<id>`). */
export function livePhotosOf(rows: readonly SitePhotoRow[]): Record<string, LivePhoto> {
  return Object.fromEntries(
    rows.flatMap((row) => {
      const photo = livePhotoOf(row);
      return photo ? [[ownerPhotoRef(row.id), photo] as const] : [];
    }),
  );
}

export const sitePhotosSource: LiveSource<Readonly<Record<string, LivePhoto>>> = {
  name: "site-photos",
  empty: {},
  load: async (db) => ({ value: livePhotosOf(await publishedSitePhotos(db)) }),
};

/** The photos a draft's file names that are ready, published or not: a preview draws them as publishing would. */
export async function draftPhotos(db: Kysely<Database>, markdown: string): Promise<Record<string, LivePhoto>> {
  const ids = ownerPhotoRefs(markdown).map(ownerPhotoId);
  return ids.length ? livePhotosOf(await sitePhotosByIds(db, ids)) : {};
}
