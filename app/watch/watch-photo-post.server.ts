/**
 * A home watch photo as a desk page receives it: from the page's script (answered in JSON, as the
 * desk's photo script reads it) or from the form sent without JavaScript (a redirect back to the
 * page, which shows the photo, or the refusal for the page to show).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { redirect } from "react-router";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { readDeskPhotoForm, wantsJson } from "~/owner/photo-form.server";
import { takeWatchPhoto, type PhotoTarget } from "./watch-photos.server";

export interface PhotoRefused {
  status: number;
  error: string;
}

/** The field names the photo forms send, beside the photo itself. */
export const PHOTO_FIELDS = {
  item: "item",
  uploadKey: "upload_key",
  cameraTime: "camera_time",
  cameraOffset: "camera_offset",
} as const;

export async function receiveWatchPhoto(
  request: Request,
  db: Kysely<Database>,
  actor: Actor,
  target: PhotoTarget,
  pagePath: string,
): Promise<Response | PhotoRefused> {
  const json = wantsJson(request);
  const refuse = (status: number, error: string): Response | PhotoRefused =>
    json ? Response.json({ ok: false, error, message: error, field: "photo" }, { status }) : { status, error };
  const read = await readDeskPhotoForm(request, 8);
  if (!read.ok) return refuse(read.status, read.message);
  const { form } = read;
  try {
    const get = (name: string) => (form.fields.get(name) ?? "").slice(0, 80);
    const file = form.files[0];
    if (!file) return refuse(400, "Choose a photo to add.");
    const cameraTime = get(PHOTO_FIELDS.cameraTime);
    const taken = await takeWatchPhoto(db, actor, target, {
      file,
      itemId: get(PHOTO_FIELDS.item),
      uploadKey: get(PHOTO_FIELDS.uploadKey) || randomUUID(),
      cameraClock: cameraTime ? { local: cameraTime, offset: get(PHOTO_FIELDS.cameraOffset) || null } : undefined,
    });
    if (!taken.ok) return refuse(taken.status, taken.error);
    if (json) return Response.json({ ok: true, message: "Photo added.", field: "photo", photoId: taken.photoId });
    return redirect(pagePath, 303);
  } finally {
    await form.dispose();
  }
}
