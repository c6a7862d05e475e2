/**
 * A project's photos made into the site's pictures by the scheduler's `project-photos` job, one
 * photo at a time: upright, metadata (EXIF, GPS) gone, AVIF and WebP at the photos' widths
 * (`PHOTO_WIDTHS`, which fit phones) and qualities (`infra/picture-encoding.ts`), named by content
 * hash. The original, taken in by `photo-intake.server.ts`, is dropped once its files exist. Also
 * serves the files by name.
 */
import { createHash } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import sharp from "sharp";
import { outputWidths, PHOTO_WIDTHS } from "~/ui/image-sizes";
import { ImageDecodeError, MAX_FRAME_PIXELS } from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import { AVIF_OPTIONS, WEBP_OPTIONS } from "~/infra/picture-encoding";
import { timestamp, type Database } from "~/infra/schema.server";
import { markLiveChange } from "~/live/version.server";
import { inTransaction } from "~/infra/transaction.server";

export interface EncodedFile {
  name: string;
  format: "avif" | "webp";
  width: number;
  data: Buffer;
}

export interface EncodedPhoto {
  hash: string;
  width: number;
  height: number;
  files: EncodedFile[];
}

/** The long edge photos are made at: the build's widest picture. */
const MAX_EDGE = 1920;

/**
 * The site's pictures of one photo. Decoded once (JPEG shrinks while it decodes) into pixels at
 * most MAX_EDGE wide, upright; each width and format is encoded from those pixels, so at most one
 * decoded photo and one encode are held at a time. sharp writes no metadata unless asked.
 */
export async function encodePhoto(
  original: Buffer,
  photoId: string,
  avif: { quality: number; effort: number } = AVIF_OPTIONS,
): Promise<EncodedPhoto> {
  const { data: pixels, info } = await sharp(original, { failOn: "error", limitInputPixels: MAX_FRAME_PIXELS })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The photo's id as well as its pixels: the same picture in two projects gets files of each.
  const hash = createHash("sha256").update(pixels).update(photoId).digest("hex").slice(0, 16);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const files: EncodedFile[] = [];
  for (const width of outputWidths(info.width, PHOTO_WIDTHS)) {
    for (const format of ["avif", "webp"] as const) {
      const resized = sharp(pixels, raw).resize({ width });
      const data =
        format === "avif" ? await resized.avif(avif).toBuffer() : await resized.webp(WEBP_OPTIONS).toBuffer();
      files.push({ name: `${hash}-${width}.${format}`, format, width, data });
    }
  }
  return { hash, width: info.width, height: info.height, files };
}

export type ProcessOutcome = { photoId: string; state: "ready" | "refused"; ms: number };

/** Longer than any photo takes: a claim older than this belongs to an instance that stopped. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * Claims the oldest waiting photo for this instance: one conditional update, so of instances racing
 * for it one wins. Undefined when none waits unclaimed; finding none writes nothing.
 */
async function claimNextPhoto(db: Kysely<Database>, now: Date): Promise<string | undefined> {
  const free = (eb: ExpressionBuilder<Database, "project_photos">) =>
    eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", timestamp(now))]);
  for (;;) {
    const next = await db
      .selectFrom("project_photos")
      .select("id")
      .where("state", "=", "waiting")
      .where(free)
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await db
      .updateTable("project_photos")
      .set({ claimed_until: timestamp(new Date(now.getTime() + CLAIM_MS)) })
      .where("id", "=", next.id)
      .where("state", "=", "waiting")
      .where(free)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return next.id;
  }
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
    for (const file of done.files)
      await trx
        .insertInto("project_photo_files")
        .values({
          name: file.name,
          photo_id: next.id,
          format: file.format,
          width: file.width,
          bytes: file.data.length,
          data: file.data,
        })
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
export async function processWaitingPhotos(db: Kysely<Database>, budgetMs = 50_000): Promise<ProcessOutcome[]> {
  const started = performance.now();
  const outcomes: ProcessOutcome[] = [];
  while (performance.now() - started < budgetMs) {
    const outcome = await processNextPhoto(db);
    if (!outcome) break;
    outcomes.push(outcome);
  }
  return outcomes;
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
