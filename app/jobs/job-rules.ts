/**
 * What a job is allowed to do, as pure rules shared by the desk's forms and the server: which
 * state follows which, what the dates form and the permit form must hold, and when a job is late.
 * New Jersey requires the permits a job needs to be issued before the work begins, so a job is
 * started only with a permit recorded or a reason why none is needed.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import { addDays, formatDay, startOfDay } from "~/time/business-time";
import { isCalendarDay, typedDayError } from "~/time/typed-day";
import type { JobState } from "./jobs-tables";

export const JOB_STATE_LABELS: Record<JobState, string> = {
  scheduled: "Scheduled",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The states a job is open in: one such job per lead at most. */
export const OPEN_STATES = ["scheduled", "started"] as const satisfies readonly JobState[];

export const isOpen = (state: JobState) => (OPEN_STATES as readonly JobState[]).includes(state);

export const REASON_MAX = 500;
export const PERMIT_FIELD_MAX = 80;
export const TITLE_MAX = 120;

export type FieldErrors = Record<string, string>;

/** A real calendar day written as YYYY-MM-DD. */
export const isRealDay = isCalendarDay;

/** A day (YYYY-MM-DD) as the homeowner and the desk read it: "Monday, April 5, 2027". */
export const dayLabel = (day: string) => formatDay(startOfDay(day));

/** Late: past its completion day in New Jersey and not completed (a cancelled job is never late). */
export function isLate(job: { state: JobState; completion_day: string | null }, today: string): boolean {
  return isOpen(job.state) && job.completion_day !== null && job.completion_day < today;
}

/** A line of text as typed, checked: the message for the field, or undefined when it is fine. */
function textError(value: string, label: string, max: number, required: string | undefined): string | undefined {
  if (!value) return required;
  if (value.length > max) return `At most ${max} characters.`;
  return hiddenCharacterError(value, label) ?? undefined;
}

export interface JobDates {
  startDay: string;
  completionDay: string;
  reason: string;
}

/**
 * 'Save dates': both days, within reason of `today` (a year back to five ahead), the completion not
 * before the start, and a reason for the homeowner whenever a day they were already told of moves.
 */
export function readDatesForm(
  get: (name: string) => string,
  current: { start_day: string | null; completion_day: string | null },
  today: string,
): { ok: true; dates: JobDates } | { ok: false; errors: FieldErrors } {
  const startDay = get("startDay").trim().slice(0, 10);
  const completionDay = get("completionDay").trim().slice(0, 10);
  const reason = get("reason")
    .trim()
    .slice(0, REASON_MAX + 1);
  const errors: FieldErrors = {};
  const startError = typedDayError(startDay, "The start date", today);
  const completionError = typedDayError(completionDay, "The completion date", today);
  if (startError) errors.startDay = startError;
  if (completionError) errors.completionDay = completionError;
  else if (!errors.startDay && completionDay < startDay)
    errors.completionDay = "Completion cannot come before the start.";
  const moved =
    (current.start_day !== null && current.start_day !== startDay) ||
    (current.completion_day !== null && current.completion_day !== completionDay);
  const reasonError = textError(
    reason,
    "The reason",
    REASON_MAX,
    moved ? "Say why the dates changed: the homeowner is emailed this." : undefined,
  );
  if (reasonError) errors.reason = reasonError;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, dates: { startDay, completionDay, reason } };
}

export type PermitRecord = { permitNumber: string; issuedBy: string } | { noPermitReason: string };

export const PERMIT_REQUIRED =
  "Enter the permit number and who issued it, or tick 'No permit needed for this work' and say why.";

/** 'Mark started': a permit with its issuer, or the box ticked with a reason; never neither. */
export function readPermitForm(
  get: (name: string) => string,
): { ok: true; permit: PermitRecord } | { ok: false; errors: FieldErrors } {
  const permitNumber = get("permitNumber")
    .trim()
    .slice(0, PERMIT_FIELD_MAX + 1);
  const issuedBy = get("issuedBy")
    .trim()
    .slice(0, PERMIT_FIELD_MAX + 1);
  const noPermit = get("noPermit") === "yes";
  const reason = get("noPermitReason")
    .trim()
    .slice(0, REASON_MAX + 1);
  const errors: FieldErrors = {};
  if (noPermit) {
    if (permitNumber || issuedBy) errors.noPermit = "Either record the permit or tick that none is needed, not both.";
    const reasonError = textError(reason, "The reason", REASON_MAX, "Say why this work needs no permit.");
    if (reasonError) errors.noPermitReason = reasonError;
    return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, permit: { noPermitReason: reason } };
  }
  if (!permitNumber && !issuedBy) return { ok: false, errors: { permit: PERMIT_REQUIRED } };
  const numberError = textError(permitNumber, "The permit number", PERMIT_FIELD_MAX, "Enter the permit number.");
  if (numberError) errors.permitNumber = numberError;
  const issuerError = textError(issuedBy, "Issued by", PERMIT_FIELD_MAX, "Enter who issued it, such as the township.");
  if (issuerError) errors.issuedBy = issuerError;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, permit: { permitNumber, issuedBy } };
}

