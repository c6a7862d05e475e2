/**
 * The desk's notice form: the text, a link picked from the site's pages (or the phone), its tone,
 * when it shows, and a preview at a phone's width that follows the typing. Without JavaScript,
 * 'Preview' asks the server for the same picture.
 */
import { useState } from "react";
import { Form } from "react-router";
import { siteUrl } from "~/settings/site";
import { DeskField, DeskInput } from "~/owner/desk-field";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { NoticeBanner } from "./notice-banner";
import type { NoticeErrors, NoticeValues } from "./notice-draft";
import { composeNotice, type NoticeLinkTargets } from "./notice-link";
import {
  checkNotice,
  isNoticeTone,
  NOTICE_MAX_LENGTH,
  NOTICE_TONES,
  phoneLinkExample,
  type NoticeTone,
} from "./notice-text";

/** The picker's title for a value, or undefined for "No link" and for a page no longer offered. */
function targetTitle(targets: NoticeLinkTargets, value: string): string | undefined {
  if (value === targets.phone.value) return targets.phone.title;
  return targets.groups.flatMap((group) => group.targets).find((target) => target.path === value)?.title;
}

export function NoticeForm({
  values,
  errors,
  busy,
  targets,
  phone,
}: {
  values: NoticeValues;
  errors: NoticeErrors;
  busy: boolean;
  targets: NoticeLinkTargets;
  /** The business's phone in force (E.164): what 'Call us' links and the examples name. */
  phone: string;
}) {
  const [body, setBody] = useState(values.body);
  // A page unpublished since the form was sent back is no longer an option; the select would show
  // 'No link' while the preview kept the link.
  const [linkTo, setLinkTo] = useState(targetTitle(targets, values.linkTo) === undefined ? "" : values.linkTo);
  const [linkWords, setLinkWords] = useState(values.linkWords);
  const [tone, setTone] = useState<NoticeTone>(isNoticeTone(values.tone) ? values.tone : "info");
  const composed = composeNotice(body, linkTo, linkWords, phone);
  const checked = checkNotice(composed.body, { siteUrl, phone });
  const shownLength = checked.ok ? checked.parts.reduce((n, part) => n + part.text.length, 0) : composed.body.length;
  const pickTarget = (next: string) => {
    // One tap is enough on a phone: the words follow the pick until the owner writes their own.
    const previous = targetTitle(targets, linkTo);
    if (next !== "" && (linkWords.trim() === "" || linkWords === previous))
      setLinkWords(targetTitle(targets, next) ?? "");
    setLinkTo(next);
  };
  return (
    <Form method="post" className="mt-3 space-y-4">
      <DeskField
        id="notice-body"
        label="Notice text"
        error={errors.body}
        hint={
          <>
            Up to {NOTICE_MAX_LENGTH} characters, a link&apos;s words included ({shownLength} now). One link at most:
            choose it under &apos;Link to&apos;, or type <code>[words to show](/estimate)</code> or{" "}
            <code>{phoneLinkExample(phone)}</code> here.
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
      <div className="grid gap-4 sm:grid-cols-2">
        <DeskField
          id="notice-link-to"
          label="Link to"
          hint="Optional. The link goes after the text."
          error={errors.linkTo}
        >
          {(control) => (
            <select
              {...control}
              name="linkTo"
              value={linkTo}
              onChange={(event) => pickTarget(event.target.value)}
              className={inputClass}
            >
              <option value="">No link</option>
              {targets.groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.targets.map((target) => (
                    <option key={target.path} value={target.path}>
                      {target.title}
                    </option>
                  ))}
                </optgroup>
              ))}
              <option value={targets.phone.value}>{targets.phone.title}</option>
            </select>
          )}
        </DeskField>
        <DeskInput
          id="notice-link-words"
          label="Link words"
          hint="What the link shows, such as 'Call us'."
          error={errors.linkWords}
          name="linkWords"
          value={linkWords}
          onChange={(event) => setLinkWords(event.target.value)}
          maxLength={NOTICE_MAX_LENGTH}
        />
      </div>
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
          {composed.body ? (
            <NoticeBanner notice={{ tone, parts: checked.ok ? checked.parts : [{ text: composed.body }] }} preview />
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
