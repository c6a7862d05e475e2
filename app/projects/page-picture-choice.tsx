/**
 * One picture of a written page on the desk's editor: what it shows now, and a photo from the phone
 * to put in its place. The photo is sent as a project's is (shrunk in the browser, a progress bar,
 * retries under one upload key) to the site's photos, and the form then names it; the server makes
 * its files while the owner goes on writing, and the control asks every few seconds until it is
 * ready. Nothing reaches the public page until the page is published.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ownerPhotoRef } from "~/content/owner-photos";
import { UploadProgress, type SendingState } from "~/leads/upload-progress";
import { DeskField, DeskTextarea, fieldErrorClass, hintClass } from "~/owner/desk-field";
import { inputClass, labelClass, secondaryButton } from "~/owner/desk-frame";
import { isOwnerPhoto, photoStatePath, type PhotoPreview, type PictureControlProps } from "~/site-pages/page-pictures";
import { Picture } from "~/ui/picture";
import { useScripted } from "~/ui/scripted";
import { sendDeskPhoto } from "~/leads/photo-send";
import { PHOTO_TYPES } from "./project-rules";

/** How often a photo being made ready is asked after: a 12-megapixel photo takes several seconds. */
const ASK_EVERY_MS = 3_000;

const thumbClass = "h-24 w-32 shrink-0 rounded-md bg-slate-100 object-cover";

function statusOf(value: string, photo: PhotoPreview | undefined, illustrated: boolean): string {
  if (value === "") return illustrated ? "The service's illustration." : "No photo.";
  if (!isOwnerPhoto(value)) return "The picture the site was built with.";
  if (!photo || photo.state === "waiting") return "Your photo is being made ready for the site…";
  if (photo.state === "refused") return photo.problem ?? "This photo could not be used. Choose another.";
  return "Your photo, ready to publish.";
}

export function PagePictureChoice({
  field,
  value: initial,
  altValue,
  error,
  altError,
  photos,
  illustration,
}: PictureControlProps) {
  const id = useId();
  const scripted = useScripted();
  const [value, setValue] = useState(initial);
  const [known, setKnown] = useState<Record<string, PhotoPreview>>(photos);
  const [local, setLocal] = useState<string | undefined>();
  const [sending, setSending] = useState<SendingState | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const photo = known[value];

  // Until the photo the field names is ready (or refused), ask how it is coming along.
  const waiting = isOwnerPhoto(value) && (!photo || photo.state === "waiting");
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      void fetch(photoStatePath(value), { headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<PhotoPreview>) : undefined))
        .then((state) => {
          if (state && !stopped) setKnown((all) => ({ ...all, [value]: state }));
        })
        .catch(() => undefined); // one bar of signal: the next ask tries again
    }, ASK_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [waiting, value]);

  // The photo chosen on the phone is shown at once; its address is let go when another replaces it.
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);

  async function send(file: File) {
    setProblem(undefined);
    const answer = await sendDeskPhoto({
      pagePath: "/owner/site",
      file,
      fields: {},
      uploadKey: crypto.randomUUID(),
      position: { photo: 1, photos: 1 },
      onState: setSending,
    });
    setSending(undefined);
    if (!answer.ok || !answer.photoId) {
      setProblem(answer.error ?? "The photo was not stored. Try again.");
      return;
    }
    setLocal(URL.createObjectURL(file));
    setValue(ownerPhotoRef(answer.photoId));
    if (fileInput.current) fileInput.current.value = "";
  }

  const shownError = problem ?? (value === initial ? error : undefined);
  const thumbnail =
    isOwnerPhoto(value) && (local ?? photo?.thumbnail) ? (
      <img src={local ?? photo?.thumbnail} alt="" className={thumbClass} />
    ) : isOwnerPhoto(value) ? (
      <span className={thumbClass} />
    ) : value || illustration ? (
      <Picture name={value || illustration} alt="" sizes="128px" imgClassName={thumbClass} />
    ) : (
      <span className={thumbClass} />
    );

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="rounded-lg border border-slate-300 p-3">
      <p id={`${id}-label`} className={labelClass}>
        {field.label}
      </p>
      <div className="flex items-center gap-3">
        {thumbnail}
        <p aria-live="polite" className="text-sm text-slate-700">
          {statusOf(value, photo, field.optional && illustration !== "")}
        </p>
      </div>
      <input type="hidden" name={field.name} value={value} />
      {scripted ? (
        <div className="mt-3">
          <DeskField
            id={`${id}-photo`}
            label={
              value && field.optional
                ? "Use another photo"
                : value || illustration
                  ? "Replace with a photo"
                  : "Add a photo"
            }
            hint="From the camera or the library. It shows on the page once you publish."
            error={shownError}
          >
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                accept={PHOTO_TYPES}
                disabled={sending !== undefined}
                className={inputClass}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void send(file);
                }}
              />
            )}
          </DeskField>
          {sending ? <UploadProgress id={`${id}-progress`} state={sending} /> : null}
        </div>
      ) : (
        <>
          <p className={hintClass}>Replacing a picture takes a browser with JavaScript on.</p>
          {shownError ? <p className={fieldErrorClass}>{shownError}</p> : null}
        </>
      )}
      {field.optional && value ? (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setValue("")}>
          {illustration ? "Use the illustration instead" : "Remove the photo"}
        </button>
      ) : null}
      {field.alt && value ? (
        <div className="mt-3">
          <DeskTextarea
            id={`${id}-alt`}
            name={field.alt.name}
            label={field.alt.label}
            hint="One sentence, for search engines and for links shared to the page."
            defaultValue={altValue}
            error={altError}
            rows={2}
          />
        </div>
      ) : null}
    </div>
  );
}
