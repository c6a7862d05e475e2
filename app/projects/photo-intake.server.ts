/**
 * A project photo as it arrives from the desk: its real type and header checked, the picture itself
 * not decoded, the bytes stored as sent, to be made into the site's pictures later by the
 * `project-photos` job (`project-photos.server.ts`).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import { checkUploadedPhoto } from "~/infra/images.server";
import { timestamp, type Database } from "~/infra/schema.server";
import type { UploadedFile } from "~/infra/uploads.server";
import { projectLeadPrivacy } from "./project-from-lead.server";
import { checkDescription, MAX_PHOTOS } from "./project-rules";
import { inTransaction } from "~/infra/transaction.server";

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
 * description or one naming the lead the project was made from, and a thirteenth photo.
 */
export async function takePhoto(
  db: Kysely<Database>,
  projectId: string,
  upload: PhotoUpload,
  now: Date = new Date(),
): Promise<PhotoIntake> {
  const descriptionError = checkDescription(upload.description, await projectLeadPrivacy(db, projectId));
  if (descriptionError) return { ok: false, status: 400, error: descriptionError, field: "description" };
  const checked = await checkUploadedPhoto(upload.file.path);
  if ("error" in checked) return { ok: false, ...checked, field: "photo" };
  const format = checked.format;
  const data = await fs.readFile(upload.file.path);
  return inTransaction(db, async (trx): Promise<PhotoIntake> => {
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
