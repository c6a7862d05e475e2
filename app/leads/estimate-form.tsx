/**
 * The estimate request form, used on /estimate, in the home contact card and
 * in the estimate dialog.
 *
 * Without JavaScript it is a plain multipart POST to the /estimate page, which answers with errors
 * at the fields or a thank-you. With JavaScript it checks fields first, shrinks the photos, posts to
 * /api/estimate and answers with toasts, keeping the visitor's text when anything fails.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldFrame, InputField, TextAreaField, describedBy, fieldControlClass } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { profile } from "~/content/profile";
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
import { HoneypotField } from "./honeypot-field";
import { preparedName, preparePhoto } from "./photo-prep";

export const ESTIMATE_SUCCESS_TITLE = "Estimate Request Submitted Successfully!";
export const ESTIMATE_SUCCESS_TEXT = `Thank you! Our team will reply within ${profile.replyWithinHours} hours with your free estimate. Please check your email for confirmation.`;
export const ESTIMATE_ERROR_TEXT = "Failed to send message. Please try again or call us directly.";
const SUCCESS_TOAST_MS = 8000;

/** What the /estimate page's action hands back to a form posted without JavaScript. */
export interface EstimateFormState {
  success?: boolean;
  error?: string;
  fieldErrors?: Partial<Record<EstimateField, string>>;
  values?: Partial<EstimateValues>;
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

export function EstimateForm({ idPrefix, onSuccess, initial }: EstimateFormProps) {
  const [errors, setErrors] = useState<Partial<Record<EstimateField, string>>>(initial?.fieldErrors ?? {});
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // The owner's desk shows which page a request came from.
  const { pathname } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // Marks the form as scripted (checks in the browser, toasts); until then it posts as plain HTML.
  useEffect(() => {
    if (formRef.current) formRef.current.dataset.enhanced = "";
    // Photos chosen before the script arrived: replay the change event it missed, so they get
    // their type checks and thumbnails now.
    if (fileInput.current?.files?.length) fileInput.current.dispatchEvent(new Event("change", { bubbles: true }));
  }, []);
  const id = (name: string) => `${idPrefix}-${name}`;

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
    try {
      const body = new FormData();
      for (const [key, value] of Object.entries(values)) body.append(key, value);
      body.append(HONEYPOT_FIELD, (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "");
      body.append(SOURCE_FIELD, pathname);
      const files = acceptedFiles(fileInput.current?.files);
      const prepared = await Promise.all(files.map((file) => preparePhoto(file)));
      prepared.forEach((blob, i) => {
        const original = files[i];
        if (original) body.append(`photo_${i}`, blob, preparedName(original, blob));
      });
      const response = await fetch("/api/estimate", { method: "POST", body, headers: { Accept: "application/json" } });
      const result = (await response.json().catch(() => ({}))) as {
        success?: boolean;
        error?: string;
        fieldErrors?: Partial<Record<EstimateField, string>>;
      };
      if (!response.ok || result.success !== true) {
        console.error("Estimate request failed:", result.error ?? `HTTP ${response.status}`);
        if (result.fieldErrors) setErrors(result.fieldErrors);
        toast({ title: "Error", description: ESTIMATE_ERROR_TEXT, variant: "destructive" });
        return;
      }
      for (const field of ESTIMATE_FIELDS) {
        const control = form.elements.namedItem(field);
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = "";
      }
      setPhotos([]);
      if (fileInput.current) fileInput.current.value = "";
      toast({ title: ESTIMATE_SUCCESS_TITLE, description: ESTIMATE_SUCCESS_TEXT, durationMs: SUCCESS_TOAST_MS });
      onSuccess?.();
    } catch (error) {
      console.error("Estimate request failed:", error);
      toast({ title: "Error", description: ESTIMATE_ERROR_TEXT, variant: "destructive" });
    } finally {
      setSubmitting(false);
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
      className="space-y-4"
      aria-label="Estimate request"
    >
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
