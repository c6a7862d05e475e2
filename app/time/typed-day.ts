/**
 * A date the owner types on the desk (YYYY-MM-DD, a day of the business's calendar), read by one
 * rule for every form that takes one: a job's dates, a quote's, a change order's, a payment's, a
 * closed day's. It must be a real day, and a day within reason: from one year back to five years
 * ahead of today. A slip of the thumb (2207 for 2027, 0202 for 2026) would otherwise reach a
 * contract, an invoice's ledger and the homeowner's page, and sort every list wrong. Narrower
 * bounds (a payment between the contract's acceptance and today) are given by the form. Pure;
 * shared with the browser.
 */
import type { Day } from "./business-time";

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** How far back a typed date may go: last season's work is still entered now and then. */
export const YEARS_BACK = 1;
/** How far ahead: a contract's completion, a quote's validity, a closure planned well ahead. */
export const YEARS_AHEAD = 5;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * The year, month and day of a real calendar day written as YYYY-MM-DD (2027-02-29 is not one), or
 * undefined. `minYear` is for the forms that have always answered a year below it (0050 for 2050)
 * as no day at all, where the others take it as a day and refuse it as out of range.
 */
export function parseDay(value: string, { minYear = 0 }: { minYear?: number } = {}): CalendarDay | undefined {
  if (!DAY_PATTERN.test(value)) return undefined;
  const [year = 0, month = 1, day = 1] = value.split("-").map(Number);
  if (year < minYear) return undefined;
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? { year, month, day }
    : undefined;
}

/** A real calendar day written as YYYY-MM-DD: 2027-02-29 is not one. */
export function isCalendarDay(value: string): boolean {
  return parseDay(value) !== undefined;
}

/** `day` moved by whole years; February 29 lands on February 28 in a year without one. */
export function addYears(day: Day, years: number): Day {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const lastOfMonth = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, lastOfMonth)).padStart(2, "0")}`;
}

export interface DayBounds {
  first: Day;
  last: Day;
}

/** The days a typed date may name, seen from `today`. */
export function reasonableDays(today: Day): DayBounds {
  return { first: addYears(today, -YEARS_BACK), last: addYears(today, YEARS_AHEAD) };
}

/** The message for a field that holds no day. */
export const MALFORMED_DAY = "A date such as 2027-04-15.";

/** "December 1, 2026": how a bound is written in a refusal. */
export function boundLabel(day: Day): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

/**
 * The message for the field `label` ("The start date") when `value` is no day or falls outside
 * `bounds` (by default, within reason of `today`); undefined when it is a day the form may take.
 */
export function typedDayError(
  value: string,
  label: string,
  today: Day,
  bounds: DayBounds = reasonableDays(today),
): string | undefined {
  if (!isCalendarDay(value)) return MALFORMED_DAY;
  if (value < bounds.first || value > bounds.last)
    return bounds.first === bounds.last
      ? `${label} can only be ${boundLabel(bounds.first)}.`
      : `${label} must fall between ${boundLabel(bounds.first)} and ${boundLabel(bounds.last)}.`;
  return undefined;
}
