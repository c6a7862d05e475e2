/**
 * Progress photos: the owner adds them on the job's desk page, the homeowner sees them on the
 * job's page, and nobody else ever does. Each is checked as a project photo is (its real type, its
 * pixels before decoding, a retry under the same upload key storing one photo, a limit held
 * against a burst) and stored at once without its metadata (a phone's EXIF holds the house's
 * position), with a small copy for the page. A project made from the job can start from them.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ID_SOURCE } from "~/forms/ids";
import { storedPhotoFiles } from "~/infra/stored-photo.server";
import { timestamp, type Database } from "~/infra/schema.server";
import type { UploadedFile } from "~/infra/uploads.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { MAX_JOB_PHOTOS, photoDescriptionError } from "./job-rules";
import { holdJob, recordJobEvent } from "./jobs.server";

type Db = Kysely<Database>;

/** Wide enough for a phone's screen at 2×, and small enough that a page of them loads quickly. */
const LARGE_EDGE = 1920;
/** The job's page shows photos at most about 320 CSS pixels wide. */
const SMALL_WIDTH = 640;

export type JobPhotoIntake =
  | { ok: true; photoId: string; duplicate: boolean }
  | { ok: false; status: 400 | 404 | 409 | 413 | 415; error: string; field: "photo" | "description" | "form" };

export interface JobPhotoUpload {
  file: UploadedFile;
  description: string;
  uploadKey: string;
}

async function existingUpload(db: Db, jobId: string, uploadKey: string) {
  return db
    .selectFrom("job_photos")
    .select("id")
    .where("job_id", "=", jobId)
    .where("upload_key", "=", uploadKey)
    .executeTakeFirst();
}

const GONE: JobPhotoIntake = { ok: false, status: 404, error: "This job no longer exists.", field: "form" };

/**
 * Why the job takes no more photos (gone, cancelled, or at MAX_JOB_PHOTOS); undefined when it takes
 * one. Asked once before decoding, and again with the job's row held, where a burst is counted.
 */
async function refusal(db: Db, jobId: string): Promise<JobPhotoIntake | undefined> {
  const job = await db
    .selectFrom("jobs")
    .select((eb) => [
      "state",
      eb
        .selectFrom("job_photos")
        .select(eb.fn.countAll<number | string>().as("n"))
        .whereRef("job_id", "=", "jobs.id")
        .as("photos"),
    ])
    .where("id", "=", jobId)
    .executeTakeFirst();
  if (!job) return GONE;
  if (job.state === "cancelled")
    return { ok: false, status: 409, error: "This job was cancelled: it takes no more photos.", field: "form" };
  if (Number(job.photos) >= MAX_JOB_PHOTOS)
    return {
      ok: false,
      status: 409,
      error: `A job keeps at most ${MAX_JOB_PHOTOS} photos. Remove one first.`,
      field: "photo",
    };
  return undefined;
}

/**
 * Checks, strips and stores one progress photo. Refuses, before anything is decoded, a missing
 * description, a file that is not a JPEG, PNG, WebP or GIF, or one that promises too many pixels;
 * then a job that is gone, cancelled, or already holds MAX_JOB_PHOTOS.
 */
