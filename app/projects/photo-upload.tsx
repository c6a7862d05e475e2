/**
 * Adding a photo from the phone, to a project or to a job's progress photos: the camera or the
 * library, its description and, for a project, an optional Before/After label. Without JavaScript
 * it is a plain multipart form. With it, the photo is shrunk in the browser and sent as the
 * estimate form sends (`leads/estimate-transport.ts`): a progress bar, and retries after a lost
 * connection under the same upload key, so a retry stores one photo.
 */
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { sendOnce, sendWithRetries } from "~/leads/estimate-transport";
import { preparedName, preparePhoto } from "~/leads/photo-prep";
import { UploadProgress, type SendingState } from "~/leads/upload-progress";
import { DeskField } from "~/owner/desk-field";
import { inputClass, labelClass, primaryButton } from "~/owner/desk-frame";
import { MAX_DESCRIPTION } from "./project-rules";

type Answer = { ok: boolean; message?: string; error?: string; field?: "photo" | "description" };

const newKey = () => crypto.randomUUID();

export function PhotoUpload({
  uploadKey,
  errors,
  full,
  labels = true,
  descriptionHint = "What the photo shows, for visitors who cannot see it.",
  submitLabel = "Add photo",
}: {
  /** For the form sent without JavaScript; the script makes one per photo. */
  uploadKey: string;
  errors: { photo?: string; description?: string };
  /** What to say instead of the form when no more photos are taken. */
  full: string | false;
  /** Whether the Before/After choice is offered. */
  labels?: boolean;
  descriptionHint?: string;
  submitLabel?: string;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState<SendingState | undefined>();
  const [answer, setAnswer] = useState<Answer | undefined>();
  const revalidator = useRevalidator();
  const shown = answer ? { [answer.field ?? "photo"]: answer.error } : errors;

  async function send(event: React.FormEvent<HTMLFormElement>) {
    const element = event.currentTarget;
    const data = new FormData(element);
    const file = data.get("photo");
    if (!(file instanceof File) || file.size === 0) return; // the server says what is missing
    event.preventDefault();
    setAnswer(undefined);
    setSending({ phase: "preparing" });
    const blob = await preparePhoto(file);
    data.set("photo", blob, preparedName(file, blob));
    data.set("upload_key", newKey());
    const body = new Request("/", { method: "POST", body: data });
    const contentType = body.headers.get("content-type") ?? "multipart/form-data";
    const payload = await body.blob();
    const result = await sendWithRetries(
      () =>
        sendOnce({
          // The page's address answers with a page; this one answers the script in JSON.
          url: `${new URL(element.action).pathname}/photos`,
          body: payload,
          contentType,
          idempotencyKey: String(data.get("upload_key")),
          onProgress: (loaded, total) =>
            setSending(
              loaded >= total
                ? { phase: "waiting" }
                : { phase: "uploading", percent: Math.round((loaded / total) * 100), photo: 1, photos: 1 },
            ),
        }),
      { onRetry: (attempt) => setSending({ phase: "retrying", attempt }) },
    );
    setSending(undefined);
    if (result.kind === "lost") {
      setAnswer({ ok: false, error: "The connection was lost. Try again when you have a signal." });
      return;
    }
    if (result.status === 401) {
      setAnswer({ ok: false, error: "You were signed out. Sign in again, then add the photo." });
      return;
    }
    const body2 = (result.body ?? {}) as Partial<Answer>;
    // Only the action's own answer counts as stored: anything else (a page from a proxy) is not.
    const stored = result.status < 400 && body2.ok === true;
    setAnswer({
      ...body2,
      ok: stored,
      error: stored ? undefined : (body2.error ?? "The photo was not stored. Try again."),
    });
    if (stored) {
      form.current?.reset();
      void revalidator.revalidate();
    }
  }

  if (full) return <p className="mt-2">{full}</p>;
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="mt-3 max-w-xl space-y-4"
      onSubmit={(e) => void send(e)}
      noValidate
    >
      <input type="hidden" name="intent" value="add-photo" />
      <input type="hidden" name="upload_key" value={uploadKey} />
      <DeskField id={`${id}-photo`} label="Photo" error={shown.photo} hint="From the camera or the library.">
        {(control) => (
          <input
            {...control}
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp,image/gif"
            required
            className={inputClass}
          />
        )}
      </DeskField>
      <DeskField id={`${id}-description`} label="Description" error={shown.description} hint={descriptionHint}>
        {(control) => (
          <input {...control} name="description" maxLength={MAX_DESCRIPTION} required className={inputClass} />
        )}
      </DeskField>
      {labels ? (
        <fieldset>
          <legend className={labelClass}>Label</legend>
          <div className="flex flex-wrap gap-4">
            {(["", "before", "after"] as const).map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-3"
              >
                <input type="radio" name="label" value={value} defaultChecked={value === ""} className="size-5" />
                {value === "" ? "None" : value === "before" ? "Before" : "After"}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {sending ? <UploadProgress id={`${id}-progress`} state={sending} /> : null}
      {answer?.ok && answer.message ? (
        <p role="status" className="font-medium text-navy-900">
          {answer.message}
        </p>
      ) : null}
      <button type="submit" disabled={sending !== undefined} className={primaryButton}>
        {submitLabel}
      </button>
    </form>
  );
}
