/**
 * Sends one desk photo (a project's, a job's, a home watch visit's) as the estimate form sends its
 * photos (`estimate-transport.ts`): shrunk in the browser first, then posted with a progress
 * callback and retried after a lost connection under the same upload key, so a retry stores one
 * photo. Every desk photo form sends through here, one photo per request.
 */
import { sendOnce, sendWithRetries } from "./estimate-transport";
import { preparedName, preparePhoto } from "./photo-prep";
import type { SendingState } from "./upload-progress";

/** The action's JSON answer as the page's script reads it. */
export interface PhotoAnswer {
  ok: boolean;
  message?: string;
  error?: string;
  field?: "photo" | "description";
  photoId?: string;
}

export interface PhotoToSend {
  /** The page's own address: its `/photos` twin answers in JSON. */
  pagePath: string;
  file: File;
  fields: Record<string, string>;
  uploadKey: string;
  /** Which photo of how many, for the progress text. */
  position: { photo: number; photos: number };
  onState(state: SendingState): void;
}

export async function sendDeskPhoto(photo: PhotoToSend): Promise<PhotoAnswer> {
  photo.onState({ phase: "preparing" });
  const blob = await preparePhoto(photo.file);
  const data = new FormData();
  for (const [name, value] of Object.entries(photo.fields)) data.set(name, value);
  data.set("upload_key", photo.uploadKey);
  data.set("photo", blob, preparedName(photo.file, blob));
  // A Request writes the multipart body and its boundary, which the transport sends as bytes.
  const request = new Request("/", { method: "POST", body: data });
  const contentType = request.headers.get("content-type") ?? "multipart/form-data";
  const payload = await request.blob();
  const result = await sendWithRetries(
    () =>
      sendOnce({
        url: `${photo.pagePath.replace(/\/+$/, "")}/photos`,
        body: payload,
        contentType,
        idempotencyKey: photo.uploadKey,
        onProgress: (loaded, total) =>
          photo.onState(
            loaded >= total
              ? { phase: "waiting" }
              : { phase: "uploading", percent: Math.round((loaded / total) * 100), ...photo.position },
          ),
      }),
    { onRetry: (attempt) => photo.onState({ phase: "retrying", attempt }) },
  );
  if (result.kind === "lost") return { ok: false, error: "The connection was lost. Try again when you have a signal." };
  if (result.status === 401) return { ok: false, error: "You were signed out. Sign in again, then add the photo." };
  const body = (result.body ?? {}) as Partial<PhotoAnswer>;
  // Only the action's own answer counts as stored: anything else (a page from a proxy) is not.
  const stored = result.status < 400 && body.ok === true;
  return {
    ...body,
    ok: stored,
    error: stored ? undefined : (body.error ?? "The photo was not stored. Try again."),
  };
}

/** Whether the answer means no later photo can go either (signed out, or no connection). */
export const stopsTheBatch = (answer: PhotoAnswer) =>
  !answer.ok && answer.field === undefined && answer.error !== undefined;
