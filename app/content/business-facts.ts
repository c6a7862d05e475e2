/**
 * The business facts the owner keeps true from the desk: phone, email, address, the week's hours
 * and the special hours of a season or a holiday, the home watch towns, the social links, the
 * figures and claims the copy quotes, and the registration number.
 *
 * `business-facts.json` holds the repository's first facts: a new install and the build's
 * prerendered pages start from them, and the desk's published facts take over once any are
 * published (`app/facts/`). What is fixed about the business (its name, its zone, its site's
 * address) stays in `profile.ts`. Pure, and shared with the browser: the desk's form reads the same
 * rules the server checks.
 */
import first from "./business-facts.json" with { type: "json" };

export type DayName = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

/** The week in the order pages list it. */
export const WEEK: readonly DayName[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** A calendar day, YYYY-MM-DD. */
export type FactsDay = string;

/** One day's hours: open between two times (HH:MM, 24-hour), by appointment only, or closed. */
export type DayHours = { opens: string; closes: string } | "appointment" | "closed";

export type WeekHours = Readonly<Record<DayName, DayHours>>;

/** Other hours for a named run of days: "Winter hours" from Nov 1 to Mar 31, "Christmas" closed. */
export interface SpecialHours {
  name: string;
  firstDay: FactsDay;
  lastDay: FactsDay;
  hours: WeekHours;
}

export interface BusinessFigures {
  foundingYear: number;
  yearsExperience: number;
  yearsOnIsland: number;
  satisfactionPercent: number;
  generations: number;
  replyWithinHours: number;
}

export interface BusinessFacts {
  /** E.164: +1 and ten digits. */
  phone: string;
  email: string;
  /** The state is always New Jersey: the registration the business holds is New Jersey's. */
  address: { street: string; locality: string; postalCode: string };
  hours: WeekHours;
  /** In the order of their first day; no two share a day. */
  specialHours: readonly SpecialHours[];
  homeWatchAreas: readonly string[];
  social: { facebook: string; instagram: string };
  figures: BusinessFigures;
  claims: readonly string[];
  /** New Jersey requires the Home Improvement Contractor registration number on every advertisement. */
  hicRegistration: string;
}

/** The JSON file's facts, checked by the unit tests and the build against the rules the desk applies. */
export const firstFacts: BusinessFacts = first as BusinessFacts;

/** A week with each day's hours from `hours`. */
export const weekOf = (hours: (day: DayName) => DayHours): WeekHours => ({
  Monday: hours("Monday"),
  Tuesday: hours("Tuesday"),
  Wednesday: hours("Wednesday"),
  Thursday: hours("Thursday"),
  Friday: hours("Friday"),
  Saturday: hours("Saturday"),
  Sunday: hours("Sunday"),
});

export const isOpenHours = (hours: DayHours): hours is { opens: string; closes: string } => typeof hours === "object";

/** "(609) 555-0142" from "+16095550142". */
export function displayPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : e164;
}

export const phoneHref = (facts: Pick<BusinessFacts, "phone">) => `tel:${facts.phone}`;
export const mailtoHref = (facts: Pick<BusinessFacts, "email">) => `mailto:${facts.email}`;
/** Opens a web-mail compose window addressed to the business, in a new tab. */
export const emailComposeHref = (facts: Pick<BusinessFacts, "email">) =>
  `https://mail.google.com/mail/?view=cm&fs=1&to=${encodeURIComponent(facts.email)}`;

/** The business's address on one line, as contracts and emails write it. */
export function postalAddress(facts: Pick<BusinessFacts, "address">): string {
  const a = facts.address;
  return `${a.street}, ${a.locality}, NJ ${a.postalCode}`;
}

// ---------------------------------------------------------------------------------------------
// Which hours hold on a day

/** The special range that covers a day, if any. */
export function specialOn(facts: Pick<BusinessFacts, "specialHours">, day: FactsDay): SpecialHours | undefined {
  return facts.specialHours.find((range) => range.firstDay <= day && day <= range.lastDay);
}

/** The week's hours in force on a day: a special range's, or the regular ones. */
export function weekOn(facts: Pick<BusinessFacts, "hours" | "specialHours">, day: FactsDay): WeekHours {
  return specialOn(facts, day)?.hours ?? facts.hours;
}

/** Ranges still to come or running on `day`, in order. */
export function rangesAhead(facts: Pick<BusinessFacts, "specialHours">, day: FactsDay): SpecialHours[] {
  return facts.specialHours.filter((range) => range.lastDay >= day);
}

/** True when a range keeps the business closed on every day it covers. */
export const isClosedRange = (range: SpecialHours) => WEEK.every((d) => range.hours[d] === "closed");

// ---------------------------------------------------------------------------------------------
// Writing hours

/** "9am", "9:30am", "12pm". */
export function clockWords(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour}${suffix}` : `${hour}:${String(m).padStart(2, "0")}${suffix}`;
}

export function dayHoursWords(hours: DayHours): string {
  if (hours === "appointment") return "By appointment";
  if (hours === "closed") return "Closed";
  return `${clockWords(hours.opens)} - ${clockWords(hours.closes)}`;
}

export interface HoursRow {
  label: string;
  value: string;
}

/** The week as pages list it: runs of days with the same hours on one row ("Monday - Friday"). */
export function hoursRows(week: WeekHours): HoursRow[] {
  const rows: { days: DayName[]; value: string }[] = [];
  for (const day of WEEK) {
    const value = dayHoursWords(week[day]);
    const last = rows.at(-1);
    if (last && last.value === value) last.days.push(day);
    else rows.push({ days: [day], value });
  }
  return rows.map(({ days, value }) => ({
    label: days.length === 1 ? (days[0] ?? "") : `${days[0] ?? ""} - ${days.at(-1) ?? ""}`,
    value,
  }));
}

/** "Monday - Friday: 9am - 5pm; Saturday: By appointment; Sunday: Closed". */
export function hoursLine(week: WeekHours): string {
  return hoursRows(week)
    .map((row) => `${row.label}: ${row.value}`)
    .join("; ");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Dec 24", from "2026-12-24". */
export function shortDayWords(day: FactsDay): string {
  const [, m = 1, d = 1] = day.split("-").map(Number);
  return `${MONTHS[m - 1] ?? ""} ${d}`;
}

/** "Dec 24 to Dec 26", or "Dec 25" for one day. */
export function rangeWords(range: Pick<SpecialHours, "firstDay" | "lastDay">): string {
  return range.firstDay === range.lastDay
    ? shortDayWords(range.firstDay)
    : `${shortDayWords(range.firstDay)} to ${shortDayWords(range.lastDay)}`;
}

/** Structured data's runs of days with the same opening and closing time (appointment days are not listed). */
export function openingSpans(week: WeekHours): { days: DayName[]; opens: string; closes: string }[] {
  const spans: { days: DayName[]; opens: string; closes: string }[] = [];
  for (const day of WEEK) {
    const hours = week[day];
    if (!isOpenHours(hours)) continue;
    const same = spans.find((s) => s.opens === hours.opens && s.closes === hours.closes);
    if (same) same.days.push(day);
    else spans.push({ days: [day], opens: hours.opens, closes: hours.closes });
  }
  return spans;
}
