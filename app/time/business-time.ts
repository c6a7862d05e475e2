/**
 * The business's own clock: its time zone (from the profile), the wall-clock time and the instants
 * it names, its calendar days, the hours it is open, and how times and durations are written for
 * the owner and the homeowner. Visits, reminders, the morning digest, the desk's waiting clock,
 * the numbers and the commands all count and write time through this module, whatever the
 * server's own zone, so they cannot disagree about when a day starts or how long a lead waited.
 *
 * Days the business is closed although its hours say it is open (holidays) can be handed to the
 * counting functions as `closed`; by default none are. Pure; shared with the browser.
 */
import { firstFacts, isOpenHours, WEEK, type DayName, type WeekHours } from "~/content/business-facts";
import { profile } from "~/content/profile";

/** The IANA zone every business time is in. */
export const BUSINESS_ZONE: string = profile.timeZone;
/** How that zone is named to people: "(New Jersey time)". */
export const ZONE_NAME: string = profile.timeZoneName;

/** A calendar day in the business's zone, as YYYY-MM-DD. */
export type Day = string;

/** Days closed whatever the opening hours say: a set of days, or a test for one. */
export type ClosedDays = ReadonlySet<Day> | ((day: Day) => boolean);

/** Weekday names by `Date#getDay()` number: 0 is Sunday. */
export const DAY_NAMES: readonly DayName[] = [...WEEK.slice(6), ...WEEK.slice(0, 6)];

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

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "long",
  hourCycle: "h23",
});

/** What the business's clock shows at this instant. */
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
    weekday: DAY_NAMES.indexOf(get("weekday") as DayName),
  };
}

// A list of 50 leads asks for the same few opening and closing instants again and again.
const instants = new Map<string, Date>();

/**
 * The instant the business's clock shows this time. The zone's offset is read at a first guess and
 * applied; a second pass settles times near a change of offset.
 */
export function instantOf(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const key = `${year}-${month}-${day}-${hour}-${minute}`;
  const known = instants.get(key);
  if (known) return new Date(known);
  const target = Date.UTC(year, month - 1, day, hour, minute);
  let guess = target;
  for (let pass = 0; pass < 2; pass++) {
    const seen = wallClock(new Date(guess));
    guess += target - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  if (instants.size > 5_000) instants.clear();
  instants.set(key, new Date(guess));
  return new Date(guess);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function dayParts(day: Day): [number, number, number] {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return [y, m, d];
}

/** The business's calendar day the instant falls in. */
export function dayOf(date: Date): Day {
  const c = wallClock(date);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The calendar day `days` after a day (negative for before). */
export function addDays(day: Day, days: number): Day {
  const [y, m, d] = dayParts(day);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Midnight at the start of a day, on the business's clock. */
export function startOfDay(day: Day): Date {
  const [y, m, d] = dayParts(day);
  return instantOf(y, m, d);
}

/** 0 = Sunday … 6 = Saturday. A calendar day's weekday does not depend on any zone. */
export function weekdayOf(day: Day): number {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The Monday of the week the instant falls in, on the business's calendar. */
export function mondayOf(date: Date): Day {
  return addDays(dayOf(date), -((wallClock(date).weekday + 6) % 7));
}

function isClosedDay(day: Day, closed: ClosedDays | undefined): boolean {
  if (closed === undefined) return false;
  return typeof closed === "function" ? closed(day) : closed.has(day);
}

export interface BusinessHours {
  /**
   * The week's hours, or the week in force on a given day (the published facts with their special
   * ranges: `hoursOnFrom` in `facts/`); the repository's first facts by default. A day by
   * appointment only counts as closed: nobody is at the desk to answer.
   */
  hours?: WeekHours | ((day: Day) => WeekHours);
  /** Days closed whatever the hours say. */
  closed?: ClosedDays;
}

const minutesOf = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** The instants the business is open on a day: none on a closed day or a day without hours. */
export function openSpans(day: Day, options: BusinessHours = {}): { opens: Date; closes: Date }[] {
  const week = typeof options.hours === "function" ? options.hours(day) : (options.hours ?? firstFacts.hours);
  if (isClosedDay(day, options.closed)) return [];
  const name = DAY_NAMES[weekdayOf(day)];
  const hours = name === undefined ? "closed" : week[name];
  if (!isOpenHours(hours)) return [];
  const [y, m, d] = dayParts(day);
  const at = (hhmm: string) => instantOf(y, m, d, Math.floor(minutesOf(hhmm) / 60), minutesOf(hhmm) % 60);
  return [{ opens: at(hours.opens), closes: at(hours.closes) }];
}

/** True when the business opens at all on this day. */
export function isOpenDay(day: Day, options: BusinessHours = {}): boolean {
  return openSpans(day, options).length > 0;
}

/** Days looked at by `businessMsBetween`; far past any lead left waiting. */
const LONGEST_WALK_DAYS = 60;

/** Milliseconds the business was open between two instants. */
export function businessMsBetween(from: Date, to: Date, options: BusinessHours = {}): number {
  if (to <= from) return 0;
  let total = 0;
  const first = dayOf(from);
  for (let offset = 0; offset < LONGEST_WALK_DAYS; offset++) {
    const day = addDays(first, offset);
    if (startOfDay(day).getTime() >= to.getTime()) break;
    for (const span of openSpans(day, options)) {
      const start = Math.max(span.opens.getTime(), from.getTime());
      const end = Math.min(span.closes.getTime(), to.getTime());
      if (end > start) total += end - start;
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Writing times and durations

/** "25 min", "3 h 10 min", "2 d 4 h": short enough for a phone's list row, and used everywhere. */
export function formatDuration(ms: number): string {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const hours = Math.floor(totalMinutes / 60);
  if (hours < 24) return `${hours} h ${totalMinutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const format = (options: Intl.DateTimeFormatOptions, locale = "en-US") =>
  new Intl.DateTimeFormat(locale, { timeZone: BUSINESS_ZONE, ...options });

const shortDateTime = format({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const fullDateTime = format({ dateStyle: "full", timeStyle: "short" });
const compactDateTime = format(
  { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  "en-CA",
);
const longDay = format({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
const shortDay = format({ weekday: "short", month: "short", day: "numeric" });
const clockTime = format({ hour: "numeric", minute: "2-digit" });

const asDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** "Nov 24, 2026, 10:00 AM": the desk's dates. */
export function formatDateTime(value: string | Date): string {
  return shortDateTime.format(asDate(value));
}

/** "Tuesday, November 24, 2026 at 10:00 AM (New Jersey time)": a time in an email. */
export function formatDateTimeWithZone(date: Date): string {
  return `${fullDateTime.format(date)} (${ZONE_NAME})`;
}

/** "2026-11-24 10:00": a command's columns. */
export function formatCompactDateTime(date: Date): string {
  return compactDateTime.format(date).replace(",", "");
}

/** "Tuesday, November 24, 2026". */
export function formatDay(date: Date): string {
  return longDay.format(date);
}

/** "Tue, Nov 24". */
export function formatShortDay(date: Date): string {
  return shortDay.format(date);
}

/** "10:00 AM". */
export function formatTime(date: Date): string {
  return clockTime.format(date);
}

/** "Tuesday, November 24, 2026, 10:00 AM – 12:00 PM". */
export function formatWindow(startsAt: Date, endsAt: Date): string {
  return `${formatDay(startsAt)}, ${formatTime(startsAt)} – ${formatTime(endsAt)}`;
}