/** How the permit reads in the job's history and on the homeowner's page. */
export function permitLine(permit: PermitRecord): string {
  return "noPermitReason" in permit
    ? `No permit needed: ${permit.noPermitReason}`
    : `Permit ${permit.permitNumber}, issued by ${permit.issuedBy}`;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  "twenty-four": 24,
  "thirty-six": 36,
};

/**
 * How long the written warranty runs, read from its words ("two years", "12-month", "1 year"), in
 * months. Undefined when it names no period ("lifetime", "as the maker's") or more than one ("5
 * years on materials, 1 year on workmanship"): a single last day would then overstate or contradict
 * the words, so the homeowner's page and the letter say only that it runs as written.
 */
export function warrantyMonths(warranty: string): number | undefined {
  const periods = [...warranty.matchAll(/\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)[\s-]+(year|month)s?\b/gi)]
    .map(([, amount = "", unit = ""]) => {
      const count = /^\d+$/.test(amount) ? Number(amount) : NUMBER_WORDS[amount.toLowerCase()];
      return count ? (unit.toLowerCase() === "year" ? count * 12 : count) : undefined;
    })
    .filter((months) => months !== undefined);
  return periods.length === 1 ? periods[0] : undefined;
}

/** `day` (YYYY-MM-DD) plus whole months, kept within the month it lands in (Jan 31 + 1 → Feb 28). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The last day the warranty covers, counted from the day the job was completed; undefined if unnamed. */
export function warrantyRunsTo(warranty: string, completedDay: string): string | undefined {
  const months = warrantyMonths(warranty);
  return months === undefined ? undefined : addMonths(completedDay, months);
}

/** A cancelled job's link opens its page this long after the cancellation: time to fetch its copies. */
export const CANCELLED_LINK_DAYS = 90;
/** A completed job's link opens its page at least this long, and for as long as the warranty runs. */
export const COMPLETED_LINK_MONTHS = 12;

/**
 * The last day (YYYY-MM-DD, New Jersey) a job's homeowner link opens its page, or null while the
 * job is open and it has none. A completed job's runs to the warranty's last day, a year at least
 * (also when the warranty names no period: its words are in the letter the homeowner was mailed).
 */
export function linkLastDay(job: {
  state: JobState;
  completedDay: string | null;
  cancelledDay: string | null;
  warranty: string;
}): string | null {
  if (job.state === "completed" && job.completedDay) {
    const year = addMonths(job.completedDay, COMPLETED_LINK_MONTHS);
    const covered = warrantyRunsTo(job.warranty, job.completedDay);
    return covered !== undefined && covered > year ? covered : year;
  }
  if (job.state === "cancelled" && job.cancelledDay) return addDays(job.cancelledDay, CANCELLED_LINK_DAYS);
  return null;
}

/** What the page says after the post, keyed by `?link=`. */
export const LINK_ANSWERS = {
  sent: "A new link is on its way to the homeowner; the link in every earlier email no longer opens the page.",
  closed: "This job's page has closed, so no link opens it: send the homeowner copies of its documents instead.",
} as const;

export type LinkAnswer = keyof typeof LINK_ANSWERS;

export const isLinkAnswer = (value: string | null): value is LinkAnswer =>
  value !== null && Object.hasOwn(LINK_ANSWERS, value);

/** The link as the desk's job page shows it. */
export interface DeskLinkView {
  /** "Monday, January 3, 2028", once the job is over; null while it is open. */
  lastDay: string | null;
  closed: boolean;
  /** What the last post to `/owner/jobs/:id/link` did, when the page is its answer. */
  answer: string | null;
  refused: boolean;
}

/** As long as a project photo's may be, so a project started from the job takes the words whole. */
export const PHOTO_DESCRIPTION_MAX = 200;
/** Progress photos a job keeps: a photo or two a day for a few weeks' work. */
export const MAX_JOB_PHOTOS = 40;

/** A progress photo's description: what the photo shows, read to a homeowner who cannot see it. */
export function photoDescriptionError(description: string): string | undefined {
  return textError(
    description.trim(),
    "The description",
    PHOTO_DESCRIPTION_MAX,
    "Describe the photo: what it shows is read to a homeowner who cannot see it.",
  );
}
