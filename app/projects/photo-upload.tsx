/**
 * Adding photos from the phone, to a project or to a job's progress photos: the camera or the
 * library, a description and, for a project, an optional Before/After label. Without JavaScript it
 * is a plain multipart form for one photo. With it, each photo is shrunk in the browser and sent
 * with a progress bar and retries (`photo-send.ts`); where `multiple` is set, one pick may hold
 * several photos, each described in its own row (`photo-batch.tsx`).
 */
import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useScripted } from "~/ui/scripted";
import { UploadProgress, type SendingState } from "~/leads/upload-progress";
import { DeskField } from "~/owner/desk-field";
import { inputClass, labelClass, primaryButton } from "~/owner/desk-frame";
import { PhotoBatch, type PhotoStates } from "./photo-batch";
import { sendDeskPhoto, type PhotoAnswer } from "~/leads/photo-send";
import { LABEL_CHOICES, MAX_DESCRIPTION, PHOTO_TYPES } from "./project-rules";

const newKey = () => crypto.randomUUID();

export function PhotoUpload({
  uploadKey,
  errors,
  full,
  labels = true,
  descriptionHint = "What the photo shows, for visitors who cannot see it.",
  submitLabel = "Add photo",
  multiple = false,
  photoStates = {},
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
  /** Several photos per pick, once the script runs; the form without it still takes one. */
  multiple?: boolean;
  /** The processing state of photos already stored, so a batch's rows can say when theirs are ready. */
  photoStates?: PhotoStates;
}) {
  const scripted = useScripted();
  if (full) return <p className="mt-2">{full}</p>;
  if (multiple && scripted) return <PhotoBatch labels={labels} photoStates={photoStates} />;
  return (
    <SinglePhotoForm
      uploadKey={uploadKey}
      errors={errors}
      labels={labels}
      descriptionHint={descriptionHint}
      submitLabel={submitLabel}
    />
  );
}

function SinglePhotoForm({
  uploadKey,
  errors,
  labels,
  descriptionHint,
  submitLabel,
}: {
  uploadKey: string;
  errors: { photo?: string; description?: string };
  labels: boolean;
  descriptionHint: string;
  submitLabel: string;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState<SendingState | undefined>();
  const [answer, setAnswer] = useState<PhotoAnswer | undefined>();
  const revalidator = useRevalidator();
  const shown = answer ? { [answer.field ?? "photo"]: answer.error } : errors;

  async function send(event: React.FormEvent<HTMLFormElement>) {
    const element = event.currentTarget;
    const data = new FormData(element);
    const file = data.get("photo");
    if (!(file instanceof File) || file.size === 0) return; // the server says what is missing
    event.preventDefault();
    setAnswer(undefined);
    const result = await sendDeskPhoto({
      pagePath: new URL(element.action).pathname,
      file,
      fields: {
        intent: "add-photo",
        description: String(data.get("description") ?? ""),
        label: String(data.get("label") ?? ""),
      },
      uploadKey: newKey(),
      position: { photo: 1, photos: 1 },
      onState: setSending,
    });
    setSending(undefined);
    setAnswer(result);
    if (result.ok) {
      form.current?.reset();
      void revalidator.revalidate();
    }
  }

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
          <input {...control} type="file" name="photo" accept={PHOTO_TYPES} required className={inputClass} />
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
            {LABEL_CHOICES.map(({ value, text }) => (
              <label
                key={value}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-3"
              >
                <input type="radio" name="label" value={value} defaultChecked={value === ""} className="size-5" />
                {text}
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
