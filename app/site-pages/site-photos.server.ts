/**
 * The photos the owner puts on the written pages (service pages, articles): taken in as sent, made
 * into the site's pictures by the scheduler's `site-photos` job as every owner's photo is
 * (`infra/photo-encoding.server.ts`), with the copy a phone draws from inside the page's HTML, and
 * served by content-hashed name. A photo stays the owner's alone until a published page shows it
 * (`markSitePhotosPublished`); nothing on the public site changes when one is made ready.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { ExpressionBuilder, Kysely } from "kysely";
import { checkUploadedPhoto, ImageDecodeError } from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import {
  claimFirst,
  decodePhoto,
  encodeDecodedPhoto,
  encodePhoneCopy,
  PHOTO_CLAIM_MS,
  photoFileRows,
  processWithin,
  type EncodedPhoto,
} from "~/infra/photo-encoding.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { inTransaction } from "~/infra/transaction.server";
import type { UploadedFile } from "~/infra/uploads.server";
import "./site-photo-tables";

export interface SitePhotoUpload {
  file: UploadedFile;
  /** Chosen by the sender: a retry with the same key stores nothing new. */
  uploadKey: string;
  /** The owner who sent it (their email, as the desk records an actor). */
  uploadedBy: string;
}

export type SitePhotoIntake =
  { ok: true; photoId: string; duplicate: boolean } | { ok: false; status: 400 | 409 | 413 | 415; error: string };

/**
 * Photos waiting to be made at once, past which a new one is refused: the job makes one at a time
 * per instance (a few seconds each), so more than this is a script or a stuck job, not an owner.
 */
export const MAX_WAITING_SITE_PHOTOS = 40;

const byUploadKey = (db: Kysely<Database>, uploadKey: string) =>
  db.selectFrom("site_photos").select("id").where("upload_key", "=", uploadKey).executeTakeFirst();

/**
 * Stores one uploaded photo to be made ready. Refuses, before storing anything, a file that is not
 * a JPEG, PNG, WebP or GIF, or whose header promises more pixels than are decoded. The same upload
 * key sent again (a retry, or two copies racing) answers with the photo it stored first.
 */
export async function takeSitePhoto(
  db: Kysely<Database>,
  upload: SitePhotoUpload,
  now: Date = new Date(),
): Promise<SitePhotoIntake> {
  const checked = await checkUploadedPhoto(upload.file.path);
  if ("error" in checked) return { ok: false, ...checked };
  const earlier = await byUploadKey(db, upload.uploadKey);
  if (earlier) return { ok: true, photoId: earlier.id, duplicate: true };
  const waiting = await db
    .selectFrom("site_photos")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("state", "=", "waiting")
    .executeTakeFirstOrThrow();
  if (Number(waiting.count) >= MAX_WAITING_SITE_PHOTOS)
    return { ok: false, status: 409, error: "Many photos are still being made ready. Wait a minute, then try again." };
  const id = randomUUID();
  await db
    .insertInto("site_photos")
    .values({
      id,
      upload_key: upload.uploadKey,
      state: "waiting",
      original: await fs.readFile(upload.file.path),
      original_format: checked.format,
      width: null,
      height: null,
      hash: null,
      phone_copy: null,
      problem: null,
      uploaded_by: upload.uploadedBy,
      created_at: timestamp(now),
    })
    // Two copies of one retried upload racing: the unique key keeps one, and both name it.
    .onConflict((oc) => oc.column("upload_key").doNothing())
    .execute();
  const stored = await byUploadKey(db, upload.uploadKey);
  if (!stored) throw new Error("a site photo was neither stored nor found by its upload key");
  return { ok: true, photoId: stored.id, duplicate: stored.id !== id };
}

export type SitePhotoOutcome = { photoId: string; state: "ready" | "refused"; ms: number };

