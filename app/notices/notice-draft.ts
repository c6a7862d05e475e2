/**
 * The notice form's fields checked together, in the browser (as the owner types) and on the server
 * (before anything is stored): the text's rules, the tone, and optional start and end times in New
 * Jersey time, the end still ahead and after the start.
 */
import { checkNotice, isNoticeTone, type NoticePart, type NoticeRules, type NoticeTone } from "./notice-text";
import { parseNjDateTime } from "./nj-datetime";

export interface NoticeValues {
  body: string;
  tone: string;
  startsAt: string;
  endsAt: string;
}

export type NoticeErrors = Partial<Record<keyof NoticeValues, string>>;

export type CheckedNotice =
  | { ok: true; body: string; parts: NoticePart[]; tone: NoticeTone; startsAt: Date | null; endsAt: Date | null }
  | { ok: false; errors: NoticeErrors };

export function checkNoticeDraft(values: NoticeValues, rules: NoticeRules, now: Date): CheckedNotice {
  const errors: NoticeErrors = {};
  const text = checkNotice(values.body, rules);
  if (!text.ok) errors.body = text.error;
  if (!isNoticeTone(values.tone)) errors.tone = "Choose Information or Urgent.";
  const startsAt = values.startsAt.trim() === "" ? null : (parseNjDateTime(values.startsAt) ?? "invalid");
  const endsAt = values.endsAt.trim() === "" ? null : (parseNjDateTime(values.endsAt) ?? "invalid");
  if (startsAt === "invalid") errors.startsAt = "Enter a date and time, or leave Starts empty to show it now.";
  if (endsAt === "invalid") errors.endsAt = "Enter a date and time, or leave Ends empty to keep it up.";
  else if (endsAt && endsAt <= now) errors.endsAt = "That time has passed. Choose a later end.";
  else if (endsAt && startsAt instanceof Date && endsAt <= startsAt)
    errors.endsAt = "The end must come after the start.";
  if (!text.ok || Object.keys(errors).length > 0 || !isNoticeTone(values.tone)) return { ok: false, errors };
  return {
    ok: true,
    body: values.body.trim(),
    parts: text.parts,
    tone: values.tone,
    startsAt: startsAt instanceof Date ? startsAt : null,
    endsAt: endsAt instanceof Date ? endsAt : null,
  };
}
