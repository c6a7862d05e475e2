/**
 * The home watch page's short request form: who is asking, the house, and the months it stands
 * empty. It opens in the page's quote dialog in place of the estimate form.
 *
 * It goes into the estimate intake, marked by a hidden field, so it is stored, limited and mailed
 * the way an estimate request is. Without JavaScript it is a plain multipart POST to the /estimate
 * page, which answers with messages at the fields or a thank-you. With JavaScript it checks the
 * fields first, posts to /api/estimate and tries again by itself when the connection drops; one
 * idempotency key per filled-in form means retries store it once.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { NO_PUBLIC_FACTS, type PublicFacts } from "~/facts/public-facts";
import type { PublicNotice } from "~/notices/notice-text";
import { buttonClass } from "~/ui/button";
import { FieldFrame, InputField, describedBy, fieldControlClass } from "~/ui/field";
import { toast } from "~/ui/toast";
import { SOURCE_FIELD, HONEYPOT_FIELD } from "./estimate-schema";
import { HOME_WATCH_SUCCESS_TITLE, homeWatchSuccessText } from "./estimate-success";
import { sendOnce, sendWithRetries } from "./estimate-transport";
import {
  HOME_WATCH_FIELDS,
  HOME_WATCH_KIND,
  MONTHS,
  REQUEST_KIND_FIELD,
  validateHomeWatchFields,
  type HomeWatchField,
  type HomeWatchFieldErrors,
  type HomeWatchValues,
} from "./home-watch-schema";
import { HoneypotField } from "./honeypot-field";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "./idempotency-key";
import { encodeMultipart } from "./multipart-body";
import { RETRY_TEXT } from "./upload-progress";

export const HOME_WATCH_ERROR_TEXT = "Your request did not go through. Please try again or call us directly.";
const SUCCESS_TOAST_MS = 8000;

/** What the /estimate page hands back to this form when it was posted without JavaScript. */
export interface HomeWatchFormState {
  fieldErrors?: HomeWatchFieldErrors;
  values?: Partial<HomeWatchValues>;
  idempotencyKey?: string;
}

export interface HomeWatchFormProps {
  idPrefix: string;
  onSuccess?: () => void;
  initial?: HomeWatchFormState;
}

const fieldValues = (form: HTMLFormElement): HomeWatchValues => {
  const data = new FormData(form);
  return Object.fromEntries(HOME_WATCH_FIELDS.map((f) => [f, String(data.get(f) ?? "")])) as HomeWatchValues;
};

const sameValues = (a: HomeWatchValues, b: HomeWatchValues) => HOME_WATCH_FIELDS.every((f) => a[f] === b[f]);