/** Claims the oldest waiting photo for this instance; undefined when none waits unclaimed. */
function claimNextSitePhoto(db: Kysely<Database>, now: Date): Promise<string | undefined> {
  const free = (eb: ExpressionBuilder<Database, "site_photos">) =>
    eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", timestamp(now))]);
  const find = async () =>
    (
      await db
        .selectFrom("site_photos")
        .select("id")
        .where("state", "=", "waiting")
        .where(free)
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst()
    )?.id;
  const take = async (id: string) =>
    Number(
      (
        await db
          .updateTable("site_photos")
          .set({ claimed_until: timestamp(new Date(now.getTime() + PHOTO_CLAIM_MS)) })
          .where("id", "=", id)
          .where("state", "=", "waiting")
          .where(free)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1;
  return claimFirst(find, take);
}

/** A photo's files and the copy a phone draws, from its bytes as sent; undefined when it cannot be read. */
async function made(original: Buffer | null, photoId: string) {
  try {
    if (!original) throw new ImageDecodeError(new Error("no original stored"));
    const decoded = await decodePhoto(Buffer.from(original));
    const encoded: EncodedPhoto = await encodeDecodedPhoto(decoded, photoId);
    return { encoded, phoneCopy: (await encodePhoneCopy(decoded)) ?? null };
  } catch (error) {
    log("info", "site photo could not be processed", { error: describeError(error) });
    return undefined;
  }
}

/**
 * Makes the oldest waiting photo's files; undefined when none waits. A photo that cannot be decoded
 * is marked refused with a reason the editor shows. The original is dropped either way.
 */
export async function processNextSitePhoto(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<SitePhotoOutcome | undefined> {
  const id = await claimNextSitePhoto(db, now);
  if (!id) return undefined;
  const next = await db.selectFrom("site_photos").select("original").where("id", "=", id).executeTakeFirst();
  if (!next) return undefined;
  const started = performance.now();
  const done = await made(next.original, id);
  // The original's bytes are no longer needed while the files are written.
  next.original = null;
  await inTransaction(db, async (trx) => {
    if (!done) {
      await trx
        .updateTable("site_photos")
        .set({ state: "refused", original: null, problem: "This photo could not be read. Choose another." })
        .where("id", "=", id)
        .where("state", "=", "waiting")
        .execute();
      return;
    }
    const { encoded, phoneCopy } = done;
    const claimed = await trx
      .updateTable("site_photos")
      .set({
        state: "ready",
        original: null,
        width: encoded.width,
        height: encoded.height,
        hash: encoded.hash,
        phone_copy: phoneCopy,
      })
      .where("id", "=", id)
      .where("state", "=", "waiting")
      .executeTakeFirst();
    // Finished meanwhile by an instance whose claim had run out.
    if (Number(claimed.numUpdatedRows) === 0) return;
    for (const row of photoFileRows(id, encoded.files))
      await trx
        .insertInto("site_photo_files")
        .values(row)
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
  });
  return { photoId: id, state: done ? "ready" : "refused", ms: Math.round(performance.now() - started) };
}

/** Processes waiting photos one after another until none waits or `budgetMs` has passed. */
export function processWaitingSitePhotos(db: Kysely<Database>, budgetMs = 50_000): Promise<SitePhotoOutcome[]> {
  return processWithin(budgetMs, () => processNextSitePhoto(db));
}

/** A photo's file by its content-hashed name, and whether a published page has shown the photo. */
export async function sitePhotoFile(
  db: Kysely<Database>,
  name: string,
): Promise<{ data: Buffer; format: "avif" | "webp"; published: boolean } | undefined> {
  const row = await db
    .selectFrom("site_photo_files")
    .innerJoin("site_photos", "site_photos.id", "site_photo_files.photo_id")
    .select(["site_photo_files.data", "site_photo_files.format", "site_photos.published"])
    .where("site_photo_files.name", "=", name)
    .executeTakeFirst();
  return row && { data: Buffer.from(row.data), format: row.format, published: row.published === 1 };
}

/** What an editor and a page need of a photo: its state, why it was refused, its size and its files' hash. */
export interface SitePhotoRow {
  id: string;
  state: "waiting" | "ready" | "refused";
  problem: string | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  /** The `data:image/avif;base64,` copy a phone draws; null until ready, or when none fitted. */
  phoneCopy: string | null;
  published: boolean;
}

const photoRows = (db: Kysely<Database>) =>
  db
    .selectFrom("site_photos")
    .select(["id", "state", "problem", "width", "height", "hash", "phone_copy", "published"])
    .orderBy("created_at")
    .orderBy("id");

function toRow(row: {
  id: string;
  state: SitePhotoRow["state"];
  problem: string | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  phone_copy: string | null;
  published: number;
}): SitePhotoRow {
  const { phone_copy: phoneCopy, published, ...rest } = row;
  return { ...rest, phoneCopy, published: published === 1 };
}

/** The photos of these ids that exist, oldest first. */
export async function sitePhotosByIds(db: Kysely<Database>, ids: readonly string[]): Promise<SitePhotoRow[]> {
  if (ids.length === 0) return [];
  return (
    await photoRows(db)
      .where("id", "in", [...ids])
      .execute()
  ).map(toRow);
}

/** Every photo a published page has shown and that is ready, oldest first: their files are public. */
export async function publishedSitePhotos(db: Kysely<Database>): Promise<SitePhotoRow[]> {
  return (await photoRows(db).where("state", "=", "ready").where("published", "=", 1).execute()).map(toRow);
}

/**
 * Marks the ready photos among `ids` as shown by a published page, in the publish's transaction:
 * from then their files are served to anyone and cached for a year. A photo not yet ready, or
 * refused, is left as it is.
 */
export async function markSitePhotosPublished(trx: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("site_photos")
    .set({ published: 1 })
    .where("id", "in", [...ids])
    .where("state", "=", "ready")
    .where("published", "=", 0)
    .execute();
}