export async function takeJobPhoto(
  db: Db,
  actor: Actor,
  jobId: string,
  upload: JobPhotoUpload,
  now: Date = new Date(),
): Promise<JobPhotoIntake> {
  const descriptionError = photoDescriptionError(upload.description);
  if (descriptionError) return { ok: false, status: 400, error: descriptionError, field: "description" };
  // A retry of a photo already stored, or a photo the job would refuse anyway, costs no decoding.
  const earlier = await existingUpload(db, jobId, upload.uploadKey);
  if (earlier) return { ok: true, photoId: earlier.id, duplicate: true };
  const refused = await refusal(db, jobId);
  if (refused) return refused;
  const files = await storedPhotoFiles(upload.file.path, { largeEdge: LARGE_EDGE, smallWidth: SMALL_WIDTH });
  if ("error" in files) return { ok: false, ...files, field: "photo" };
  const { large: prepared, small } = files;
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<JobPhotoIntake> => {
    // Holding the job's row counts photos sent at the same instant one after another, so a burst
    // cannot pass the limit.
    const job = await holdJob(trx, jobId);
    if (!job) return GONE;
    const again = await existingUpload(trx, jobId, upload.uploadKey);
    if (again) return { ok: true, photoId: again.id, duplicate: true };
    const refusedNow = await refusal(trx, jobId);
    if (refusedNow) return refusedNow;
    const last = await trx
      .selectFrom("job_photos")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    const description = upload.description.trim();
    await trx
      .insertInto("job_photos")
      .values({
        id,
        job_id: job.id,
        lead_id: job.lead_id,
        upload_key: upload.uploadKey,
        position: Number(last.last ?? -1) + 1,
        description,
        content_type: prepared.contentType,
        width: prepared.width,
        height: prepared.height,
        large: prepared.data,
        small,
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    await recordJobEvent(trx, job, actor.email, `Added a photo for the homeowner: ${description}`, now);
    await audit("job-photo-added", `${job.title}: ${description}`);
    return { ok: true, photoId: id, duplicate: false };
  });
}

/** Takes a progress photo off the job's pages; false when it was already gone. */
export async function removeJobPhoto(
  db: Db,
  actor: Actor,
  jobId: string,
  photoId: string,
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const job = await holdJob(trx, jobId);
    if (!job) return false;
    const photo = await trx
      .selectFrom("job_photos")
      .select("description")
      .where("id", "=", photoId)
      .where("job_id", "=", jobId)
      .executeTakeFirst();
    if (!photo) return false;
    await trx.deleteFrom("job_photos").where("id", "=", photoId).execute();
    await recordJobEvent(trx, job, actor.email, `Removed a photo: ${photo.description}`, now);
    await audit("job-photo-removed", `${job.title}: ${photo.description}`);
    return true;
  });
}

export interface JobPhotoListing {
  id: string;
  description: string;
  width: number;
  height: number;
}

/** The job's photos in the order they were added, without their bytes. */
export async function jobPhotosOf(db: Db, jobId: string): Promise<JobPhotoListing[]> {
  return db
    .selectFrom("job_photos")
    .select(["id", "description", "width", "height"])
    .where("job_id", "=", jobId)
    .orderBy("position")
    .execute();
}

export type JobPhotoSize = "small" | "large";

/** A photo's file name in the desk's and the homeowner's addresses alike. */
export const jobPhotoFileName = (photoId: string, size: JobPhotoSize) =>
  size === "small" ? `${photoId}-small.webp` : `${photoId}-large`;

const FILE_NAME = new RegExp(`^(${ID_SOURCE})-(small\\.webp|large)$`);

/** One of the job's photo files by the name the pages link to; undefined for any other name. */
export async function jobPhotoFile(
  db: Db,
  jobId: string,
  fileName: string,
): Promise<{ data: Buffer; contentType: string } | undefined> {
  const match = FILE_NAME.exec(fileName);
  if (!match?.[1]) return undefined;
  const small = match[2] === "small.webp";
  const row = await db
    .selectFrom("job_photos")
    .select([small ? "small as data" : "large as data", "content_type"])
    .where("id", "=", match[1])
    .where("job_id", "=", jobId)
    .executeTakeFirst();
  return row && { data: Buffer.from(row.data), contentType: small ? "image/webp" : row.content_type };
}

export interface SeedPhoto {
  description: string;
  data: Buffer;
  format: string;
}

/** The lead's latest job that was not cancelled: the one a project is made from. */
async function jobForProject(db: Db, leadId: string) {
  return db
    .selectFrom("jobs")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("state", "!=", "cancelled")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** How many progress photos a project made from the lead's job can start from. */
export async function progressPhotoCountOfLead(db: Db, leadId: string): Promise<number> {
  const job = await jobForProject(db, leadId);
  if (!job) return 0;
  const row = await db
    .selectFrom("job_photos")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("job_id", "=", job.id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The progress photos of the lead's job, oldest first, up to `limit`: what a project made from the
 * job starts with. Their descriptions are checked against the lead again before it is published.
 */
export async function progressPhotosOfLead(db: Db, leadId: string, limit: number): Promise<SeedPhoto[]> {
  const job = await jobForProject(db, leadId);
  if (!job) return [];
  const rows = await db
    .selectFrom("job_photos")
    .select(["description", "large", "content_type"])
    .where("job_id", "=", job.id)
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    description: row.description,
    data: Buffer.from(row.large),
    format: row.content_type.replace("image/", ""),
  }));
}
