/**
 * The visit windows an owner proposes: one to three, each a date and a two-hour slot between 7:00
 * and 19:00 New Jersey time, none in the past. Read from the lead page's form, checked here with a
 * message for the field at fault. Pure; shared with the browser.
 */
import { instantOf } from "~/time/business-time";
import { parseDay } from "~/time/typed-day";

export const MAX_WINDOWS = 3;
export const WINDOW_MINUTES = 120;
export const EARLIEST_MINUTE = 7 * 60;
export const LATEST_MINUTE = 19 * 60;
/** Further ahead than this is more likely a typo in the year than a plan. */
export const MAX_DAYS_AHEAD = 120;

/** Rows the form reads at most: a crafted post with more than this is refused whole. */
const ROWS_READ = 10;

export interface WindowInput {
  date: string;
  start: string;
  end: string;
}

export interface ProposedWindow {
  startsAt: Date;
  endsAt: Date;
}

export type WindowField = `window-${number}-${"date" | "start" | "end"}`;

export const fieldName = (row: number, part: "date" | "start" | "end"): WindowField => `window-${row}-${part}`;

export type WindowCheck =
  | { ok: true; windows: ProposedWindow[] }
  | { ok: false; errors: Partial<Record<WindowField, string>>; formError?: string };

/** What the form proposes: the windows, or the messages and the values as typed, to show it again. */
export type WindowProposal =
  | { ok: true; windows: ProposedWindow[] }
  | { ok: false; errors: Partial<Record<WindowField, string>>; formError?: string; values: Record<string, string> };

/** Reads and checks the lead page's visit form. */
export function proposalFromForm(get: (name: string) => unknown, now: Date): WindowProposal {
  const rows = readWindowInputs(get);
  const check = validateWindows(rows, now);
  if (check.ok) return check;
  const values = Object.fromEntries(
    rows.flatMap(({ row, input }) => [
      [fieldName(row, "date"), input.date],
      [fieldName(row, "start"), input.start],
      [fieldName(row, "end"), input.end],
    ]),
  );
  return { ...check, values };
}

/** The rows of the form, 1-based; a row left entirely empty is not a window. */
export function readWindowInputs(get: (name: string) => unknown): { row: number; input: WindowInput }[] {
  const rows: { row: number; input: WindowInput }[] = [];
  for (let row = 1; row <= ROWS_READ; row++) {
    const text = (part: "date" | "start" | "end") => {
      const value = get(fieldName(row, part));
      return typeof value === "string" ? value.trim().slice(0, 20) : "";
    };
    const input = { date: text("date"), start: text("start"), end: text("end") };
    if (input.date || input.start || input.end) rows.push({ row, input });
  }
  return rows;
}

/** A year below 100 (0026 for 2026) has always been "enter a date" here, not a time in the past. */
const parseDate = (value: string) => parseDay(value, { minYear: 100 });

/** Minutes after midnight of "HH:MM" (24-hour, as a time field sends it), or undefined. */
export function parseClock(value: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}

export function validateWindows(rows: { row: number; input: WindowInput }[], now: Date): WindowCheck {
  if (rows.length === 0)
    return { ok: false, errors: { [fieldName(1, "date")]: "Give at least one date and time for the visit." } };
  if (rows.length > MAX_WINDOWS)
    return { ok: false, errors: {}, formError: `Propose at most ${MAX_WINDOWS} times; the homeowner picks one.` };

  const errors: Partial<Record<WindowField, string>> = {};
  const windows: ProposedWindow[] = [];
  const seen = new Map<number, number>();
  for (const { row, input } of rows) {
    const date = parseDate(input.date);
    const start = parseClock(input.start);
    const end = parseClock(input.end);
    if (!date) errors[fieldName(row, "date")] = "Enter a date, such as 2026-06-15.";
    if (start === undefined) errors[fieldName(row, "start")] = "Enter a start time, such as 10:00.";
    if (end === undefined) errors[fieldName(row, "end")] = "Enter an end time, such as 12:00.";
    if (!date || start === undefined || end === undefined) continue;

    if (start < EARLIEST_MINUTE || start > LATEST_MINUTE - WINDOW_MINUTES) {
      errors[fieldName(row, "start")] = "Start between 7:00 AM and 5:00 PM: visits are between 7 AM and 7 PM.";
      continue;
    }
    if (end - start !== WINDOW_MINUTES) {
      errors[fieldName(row, "end")] = "A visit window is exactly 2 hours: end 2 hours after the start.";
      continue;
    }
    const startsAt = instantOf(date.year, date.month, date.day, Math.floor(start / 60), start % 60);
    const endsAt = instantOf(date.year, date.month, date.day, Math.floor(end / 60), end % 60);
    if (startsAt.getTime() <= now.getTime()) {
      errors[fieldName(row, "date")] = "This time has already passed: choose a later one.";
      continue;
    }
    if (startsAt.getTime() - now.getTime() > MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000) {
      errors[fieldName(row, "date")] = `Choose a date within the next ${MAX_DAYS_AHEAD} days.`;
      continue;
    }
    const twin = seen.get(startsAt.getTime());
    if (twin !== undefined) {
      errors[fieldName(row, "date")] = `The same time as window ${twin}: choose another.`;
      continue;
    }
    seen.set(startsAt.getTime(), row);
    windows.push({ startsAt, endsAt });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, windows: windows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()) };
}
