/**
 * The desk's notice form: the text, its tone, when it shows, and a preview at a phone's width that
 * follows the typing. Without JavaScript, 'Preview' asks the server for the same picture.
 */
import { useState } from "react";
import { Form } from "react-router";
import { siteUrl } from "~/config";
import { DeskField } from "~/owner/desk-field";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { NoticeBanner } from "./notice-banner";
import type { NoticeErrors, NoticeValues } from "./notice-draft";
import {
  checkNotice,
  isNoticeTone,
  NOTICE_MAX_LENGTH,
  NOTICE_TONES,
  PHONE_LINK_EXAMPLE,
  type NoticeTone,
} from "./notice-text";

export const EMPTY_NOTICE: NoticeValues = { body: "", tone: "info", startsAt: "", endsAt: "" };

export function NoticeForm({ values, errors, busy }: { values: NoticeValues; errors: NoticeErrors; busy: boolean }) {
  const [body, setBody] = useState(values.body);
  const [tone, setTone] = useState<NoticeTone>(isNoticeTone(values.tone) ? values.tone : "info");
  const checked = checkNotice(body, { siteUrl });
  const shownLength = checked.ok ? checked.parts.reduce((n, part) => n + part.text.length, 0) : body.length;
  return (
    <Form method="post" className="mt-3 space-y-4">
      <DeskField
        id="notice-body"
        label="Notice text"
        error={errors.body}
        hint={
          <>
            Up to {NOTICE_MAX_LENGTH} characters ({shownLength} now). One link at most: write{" "}
            <code>[words to show](/estimate)</code> for a page of this site, or <code>{PHONE_LINK_EXAMPLE}</code>.
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={3}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={inputClass}
          />
        )}
      </DeskField>
      <fieldset>
        <legend className={labelClass}>Tone</legend>
        <div className="flex flex-wrap gap-2">
          {Object.entries(NOTICE_TONES).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-3">
              <input
                type="radio"
                name="tone"
                value={value}
                checked={tone === value}
                onChange={() => isNoticeTone(value) && setTone(value)}
                className="size-5"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <DeskField id="notice-starts" label="Starts" hint="New Jersey time. Empty: now." error={errors.startsAt}>
          {(control) => (
            <input
              {...control}
              name="startsAt"
              type="datetime-local"
              defaultValue={values.startsAt}
              className={inputClass}
            />
          )}
        </DeskField>
        <DeskField id="notice-ends" label="Ends" hint="Empty: until you remove it." error={errors.endsAt}>
          {(control) => (
            <input
              {...control}
              name="endsAt"
              type="datetime-local"
              defaultValue={values.endsAt}
              className={inputClass}
            />
          )}
        </DeskField>
      </div>
      <section aria-labelledby="notice-preview-heading">
        <h3 id="notice-preview-heading" className={labelClass}>
          Preview at 375 px
        </h3>
        <div className="w-[375px] max-w-full overflow-hidden rounded-lg border border-slate-400 bg-white">
          {body.trim() ? (
            <NoticeBanner notice={{ tone, parts: checked.ok ? checked.parts : [{ text: body }] }} preview />
          ) : (
            <p className="p-3 text-sm text-slate-700">The notice shows here as you type.</p>
          )}
          <div aria-hidden="true" className="h-10 bg-slate-100" />
        </div>
      </section>
      <div className="flex flex-wrap gap-2">
        {/* First, so Enter in a field previews rather than publishes. */}
        <button type="submit" name="intent" value="preview-notice" disabled={busy} className={secondaryButton}>
          Preview
        </button>
        <button type="submit" name="intent" value="publish-notice" disabled={busy} className={primaryButton}>
          Publish notice
        </button>
      </div>
    </Form>
  );
}
