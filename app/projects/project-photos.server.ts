/**
 * A project's photos made into the site's pictures by the scheduler's `project-photos` job, one
 * photo at a time, as every owner's photo is made (`infra/photo-encoding.server.ts`): upright,
 * metadata (EXIF, GPS) gone, AVIF and WebP at the photos' widths, named by content hash. The
 * original, taken in by `photo-intake.server.ts`, is dropped once its files exist. Also serves the
 * files by name.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { ImageDecodeError } from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import {
  claimFirst,
  encodePhoto,
  PHOTO_CLAIM_MS,
  photoFileRows,
  processWithin,
  type EncodedPhoto,
} from "~/infra/photo-encoding.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { markLiveChange } from "~/live/version.server";
import { inTransaction } from "~/infra/transaction.server";

export type ProcessOutcome = { photoId: string; state: "ready" | "refused"; ms: number };

/**
 * Claims the oldest waiting photo for this instance: one conditional update, so of instances racing
 * for it one wins. Undefined when none waits unclaimed; finding none writes nothing.
 */
function claimNextPhoto(db: Kysely<Database>, now: Date): Promise<string | undefined> {
  const free = (eb: ExpressionBuilder<Database, "project_photos">) =>
    eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", timestamp(now))]);
  return claimFirst(
    async () =>
      (
        await db
          .selectFrom("project_photos")
          .select("id")
          .where("state", "=", "waiting")
          .where(free)
          .orderBy("created_at")
          .limit(1)
          .executeTakeFirst()
      )?.id,
    async (id) => {
      const claimed = await db
        .updateTable("project_photos")
        .set({ claimed_until: timestamp(new Date(now.getTime() + PHOTO_CLAIM_MS)) })
        .where("id", "=", id)
        .where("state", "=", "waiting")
        .where(free)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  );
}

/**
 * Makes the oldest waiting photo's files; undefined when none waits. A photo that cannot be decoded
 * is marked refused with a reason the desk shows. When the photo belongs to a published project,
 * the public pages are rendered again with it.
 */
export async function processNextPhoto(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<ProcessOutcome | undefined> {
  const id = await claimNextPhoto(db, now);
  if (!id) return undefined;
  const next = await db
    .selectFrom("project_photos")
    .select(["id", "project_id", "original"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!next) return undefined;
  const started = performance.now();
  let encoded: EncodedPhoto | undefined;
  try {
    if (!next.original) throw new ImageDecodeError(new Error("no original stored"));
    encoded = await encodePhoto(Buffer.from(next.original), next.id);
  } catch (error) {
    log("info", "project photo could not be processed", { error: describeError(error) });
  }
  // The original's bytes are no longer needed while the files are written.
  next.original = null;
  const done = encoded;
  await inTransaction(db, async (trx) => {
    if (!done) {
      await trx
        .updateTable("project_photos")
        .set({ state: "refused", original: null, problem: "This photo could not be read. Remove it and try another." })
        .where("id", "=", next.id)
        .where("state", "=", "waiting")
        .execute();
      return false;
    }
    const claimed = await trx
      .updateTable("project_photos")
      .set({ state: "ready", original: null, width: done.width, height: done.height, hash: done.hash })
      .where("id", "=", next.id)
      .where("state", "=", "waiting")
      .executeTakeFirst();
    // Removed meanwhile, or finished by an instance whose claim had run out.
    if (Number(claimed.numUpdatedRows) === 0) return false;
    for (const row of photoFileRows(next.id, done.files))
      await trx
        .insertInto("project_photo_files")
        .values(row)
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    const project = await trx
      .selectFrom("projects")
      .select("status")
      .where("id", "=", next.project_id)
      .executeTakeFirst();
    if (project?.status !== "published") return false;
    // The scheduler's job, not a desk change: nobody made it and the audit log has nothing to say,
    // yet a published project's pages must show the photo, so it moves the version itself.
    await markLiveChange(trx);
    return true;
  });
  return { photoId: next.id, state: done ? "ready" : "refused", ms: Math.round(performance.now() - started) };
}

/** Processes waiting photos one after another until none waits or `budgetMs` has passed. */
export function processWaitingPhotos(db: Kysely<Database>, budgetMs = 50_000): Promise<ProcessOutcome[]> {
  return processWithin(budgetMs, () => processNextPhoto(db));
}

/** A photo's file for the public site, by its content-hashed name. */
export async function photoFile(
  db: Kysely<Database>,
  name: string,
): Promise<{ data: Buffer; format: "avif" | "webp"; published: boolean } | undefined> {
  const row = await db
    .selectFrom("project_photo_files")
    .innerJoin("project_photos", "project_photos.id", "project_photo_files.photo_id")
    .innerJoin("projects", "projects.id", "project_photos.project_id")
    .select(["project_photo_files.data", "project_photo_files.format", "projects.status"])
    .where("project_photo_files.name", "=", name)
    .executeTakeFirst();
  return row && { data: Buffer.from(row.data), format: row.format, published: row.status === "published" };
}
