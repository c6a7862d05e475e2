/**
 * The notice form's fields checked together, in the browser (as the owner types) and on the server
 * (before anything is stored): the text with the link picked for it, the text's rules, the tone,
 * and optional start and end times in New Jersey time, the end still ahead and after the start.
 */
import { composeNotice } from "./notice-link";
import { checkNotice, isNoticeTone, type NoticePart, type NoticeRules, type NoticeTone } from "./notice-text";
import { dayOf } from "~/time/business-time";
import { boundLabel, reasonableDays } from "~/time/typed-day";
import { parseNjDateTime } from "./nj-datetime";

export interface NoticeValues {
  body: string;
  /** A page's path, "tel" for the business's phone, or "" for no picked link. */
  linkTo: string;
  linkWords: string;
  tone: string;
  startsAt: string;
  endsAt: string;
}

/** A blank form: what it shows at first and after a notice is published. */
export const EMPTY_NOTICE: NoticeValues = {
  body: "",
  linkTo: "",
  linkWords: "",
  tone: "info",
  startsAt: "",
  endsAt: "",
};

export type NoticeErrors = Partial<Record<keyof NoticeValues, string>>;

export type CheckedNotice =
  /** `body` is the text with the picked link written into it: what is stored. */
  | { ok: true; body: string; parts: NoticePart[]; tone: NoticeTone; startsAt: Date | null; endsAt: Date | null }
  | { ok: false; errors: NoticeErrors };

export function checkNoticeDraft(values: NoticeValues, rules: NoticeRules, now: Date): CheckedNotice {
  const errors: NoticeErrors = {};
  const composed = composeNotice(values.body, values.linkTo, values.linkWords, rules.phone);
  if (!composed.ok) Object.assign(errors, composed.errors);
  // The picked address goes through the rule a typed one does, alone, so a page that is gone is
  // reported at the picker and the text is still checked without it.
  const linkRefused = composed.ok && composed.link !== null && !checkNotice(composed.link, rules).ok;
  if (linkRefused) errors.linkTo = "That page is not on the site any more. Choose another, or 'No link'.";
  const text = checkNotice(linkRefused ? values.body : composed.body, rules);
  if (!text.ok) errors.body ??= text.error;
  if (!isNoticeTone(values.tone)) errors.tone = "Choose Information or Urgent.";
  const startsAt = values.startsAt.trim() === "" ? null : (parseNjDateTime(values.startsAt) ?? "invalid");
  const endsAt = values.endsAt.trim() === "" ? null : (parseNjDateTime(values.endsAt) ?? "invalid");
  // A notice is for now or soon: a year typed as 2207 would keep it waiting, unseen, for years.
  const latest = reasonableDays(dayOf(now)).last;
  const farOff = (at: Date | "invalid" | null, label: string) =>
    at instanceof Date && dayOf(at) > latest ? `${label} must be on or before ${boundLabel(latest)}.` : undefined;
  if (startsAt === "invalid") errors.startsAt = "Enter a date and time, or leave Starts empty to show it now.";
  else if (farOff(startsAt, "Starts")) errors.startsAt = farOff(startsAt, "Starts");
  if (endsAt === "invalid") errors.endsAt = "Enter a date and time, or leave Ends empty to keep it up.";
  else if (farOff(endsAt, "Ends")) errors.endsAt = farOff(endsAt, "Ends");
  else if (endsAt && endsAt <= now) errors.endsAt = "That time has passed. Choose a later end.";
  else if (endsAt && startsAt instanceof Date && endsAt <= startsAt)
    errors.endsAt = "The end must come after the start.";
  if (!text.ok || Object.keys(errors).length > 0 || !isNoticeTone(values.tone)) return { ok: false, errors };
  return {
    ok: true,
    body: composed.body,
    parts: text.parts,
    tone: values.tone,
    startsAt: startsAt instanceof Date ? startsAt : null,
    endsAt: endsAt instanceof Date ? endsAt : null,
  };
}
