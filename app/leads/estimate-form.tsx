/**
 * The estimate request form, used on /estimate, in the home contact card and
 * in the estimate dialog.
 *
 * Without JavaScript it is a plain multipart POST to the /estimate page, which answers with errors
 * at the fields or a thank-you. With JavaScript it checks fields first, shrinks the photos, posts to
 * /api/estimate with a progress bar, tries again by itself when the connection drops, and answers
 * with toasts, keeping the visitor's text when anything fails. What is typed is kept in the tab's
 * session storage until the request succeeds, so a reload does not lose it.
 *
 * Every filled-in form carries one idempotency key, made when it first changes: however many times
 * the same request is sent (retries, a reload after a lost answer), the server stores it once.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { buttonClass } from "~/ui/button";
import { FieldFrame, InputField, TextAreaField, describedBy, fieldControlClass } from "~/ui/field";
import { toast } from "~/ui/toast";
import {
  ACCEPT_ATTRIBUTE,
  ESTIMATE_FIELDS,
  HONEYPOT_FIELD,
  MAX_PHOTOS,
  SOURCE_FIELD,
  invalidFileTypeMessage,
  isAcceptedImageFile,
  validateEstimateFields,
  type EstimateField,
  type EstimateValues,
} from "./estimate-schema";
import { createAnnouncer } from "./announcer";
import { clearDraft, loadDraft, sameValues, saveDraft, sessionStore, type EstimateDraft } from "./estimate-draft";
import { ESTIMATE_SUCCESS_TITLE, estimateSuccessText, type SuccessFacts } from "./estimate-success";
import { sendOnce, sendWithRetries } from "./estimate-transport";
import { HoneypotField } from "./honeypot-field";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "./idempotency-key";
import { encodeMultipart, uploadStage, type MultipartFile } from "./multipart-body";
import { preparedName, preparePhoto } from "./photo-prep";
import { sendingText, UploadProgress, type SendingState } from "./upload-progress";
import type { PublicNotice } from "~/notices/notice-text";
import { NO_PUBLIC_FACTS, type PublicFacts } from "~/facts/public-facts";

export const ESTIMATE_ERROR_TEXT = "Failed to send message. Please try again or call us directly.";
const SUCCESS_TOAST_MS = 8000;
export const RESTORED_TITLE = "We kept what you typed";
export const RESTORED_TEXT = "Photos are not kept when the page reloads: please choose them again.";

/** What the /estimate page's action hands back to a form posted without JavaScript. */
export interface EstimateFormState {
  success?: boolean;
  error?: string;
  fieldErrors?: Partial<Record<EstimateField, string>>;
  values?: Partial<EstimateValues>;
  /** The key the form shown again sends with its next try. */
  idempotencyKey?: string;
  /** The site's notice, repeated in the success message while it lasts. */
  notice?: PublicNotice | null;
}

/** The success message, with the site's notice after it while one is up (closed for a holiday…). */
export function successText(notice: PublicNotice | null | undefined, facts: SuccessFacts): string {
  const text = estimateSuccessText(facts);
  return notice ? `${text} Please note: ${notice.parts.map((part) => part.text).join("")}` : text;
}

/**
 * The facts in force as the page's root data carries them. The form is a feature's, below the
 * layout that reads the same data for the rest of the page, so it reads the root's data itself.
 */
function usePageFacts(): PublicFacts {
  return useRouteLoaderData<{ facts?: PublicFacts }>("root")?.facts ?? NO_PUBLIC_FACTS;
}

interface ChosenPhoto {
  file: File;
  url: string;
}

export interface EstimateFormProps {
  idPrefix: string;
  onSuccess?: () => void;
  initial?: EstimateFormState;
}

// The text fields are uncontrolled: what a visitor types before the page's JavaScript arrives is
// still there after hydration, and is read from the form itself when it is sent.
const fieldValues = (form: HTMLFormElement): EstimateValues => {
  const data = new FormData(form);
  return Object.fromEntries(ESTIMATE_FIELDS.map((f) => [f, String(data.get(f) ?? "")])) as EstimateValues;
};

/** The accepted photos of the file input (chosen before or after hydration), at most MAX_PHOTOS. */
const acceptedFiles = (files: FileList | null | undefined) =>
  Array.from(files ?? [])
    .filter(isAcceptedImageFile)
    .slice(0, MAX_PHOTOS);

/** Writes text into an uncontrolled field; returns whether it changed anything. */
function fillControl(form: HTMLFormElement, field: EstimateField, value: string | undefined): boolean {
  const control = form.elements.namedItem(field);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return false;
  // What the visitor typed before the script ran, or what the server sent back, is newer.
  if (!value || control.value !== "") return false;
  control.value = value;
  return true;
}

