/**
 * New Jersey wall-clock time (America/New_York) and the instants it names. Visits, the morning
 * digest and the weekly figures all count in the business's own days and hours, whatever the
 * server's time zone. Pure; shared with the browser.
 */
export const BUSINESS_ZONE = "America/New_York";

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
  hourCycle: "h23",
});

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

export function wallClock(date: Date): WallClock {
  const fields = parts.formatToParts(date);
  const get = (type: string) => fields.find((p) => p.type === type)?.value ?? "0";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    hour: Number(get("hour")),
    minute: Number(get("minute")),
    second: Number(get("second")),
    weekday: WEEKDAYS.indexOf(get("weekday")),
  };
}

/**
 * The instant a New Jersey clock shows this time. The zone's offset is read at a first guess and
 * applied; a second pass settles times near a change of offset.
 */
export function instantOf(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const target = Date.UTC(year, month - 1, day, hour, minute);
  let guess = target;
  for (let pass = 0; pass < 2; pass++) {
    const seen = wallClock(new Date(guess));
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += target - shown;
  }
  return new Date(guess);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** YYYY-MM-DD of the New Jersey day the instant falls in. */
export function njDay(date: Date): string {
  const c = wallClock(date);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The calendar day `days` after a YYYY-MM-DD day (negative for before). */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Midnight in New Jersey at the start of a YYYY-MM-DD day. */
export function startOfDay(day: string): Date {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return instantOf(y, m, d);
}

/** The Monday (YYYY-MM-DD) of the New Jersey week the instant falls in. */
export function mondayOf(date: Date): string {
  const weekday = wallClock(date).weekday;
  return addDays(njDay(date), -((weekday + 6) % 7));
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_ZONE, hour: "numeric", minute: "2-digit" });

/** "Tuesday, November 24, 2026, 10:00 AM – 12:00 PM", in New Jersey time. */
export function formatWindow(startsAt: Date, endsAt: Date): string {
  return `${dayFormat.format(startsAt)}, ${timeFormat.format(startsAt)} – ${timeFormat.format(endsAt)}`;
}

/** "Tuesday, November 24, 2026", the New Jersey day. */
export function formatDay(date: Date): string {
  return dayFormat.format(date);
}

export function formatTime(date: Date): string {
  return timeFormat.format(date);
}
