/**
 * When a lead still New earns the owners a reminder: after REMINDER_AFTER_HOURS business hours.
 * Business hours are the opening hours in `content/profile.ts` (Monday to Friday, 9:00 to 17:00,
 * New Jersey time, with its clock changes), counted exactly as the desk's waiting clock counts
 * them, so the reminder comes when the lead turns red in the list. A lead sent on Friday evening
 * is reminded of on Monday morning, not at midnight. Pure: the caller passes the clock.
 */
import { profile, type OpeningHours } from "~/content/profile";
import { businessMsBetween } from "~/owner/waiting";

const HOUR_MS = 60 * 60 * 1000;

/** True once a lead created at `createdAt` has waited `afterHours` business hours by `now`; never for 0. */
export function reminderDue(
  createdAt: Date,
  now: Date,
  afterHours: number,
  hours: readonly OpeningHours[] = profile.hours.structured,
): boolean {
  if (afterHours <= 0) return false;
  return businessMsBetween(createdAt, now, hours) >= afterHours * HOUR_MS;
}

/**
 * The earliest a lead created at `createdAt` can be due, whatever the hours: business time never
 * runs faster than the clock. The reminder job reads only leads older than this.
 */
export function oldestCreatedAtThatMayBeDue(now: Date, afterHours: number): Date {
  return new Date(now.getTime() - afterHours * HOUR_MS);
}
