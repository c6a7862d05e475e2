/**
 * Photos sent from an editor and never published with a page: kept while a draft may still name
 * them, and deleted with their files a month after they were sent when none does. A photo a
 * published page ever showed is kept, as the page's history may put it back.
 */
import type { Kysely } from "kysely";
import { ownerPhotoId, ownerPhotoRefs } from "~/content/owner-photos";
import { timestamp, type Database } from "~/infra/schema.server";
import { inTransaction } from "~/infra/transaction.server";

/** How long a photo no page has shown is kept for a draft that might name it. */
export const UNUSED_PHOTO_DAYS = 30;

/** Deletes the unused photos; returns how many. */
export async function pruneUnusedSitePhotos(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = timestamp(new Date(now.getTime() - UNUSED_PHOTO_DAYS * 24 * 60 * 60 * 1000));
  return inTransaction(db, async (trx) => {
    const old = await trx
      .selectFrom("site_photos")
      .select("id")
      .where("published", "=", 0)
      .where("created_at", "<", before)
      .execute();
    if (old.length === 0) return 0;
    // A draft saved long ago may still name one: it stays until the draft is published or dropped.
    const drafts = await trx.selectFrom("site_page_drafts").select("fields").execute();
    const named = new Set(drafts.flatMap((d) => ownerPhotoRefs(d.fields).map(ownerPhotoId)));
    const unused = old.map((row) => row.id).filter((id) => !named.has(id));
    if (unused.length === 0) return 0;
    await trx.deleteFrom("site_photo_files").where("photo_id", "in", unused).execute();
    await trx.deleteFrom("site_photos").where("id", "in", unused).where("published", "=", 0).execute();
    return unused.length;
  });
}
