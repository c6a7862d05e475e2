/**
 * A desk form that may carry one photo (a project's, a job's progress photo), read with the same
 * limits on every page that takes one, and its refusal in the owner's words.
 */
import type { Answered } from "~/infra/page-post.server";
import { FormParseError, parseFormRequest, type ParsedForm } from "~/infra/uploads.server";

/** One photo at a time: a phone's full-size JPEG or HEIC-converted photo is well under this. */
export const DESK_PHOTO_MAX_BYTES = 30 * 1024 * 1024;

export type DeskPhotoForm = { ok: true; form: ParsedForm } | { ok: false; status: 400 | 413 | 415; message: string };

/** The form with its photo (the field `photo`), or why it was refused; `maxFields` counts its text fields. */
export async function readDeskPhotoForm(request: Request, maxFields = 20): Promise<DeskPhotoForm> {
  try {
    const form = await parseFormRequest(request, {
      maxFiles: 1,
      maxFileBytes: DESK_PHOTO_MAX_BYTES,
      maxTotalBytes: DESK_PHOTO_MAX_BYTES + 64 * 1024,
      maxFields,
      maxFieldBytes: 8_000,
      isFileField: (name) => name === "photo",
    });
    return { ok: true, form };
  } catch (error) {
    if (!(error instanceof FormParseError)) throw error;
    return { ok: false, status: error.status, message: refusalOf(error) };
  }
}

function refusalOf(error: FormParseError): string {
  if (error.reason === "file-too-large" || error.reason === "total-too-large")
    return `That photo is larger than ${DESK_PHOTO_MAX_BYTES / (1024 * 1024)} MB. Choose a smaller one.`;
  if (error.reason === "too-many-files") return "Send one photo at a time.";
  return "The form could not be read. Try again.";
}

/** Whether the desk's script sent the form and reads the answer as JSON rather than a page. */
export const wantsJson = (request: Request) => (request.headers.get("accept") ?? "").includes("application/json");

/**
 * A photo form's answer as the desk's photo script reads it: the sentence, the field a refusal is
 * shown at (the description's, or else the photo's), and the photo the change made or named.
 */
export function photoJson(answered: Answered): Response {
  const answer = answered.data;
  const status = answered.init?.status ?? 200;
  if (answer.ok)
    return Response.json({ ok: true, message: answer.done, field: "photo", photoId: answer.made }, { status });
  const field = answer.errors.description ? "description" : "photo";
  const message = answer.errors[field] ?? answer.errors.form ?? "The photo was not changed.";
  return Response.json({ ok: false, message, error: message, field, photoId: answer.values.photoId }, { status });
}
