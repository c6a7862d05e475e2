/**
 * A project's photos: taken in on the request (real type and header checked, the picture itself
 * not decoded, the bytes stored as sent), then made into the site's pictures by the scheduler's
 * `project-photos` job, one photo at a time: upright, metadata (EXIF, GPS) gone, AVIF and WebP at
 * the build's widths and qualities (`scripts/images/pipeline.ts`), named by content hash. The
 * original is dropped once its files exist.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { ExpressionBuilder, Kysely } from "kysely";
import sharp from "sharp";
import { outputWidths } from "~/components/ui/image-sizes";
import {
  detectImageFormat,
  ImageDecodeError,
  ImageTooLargeError,
  inspectImage,
  MAX_FRAME_PIXELS,
} from "~/infra/images.server";
import { describeError, log } from "~/infra/log.server";
import { timestamp, type Database } from "~/infra/schema.server";
import type { UploadedFile } from "~/infra/uploads.server";
import { announceLiveChange, markLiveChange } from "~/live/version.server";
import { checkDescription, MAX_PHOTOS } from "./project-rules";

export type PhotoLabel = "before" | "after" | null;

export interface PhotoUpload {
  file: UploadedFile;
  description: string;
  label: PhotoLabel;
  /** Chosen by the sender: a retry with the same key stores nothing new. */
  uploadKey: string;
}

export type PhotoIntake =
  | { ok: true; photoId: string; duplicate: boolean }
  | { ok: false; status: 400 | 404 | 409 | 413 | 415; error: string; field?: "photo" | "description" };

/** A label as posted: anything but "before" or "after" is none. */
export const photoLabel = (value: string | undefined): PhotoLabel =>
  value === "before" || value === "after" ? value : null;

/**
 * Stores one uploaded photo to be processed. Refuses, before storing anything, a file that is not a
 * JPEG, PNG, WebP or GIF, one whose header promises more pixels than are decoded, a missing
 * description, and a thirteenth photo.
 */
export async function takePhoto(
  db: Kysely<Database>,
  projectId: string,
  upload: PhotoUpload,
  now: Date = new Date(),
): Promise<PhotoIntake> {
  const descriptionError = checkDescription(upload.description);
  if (descriptionError) return { ok: false, status: 400, error: descriptionError, field: "description" };
  const format = await detectImageFormat(upload.file.path);
  if (!format)
    return {
      ok: false,
      status: 415,
      error: "That file is not a photo we can use: send a JPEG, PNG, WebP or GIF.",
      field: "photo",
    };
  try {
    await inspectImage(upload.file.path, format);
  } catch (error) {
    if (error instanceof ImageTooLargeError)
      return {
        ok: false,
        status: 413,
        error: `That photo is too large in pixels. Send one of at most ${Math.floor(MAX_FRAME_PIXELS / 1_000_000)} megapixels.`,
        field: "photo",
      };
    if (error instanceof ImageDecodeError)
      return { ok: false, status: 415, error: "That photo could not be read. Try another one.", field: "photo" };
    throw error;
  }
  const data = await fs.readFile(upload.file.path);
  return db.transaction().execute(async (trx): Promise<PhotoIntake> => {
    // Writing the project's row first takes its lock (a row lock on PostgreSQL, the write lock on
    // SQLite) until this transaction ends: uploads sent at the same instant are counted one after
    // another, so a burst cannot pass the photo limit or make two covers.
    const touched = await trx
      .updateTable("projects")
      .set({ updated_at: timestamp(now) })
      .where("id", "=", projectId)
      .executeTakeFirst();
    if (Number(touched.numUpdatedRows) === 0)
      return { ok: false, status: 404, error: "This project no longer exists." };
    const existing = await trx
      .selectFrom("project_photos")
      .select("id")
      .where("project_id", "=", projectId)
      .where("upload_key", "=", upload.uploadKey)
      .executeTakeFirst();
    if (existing) return { ok: true, photoId: existing.id, duplicate: true };
    const photos = await trx
      .selectFrom("project_photos")
      .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.max("position").as("last")])
      .where("project_id", "=", projectId)
      .executeTakeFirstOrThrow();
    if (Number(photos.count) >= MAX_PHOTOS)
      return {
        ok: false,
        status: 409,
        error: `A project has at most ${MAX_PHOTOS} photos. Remove one first.`,
        field: "photo",
      };
    const id = randomUUID();
    await trx
      .insertInto("project_photos")
      .values({
        id,
        project_id: projectId,
        upload_key: upload.uploadKey,
        position: Number(photos.last ?? -1) + 1,
        description: upload.description.trim(),
        label: upload.label,
        is_cover: Number(photos.count) === 0 ? 1 : 0,
        state: "waiting",
        original: data,
        original_format: format,
        created_at: timestamp(now),
      })
      // Two copies of one retried upload racing: the unique key keeps one.
      .onConflict((oc) => oc.columns(["project_id", "upload_key"]).doNothing())
      .execute();
    return { ok: true, photoId: id, duplicate: false };
  });
}

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

/**
 * The build's AVIF quality at a lower effort: measured here on a 12 MP photo, effort 2 took a
 * quarter of effort 4's time at 1920 px for the same bytes within 1 % (see decision 0020).
 */
const AVIF_EFFORT = 2;

/** The long edge photos are made at: the build's widest picture. */
const MAX_EDGE = 1920;

/**
 * The site's pictures of one photo. Decoded once (JPEG shrinks while it decodes) into pixels at
 * most MAX_EDGE wide, upright; each width and format is encoded from those pixels, so at most one
 * decoded photo and one encode are held at a time. sharp writes no metadata unless asked.
 */
export async function encodePhoto(original: Buffer, photoId: string): Promise<EncodedPhoto> {
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
  for (const width of outputWidths(info.width)) {
    for (const format of ["avif", "webp"] as const) {
      const resized = sharp(pixels, raw).resize({ width });
      const data =
        format === "avif"
          ? await resized.avif({ quality: 50, effort: AVIF_EFFORT }).toBuffer()
          : await resized.webp({ quality: 72, effort: 4 }).toBuffer();
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
  const published = await db.transaction().execute(async (trx) => {
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
    await markLiveChange(trx);
    return true;
  });
  if (published) await announceLiveChange();
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
