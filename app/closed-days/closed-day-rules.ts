/**
 * What the owner may enter as a closed day, shared by the desk's form and the server: one New
 * Jersey calendar day or a range of them, from today on, with a short label people will read
 * ("Thanksgiving").
 */
import { hasLineBreak, hiddenCharacterError } from "~/forms/plain-text";
import { parseDay, typedDayError } from "~/time/typed-day";

export const CLOSED_LABEL_MAX_LENGTH = 60;
/** A closure longer than this is more likely a typo in the year than a holiday. */
export const CLOSED_RANGE_MAX_DAYS = 31;

export interface ClosedDayInput {
  firstDay: string;
  lastDay: string;
  label: string;
}

export type ClosedDayErrors = Partial<Record<keyof ClosedDayInput, string>>;

/** A year below 100 has always been "choose the day" here, not "that day has passed". */
const isCalendarDay = (value: string) => parseDay(value, { minYear: 100 }) !== undefined;

function daysBetween(first: string, last: string): number {
  return (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
}

/** `today` is the New Jersey day (YYYY-MM-DD) the owner enters it on. */
export function checkClosedDay(input: ClosedDayInput, today: string): ClosedDayErrors {
  const errors: ClosedDayErrors = {};
  const label = input.label.trim();
  const hidden = hiddenCharacterError(label, "The label");
  if (label === "") errors.label = "Say why you are closed, for example Thanksgiving.";
  else if (hasLineBreak(label)) errors.label = "Write the label on one line.";
  else if (hidden) errors.label = hidden;
  else if (label.length > CLOSED_LABEL_MAX_LENGTH)
    errors.label = `Shorten the label to ${CLOSED_LABEL_MAX_LENGTH} characters or fewer.`;
  if (!isCalendarDay(input.firstDay)) errors.firstDay = "Choose the day you are closed.";
  else if (input.firstDay < today) errors.firstDay = "That day has passed. Choose today or a later day.";
  else {
    const farOff = typedDayError(input.firstDay, "The first day", today);
    if (farOff) errors.firstDay = farOff;
  }
  if (input.lastDay !== "" && !isCalendarDay(input.lastDay)) errors.lastDay = "Choose the last day, or leave it empty.";
  else if (!errors.firstDay && input.lastDay !== "") {
    if (input.lastDay < input.firstDay) errors.lastDay = "The last day comes before the first.";
    else if (daysBetween(input.firstDay, input.lastDay) >= CLOSED_RANGE_MAX_DAYS)
      errors.lastDay = `A closure may last ${CLOSED_RANGE_MAX_DAYS} days at most. Check the dates.`;
  }
  return errors;
}

/** "Thursday, November 26" or "December 24 – December 26", in New Jersey's calendar. */
export function formatClosedRange(firstDay: string, lastDay: string): string {
  const format = (day: string, weekday: boolean) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      month: "long",
      day: "numeric",
      ...(weekday ? { weekday: "long" } : {}),
    }).format(new Date(`${day}T12:00:00Z`));
  return firstDay === lastDay ? format(firstDay, true) : `${format(firstDay, false)} – ${format(lastDay, false)}`;
}