function MonthField({
  id,
  name,
  label,
  error,
  defaultValue,
  onChange,
}: {
  id: string;
  name: HomeWatchField;
  label: string;
  error?: string;
  defaultValue?: string;
  onChange: () => void;
}) {
  return (
    <FieldFrame id={id} label={label} required error={error}>
      <select
        id={id}
        name={name}
        required
        defaultValue={defaultValue ?? ""}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={fieldControlClass}
      >
        <option value="">Choose a month</option>
        {MONTHS.map((month) => (
          <option key={month} value={month}>
            {month}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function HomeWatchForm({ idPrefix, onSuccess, initial }: HomeWatchFormProps) {
  const [errors, setErrors] = useState<HomeWatchFieldErrors>(initial?.fieldErrors ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [retrying, setRetrying] = useState(false);
  const { pathname } = useLocation();
  const facts = useRouteLoaderData<{ facts?: PublicFacts }>("root")?.facts ?? NO_PUBLIC_FACTS;
  const formRef = useRef<HTMLFormElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  // One key for the filled-in form: made at its first change, kept across retries and repeats of
  // the same text, replaced when the text sent changes.
  const key = useRef<string | undefined>(initial?.idempotencyKey);
  const lastSent = useRef<HomeWatchValues | undefined>(undefined);
  useEffect(() => {
    if (formRef.current) formRef.current.dataset.enhanced = "";
  }, []);
  const id = (name: string) => `${idPrefix}-${name}`;

  const clearError = (name: HomeWatchField) => {
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const keyFor = () => {
    key.current ??= newIdempotencyKey();
    if (keyInput.current) keyInput.current.value = key.current;
    return key.current;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = fieldValues(form);
    const fieldErrors = validateHomeWatchFields(values);
    setErrors(fieldErrors);
    const firstInvalid = HOME_WATCH_FIELDS.find((field) => fieldErrors[field]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (lastSent.current && !sameValues(lastSent.current, values)) key.current = undefined;
    const idempotencyKey = keyFor();
    lastSent.current = values;
    setSubmitting(true);
    setAnnouncement("Sending your request");
    try {
      const fields: [string, string][] = Object.entries(values);
      fields.push([REQUEST_KIND_FIELD, HOME_WATCH_KIND]);
      fields.push([HONEYPOT_FIELD, (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? ""]);
      fields.push([SOURCE_FIELD, pathname]);
      const { body, contentType } = encodeMultipart(fields, []);
      const outcome = await sendWithRetries(
        () => sendOnce({ url: "/api/estimate", body, contentType, idempotencyKey, onProgress: () => undefined }),
        {
          onRetry: () => {
            setRetrying(true);
            setAnnouncement(RETRY_TEXT);
          },
        },
      );
      if (outcome.kind === "lost") {
        toast({ title: "Error", description: HOME_WATCH_ERROR_TEXT, variant: "destructive" });
        return;
      }
      const result = (typeof outcome.body === "object" && outcome.body !== null ? outcome.body : {}) as {
        success?: boolean;
        notice?: PublicNotice;
        fieldErrors?: HomeWatchFieldErrors;
      };
      if (outcome.status !== 200 || result.success !== true) {
        if (result.fieldErrors) setErrors(result.fieldErrors);
        toast({ title: "Error", description: HOME_WATCH_ERROR_TEXT, variant: "destructive" });
        return;
      }
      form.reset();
      key.current = undefined;
      lastSent.current = undefined;
      if (keyInput.current) keyInput.current.value = "";
      const notice = result.notice ? ` Please note: ${result.notice.parts.map((part) => part.text).join("")}` : "";
      toast({
        title: HOME_WATCH_SUCCESS_TITLE,
        description: homeWatchSuccessText(facts) + notice,
        durationMs: SUCCESS_TOAST_MS,
      });
      onSuccess?.();
    } catch (error) {
      console.error("Home watch request failed:", error);
      toast({ title: "Error", description: HOME_WATCH_ERROR_TEXT, variant: "destructive" });
    } finally {
      setSubmitting(false);
      setRetrying(false);
      setAnnouncement("");
    }
  };

  const text = (name: "name" | "email" | "phone" | "address") => ({
    id: id(name),
    name,
    required: true,
    defaultValue: initial?.values?.[name],
    error: errors[name],
    onChange: () => clearError(name),
  });

  return (
    <form
      ref={formRef}
      method="post"
      action="/estimate"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onInput={() => keyFor()}
      className="space-y-4"
      aria-label="Home watch request"
    >
      <input ref={keyInput} type="hidden" name={IDEMPOTENCY_FIELD} defaultValue={initial?.idempotencyKey ?? ""} />
      <input type="hidden" name={REQUEST_KIND_FIELD} value={HOME_WATCH_KIND} />
      <InputField {...text("name")} type="text" label="Name" autoComplete="name" maxLength={100} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField {...text("email")} type="email" label="Email" autoComplete="email" maxLength={254} />
        <InputField {...text("phone")} type="tel" label="Phone" autoComplete="tel" placeholder="(609) 555-0123" />
      </div>
      <InputField
        {...text("address")}
        type="text"
        label="Address of the house"
        autoComplete="street-address"
        placeholder="12 Ocean Ave, Surf City"
        maxLength={200}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-navy-900">When does the house stand empty?</legend>
        <div className="grid grid-cols-2 gap-3">
          <MonthField
            id={id("empty_from")}
            name="empty_from"
            label="Empty from"
            error={errors.empty_from}
            defaultValue={initial?.values?.empty_from}
            onChange={() => clearError("empty_from")}
          />
          <MonthField
            id={id("empty_until")}
            name="empty_until"
            label="Until"
            error={errors.empty_until}
            defaultValue={initial?.values?.empty_until}
            onChange={() => clearError("empty_until")}
          />
        </div>
      </fieldset>
      <HoneypotField id={id(HONEYPOT_FIELD)} />
      <input type="hidden" name={SOURCE_FIELD} value={pathname} />
      <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
        {submitting ? "Sending..." : "Ask for Home Watch"}
      </button>
      {retrying ? (
        <p data-sending="retrying" className="text-sm font-medium text-navy-900">
          {RETRY_TEXT}
        </p>
      ) : null}
      {/* In the page from the start, since screen readers announce changes only to regions already there. */}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <p className="text-sm text-slate-700">
        We use your details only to arrange the home watch. See our{" "}
        <a href="/privacy" className="font-medium text-sea-600 underline">
          privacy notice
        </a>
        .
      </p>
    </form>
  );
}