export function EstimateForm({ idPrefix, onSuccess, initial }: EstimateFormProps) {
  const [errors, setErrors] = useState<Partial<Record<EstimateField, string>>>(initial?.fieldErrors ?? {});
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState<SendingState | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  // The owner's desk shows which page a request came from.
  const { pathname } = useLocation();
  const facts = usePageFacts();
  const formRef = useRef<HTMLFormElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const draft = useRef<EstimateDraft>({ values: {}, key: initial?.idempotencyKey });
  // Marks the form as scripted (checks in the browser, toasts); until then it posts as plain HTML.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.dataset.enhanced = "";
    // Photos chosen before the script arrived: replay the change event it missed, so they get
    // their type checks and thumbnails now.
    if (fileInput.current?.files?.length) fileInput.current.dispatchEvent(new Event("change", { bubbles: true }));
    // After hydration, never during it: the server's HTML has empty fields, and a reload's text
    // comes back into the same boxes, so nothing moves.
    const stored = loadDraft(sessionStore(), idPrefix);
    if (stored) {
      draft.current = { ...stored, key: draft.current.key ?? stored.key };
      const restored = ESTIMATE_FIELDS.map((field) => fillControl(form, field, stored.values[field])).some(Boolean);
      if (restored) toast({ title: RESTORED_TITLE, description: RESTORED_TEXT, durationMs: SUCCESS_TOAST_MS });
    }
    if (keyInput.current && draft.current.key) keyInput.current.value = draft.current.key;
    form.dataset.draftReady = "";
  }, [idPrefix]);
  const id = (name: string) => `${idPrefix}-${name}`;

  /** Keeps the text (and the form's key, made on its first change) in session storage. */
  const rememberDraft = (form: HTMLFormElement) => {
    draft.current.key ??= newIdempotencyKey();
    if (keyInput.current) keyInput.current.value = draft.current.key;
    draft.current.values = fieldValues(form);
    saveDraft(sessionStore(), idPrefix, draft.current);
  };

  // Thumbnails hold object URLs: free them when the list changes or the form goes away.
  useEffect(() => () => photos.forEach((p) => URL.revokeObjectURL(p.url)), [photos]);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as EstimateField;
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    const accepted: File[] = [];
    for (const file of chosen) {
      if (isAcceptedImageFile(file)) accepted.push(file);
      else
        toast({ title: "Invalid File Type", description: invalidFileTypeMessage(file.name), variant: "destructive" });
    }
    if (accepted.length > MAX_PHOTOS)
      toast({
        title: "Too many photos",
        description: `Please choose up to ${MAX_PHOTOS} photos. The first ${MAX_PHOTOS} were kept.`,
        variant: "destructive",
      });
    // Each new selection replaces the previous list, as a file input does.
    setPhotos(accepted.slice(0, MAX_PHOTOS).map((file) => ({ file, url: URL.createObjectURL(file) })));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = fieldValues(form);
    const fieldErrors = validateEstimateFields(values);
    setErrors(fieldErrors);
    const firstInvalid = (Object.keys(fieldErrors) as EstimateField[]).find((k) => fieldErrors[k]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setSending({ phase: "preparing" });
    const announce = createAnnouncer(() => performance.now());
    const show = (state: SendingState, topic: string) => {
      setSending(state);
      const text = announce(
        state.phase === "uploading" ? `${sendingText(state)}, ${state.percent}%` : sendingText(state),
        topic,
      );
      if (text !== undefined) setAnnouncement(text);
    };
    try {
      // Other text than the last send is another request, and gets a key of its own.
      if (draft.current.sentValues && !sameValues(draft.current.sentValues, values)) draft.current.key = undefined;
      rememberDraft(form);
      const idempotencyKey = draft.current.key ?? newIdempotencyKey();
      draft.current.sentValues = values;
      saveDraft(sessionStore(), idPrefix, draft.current);

      const fields: [string, string][] = Object.entries(values);
      fields.push([HONEYPOT_FIELD, (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? ""]);
      fields.push([SOURCE_FIELD, pathname]);
      const files = acceptedFiles(fileInput.current?.files);
      const prepared = await Promise.all(files.map((file) => preparePhoto(file)));
      const parts: MultipartFile[] = prepared.map((blob, i) => ({
        field: `photo_${i}`,
        fileName: preparedName(files[i] as File, blob),
        blob,
      }));
      const { body, contentType, fileRanges } = encodeMultipart(fields, parts);
      const outcome = await sendWithRetries(
        () =>
          sendOnce({
            url: "/api/estimate",
            body,
            contentType,
            idempotencyKey,
            onProgress: (loaded, total) => {
              const stage = uploadStage(loaded, total, fileRanges);
              if (loaded >= total) show({ phase: "waiting" }, "waiting");
              else show({ phase: "uploading", ...stage }, `photo ${stage.photo}`);
            },
          }),
        { onRetry: (attempt) => show({ phase: "retrying", attempt }, `retry ${attempt}`) },
      );
      if (outcome.kind === "lost") {
        console.error("Estimate request failed: the connection was lost on every try");
        toast({ title: "Error", description: ESTIMATE_ERROR_TEXT, variant: "destructive" });
        return;
      }
      const result = (typeof outcome.body === "object" && outcome.body !== null ? outcome.body : {}) as {
        success?: boolean;
        notice?: PublicNotice;
        error?: string;
        fieldErrors?: Partial<Record<EstimateField, string>>;
      };
      if (outcome.status !== 200 || result.success !== true) {
        console.error("Estimate request failed:", result.error ?? `HTTP ${outcome.status}`);
        if (result.fieldErrors) setErrors(result.fieldErrors);
        toast({ title: "Error", description: ESTIMATE_ERROR_TEXT, variant: "destructive" });
        return;
      }
      clearDraft(sessionStore(), idPrefix);
      draft.current = { values: {} };
      if (keyInput.current) keyInput.current.value = "";
      for (const field of ESTIMATE_FIELDS) {
        const control = form.elements.namedItem(field);
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = "";
      }
      setPhotos([]);
      if (fileInput.current) fileInput.current.value = "";
      toast({
        title: ESTIMATE_SUCCESS_TITLE,
        description: successText(result.notice, facts),
        durationMs: SUCCESS_TOAST_MS,
      });
      onSuccess?.();
    } catch (error) {
      console.error("Estimate request failed:", error);
      toast({ title: "Error", description: ESTIMATE_ERROR_TEXT, variant: "destructive" });
    } finally {
      setSubmitting(false);
      setSending(undefined);
      setAnnouncement("");
    }
  };

  const photosHint = "Accepted formats: JPEG, PNG, GIF, WebP";

  return (
    <form
      ref={formRef}
      method="post"
      action="/estimate"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onInput={(event) => rememberDraft(event.currentTarget)}
      className="space-y-4"
      aria-label="Estimate request"
    >
      {/* Before the photos, so a server reading the post in order knows the key before the files. */}
      <input ref={keyInput} type="hidden" name={IDEMPOTENCY_FIELD} defaultValue={initial?.idempotencyKey ?? ""} />
      <InputField
        id={id("name")}
        name="name"
        type="text"
        label="Name"
        required
        autoComplete="name"
        placeholder="Your full name"
        maxLength={100}
        defaultValue={initial?.values?.name}
        onChange={onChange}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={id("email")}
          name="email"
          type="email"
          label="Email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
          defaultValue={initial?.values?.email}
          onChange={onChange}
          error={errors.email}
        />
        <InputField
          id={id("phone")}
          name="phone"
          type="tel"
          label="Phone"
          required
          autoComplete="tel"
          placeholder="(609) 555-0123"
          defaultValue={initial?.values?.phone}
          onChange={onChange}
          error={errors.phone}
        />
      </div>
      <InputField
        id={id("address")}
        name="address"
        type="text"
        label="Project address"
        autoComplete="address-line1"
        placeholder="123 Main St, City, State"
        maxLength={200}
        defaultValue={initial?.values?.address}
        onChange={onChange}
        error={errors.address}
      />
      <TextAreaField
        id={id("description")}
        name="description"
        label="Project description"
        rows={4}
        maxLength={5000}
        placeholder="What would you like done? Rooms, sizes, timing, anything we should know."
        defaultValue={initial?.values?.description}
        onChange={onChange}
        error={errors.description}
      />
      <FieldFrame id={id("photos")} label="Photos (optional)" hint={photosHint}>
        <input
          ref={fileInput}
          id={id("photos")}
          name="photos"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          onChange={onPhotos}
          aria-describedby={describedBy(id("photos"), photosHint, undefined)}
          className={`${fieldControlClass} file:mr-3 file:rounded-md file:border-0 file:bg-sea-100 file:px-3 file:py-1.5 file:font-semibold file:text-navy-900`}
        />
      </FieldFrame>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Chosen photos">
          {photos.map((p) => (
            <li key={p.url}>
              <img src={p.url} alt={p.file.name} className="aspect-square w-full rounded-md object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      <HoneypotField id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name={SOURCE_FIELD} value={pathname} />
      <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
        {submitting ? "Sending..." : "Send My Estimate Request"}
      </button>
      {sending ? <UploadProgress id={id("progress")} state={sending} /> : null}
      {/* In the page from the start, since screen readers announce changes only to regions already there. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <p className="text-sm text-slate-700">
        We use your details only to prepare your estimate. See our{" "}
        <a href="/privacy" className="font-medium text-sea-600 underline">
          privacy notice
        </a>
        .
      </p>
    </form>
  );
}
