/**
 * The homeowner's right to cancel runs until midnight, New Jersey time, at the end of the third
 * business day after they receive their signed copy, which is the moment they accept. Business days
 * here are Monday to Friday less the days the business entered as closed (holidays): a Saturday is
 * not counted, which only ever gives the homeowner more time, never less. The same count decides
 * when an unanswered quote earns its one reminder. Pure; shared with the browser.
 */
import { addDays, dayOf, startOfDay, weekdayOf, type ClosedDays, type Day } from "~/time/business-time";

/** Monday to Friday, unless closed. */
export function isBusinessDay(day: Day, closed: ClosedDays = new Set()): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  return typeof closed === "function" ? !closed(day) : !closed.has(day);
}

/** The `count`th business day after the day `from` falls in (that day itself not counted). */
export function nthBusinessDayAfter(from: Date, count: number, closed: ClosedDays = new Set()): Day {
  let day = dayOf(from);
  let seen = 0;
  // A closure is at most a month; two months of days cannot all be closed.
  for (let step = 0; step < 60 && seen < count; step++) {
    day = addDays(day, 1);
    if (isBusinessDay(day, closed)) seen++;
  }
  return day;
}

/** Midnight at the end of the `count`th business day after `from`: the first instant past the deadline. */
export function endOfNthBusinessDay(from: Date, count: number, closed: ClosedDays = new Set()): Date {
  return startOfDay(addDays(nthBusinessDayAfter(from, count, closed), 1));
}

/** The right to cancel a contract accepted at `acceptedAt` lasts until this instant (exclusive). */
export const CANCEL_BUSINESS_DAYS = 3;
export function cancelDeadline(acceptedAt: Date, closed: ClosedDays = new Set()): Date {
  return endOfNthBusinessDay(acceptedAt, CANCEL_BUSINESS_DAYS, closed);
}

/** A quote sent and not accepted earns its reminder once this many business days have passed. */
export const REMINDER_BUSINESS_DAYS = 3;
export function reminderDueAt(sentAt: Date, closed: ClosedDays = new Set()): Date {
  return endOfNthBusinessDay(sentAt, REMINDER_BUSINESS_DAYS, closed);
}
