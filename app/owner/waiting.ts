/**
 * How long a new lead has waited for an answer, counted in business hours (the opening hours in
 * `content/profile.ts`, New Jersey time): a request sent on Friday evening has not waited all
 * weekend. Shared with the browser; pure.
 */
import { profile, type DayName, type OpeningHours } from "~/content/profile";
import { instantOf as njInstant, wallClock } from "~/visits/nj-time";

export const LATE_AFTER_BUSINESS_MS = 2 * 60 * 60 * 1000;
const DAY_NAMES: readonly DayName[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

// A list of 50 leads asks for the same few opening and closing instants again and again.
const instants = new Map<string, Date>();

/** The instant of a New Jersey wall-clock time (DST-aware: corrected by the zone's offset then). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number): Date {
  const key = `${year}-${month}-${day}-${hour}-${minute}`;
  const known = instants.get(key);
  if (known) return known;
  if (instants.size > 5_000) instants.clear();
  const instant = njInstant(year, month, day, hour, minute);
  instants.set(key, instant);
  return instant;
}

const minutes = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** Business milliseconds between two instants. */
export function businessMsBetween(
  from: Date,
  to: Date,
  hours: readonly OpeningHours[] = profile.hours.structured,
): number {
  if (to <= from) return 0;
  let total = 0;
  const start = wallClock(from);
  // Walk day by day through New Jersey's calendar; 60 days is far past any lead left waiting.
  for (let offset = 0; offset < 60; offset++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const name = DAY_NAMES[day.getUTCDay()];
    for (const span of hours) {
      if (!name || !span.days.includes(name)) continue;
      const open = instantOf(y, m, d, Math.floor(minutes(span.opens) / 60), minutes(span.opens) % 60);
      const close = instantOf(y, m, d, Math.floor(minutes(span.closes) / 60), minutes(span.closes) % 60);
      const a = Math.max(open.getTime(), from.getTime());
      const b = Math.min(close.getTime(), to.getTime());
      if (b > a) total += b - a;
    }
    if (instantOf(y, m, d, 23, 59).getTime() >= to.getTime()) break;
  }
  return total;
}

/** "25 min", "3 h 10 min", "2 d 4 h": short enough for a phone's list row. */
export function formatWait(ms: number): string {
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const hours = Math.floor(totalMinutes / 60);
  if (hours < 24) return `${hours} h ${totalMinutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export interface WaitingClock {
  /** Business time waited, as text. */
  text: string;
  /** Past two business hours: shown in red. */
  late: boolean;
}

export function waitingClock(createdAt: Date, now: Date = new Date()): WaitingClock {
  const waited = businessMsBetween(createdAt, now);
  return { text: formatWait(waited), late: waited > LATE_AFTER_BUSINESS_MS };
}

/**
 * The town of a free-text address: "12 Ocean Ave, Surf City, NJ 08008" gives "Surf City". When
 * the address has no commas, a known island town named in it; else nothing.
 */
export function townOf(address: string): string {
  const pieces = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const isState = (p: string) => /^(nj|new jersey)\b/i.test(p) || /^\d{5}(-\d{4})?$/.test(p);
  if (pieces.length >= 2) {
    const candidate = pieces.slice(1).find((p) => !isState(p));
    if (candidate) return candidate.replace(/\s+(nj|new jersey)(\s+\d{5}(-\d{4})?)?$/i, "");
  }
  const known = [
    ...profile.homeWatchAreas,
    profile.address.locality,
    "Long Beach Township",
    "Brant Beach",
    "Loveladies",
    "Stafford",
    "Tuckerton",
  ];
  const found = known.find((town) => address.toLowerCase().includes(town.toLowerCase()));
  return found ?? "";
}
