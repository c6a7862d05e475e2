/**
 * How long a New lead has waited for an answer, and when that earns the owners a reminder. Both
 * count business hours (see `time/business-time.ts`): a request sent on Friday evening has not
 * waited all weekend. One threshold, REMINDER_AFTER_HOURS, serves both, so a lead turns red on the
 * desk at the moment its reminder falls due. Pure; the caller passes the clock.
 */
import { businessMsBetween, formatDuration, type BusinessHours } from "~/time/business-time";

const HOUR_MS = 60 * 60 * 1000;

export interface WaitingClock {
  /** Business time waited, as text. */
  text: string;
  /** Waited as long as a reminder waits for: shown in red. */
  late: boolean;
}

/** True once a lead created at `createdAt` has waited `afterHours` business hours by `now`; never for 0. */
export function reminderDue(createdAt: Date, now: Date, afterHours: number, options: BusinessHours = {}): boolean {
  if (afterHours <= 0) return false;
  return businessMsBetween(createdAt, now, options) >= afterHours * HOUR_MS;
}

/** "3 h 10 min": the business time a lead has waited. */
export function waitedFor(createdAt: Date, now: Date, options: BusinessHours = {}): string {
  return formatDuration(businessMsBetween(createdAt, now, options));
}

/** The desk's clock of a New lead: business time waited, late once its reminder is due. */
export function waitingClock(
  createdAt: Date,
  now: Date,
  afterHours: number,
  options: BusinessHours = {},
): WaitingClock {
  return {
    text: waitedFor(createdAt, now, options),
    late: reminderDue(createdAt, now, afterHours, options),
  };
}

/**
 * The earliest a lead created at `createdAt` can be due, whatever the hours: business time never
 * runs faster than the clock. The reminder job reads only leads older than this.
 */
export function oldestCreatedAtThatMayBeDue(now: Date, afterHours: number): Date {
  return new Date(now.getTime() - afterHours * HOUR_MS);
}
