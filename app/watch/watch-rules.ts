/**
 * A home watch plan's rules: what the owner types (checked field by field), how often a house is
 * visited and why never monthly, the days a season's visits fall on, and the warning for a house
 * outside the towns the business watches. Pure; shared with the browser.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import { formatCents, parseCents } from "~/paperwork/money";
import { addDays, DAY_NAMES, weekdayOf, type Day } from "~/time/business-time";
import { isCalendarDay } from "~/time/typed-day";
import { AREAS, checklistLines, ITEM_MAX, ITEMS_MAX } from "./checklist";
import type { Frequency } from "./watch-tables";

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: "Every week",
  fortnightly: "Every other week",
};

export const FREQUENCY_DAYS: Record<Frequency, number> = { weekly: 7, fortnightly: 14 };

/** What the desk says beside the choice, so nobody wonders where 'monthly' went. */
export const NO_MONTHLY =
  "Monthly is not offered: a leak or a failed furnace found after four weeks has done a month of damage, and home watch firms and insurers count a house checked less often than every two weeks as unwatched.";

/** The longest season a plan covers: one off-season, with room to start early or end late. */
export const SEASON_MAX_DAYS = 366;
/** A visit's price is the price of an hour or two on the island, not of a job. */
export const PRICE_MAX_CENTS = 100_000;
export const ACCESS_MAX = 1_000;

export const PLAN_FIELDS = [
  "name",
  "email",
  "phone",
  "address",
  "town",
  "seasonStart",
  "seasonEnd",
  "frequency",
  "weekday",
  "price",
  "stormPrice",
  "access",
  "inside",
  "outside",
] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];
export type PlanValues = Record<PlanField, string>;

/** The plan as stored, read back from the form's words. */
export interface PlanTerms {
  name: string;
  email: string;
  phone: string;
  address: string;
  town: string;
  seasonStart: Day;
  seasonEnd: Day;
  frequency: Frequency;
  weekday: number;
  priceCents: number;
  stormPriceCents: number;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isFrequency = (value: string): value is Frequency => value === "weekly" || value === "fortnightly";

function textError(value: string, label: string, max: number, required = true): string | undefined {
  if (required && value.trim() === "") return `Enter the ${label.toLowerCase()}.`;
  if (value.length > max) return `${label}: at most ${max} characters.`;
  return hiddenCharacterError(value, label);
}

function priceError(value: string, label: string): string | undefined {
  const cents = parseCents(value.replace(/^\$/, "").trim());
  if (cents === undefined) return `${label}: write an amount such as 85 or 85.00.`;
  if (cents <= 0 || cents > PRICE_MAX_CENTS) return `${label}: between $0.01 and ${formatCents(PRICE_MAX_CENTS)}.`;
  return undefined;
}

/** A message per field the owner must correct; none when the plan can be saved. */
export function checkPlan(values: PlanValues): Partial<Record<PlanField | "form", string>> {
  const errors: Partial<Record<PlanField | "form", string>> = {};
  const set = (field: PlanField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set("name", textError(values.name, "Homeowner's name", 120));
  set(
    "email",
    textError(values.email, "Email", 254) ??
      (EMAIL_PATTERN.test(values.email.trim()) ? undefined : "Enter an email address such as name@example.com."),
  );
  set("phone", textError(values.phone, "Phone", 40));
  set("address", textError(values.address, "House's address", 300));
  set("town", textError(values.town, "Town", 80));
  if (!isCalendarDay(values.seasonStart)) set("seasonStart", "Choose the season's first day.");
  if (!isCalendarDay(values.seasonEnd)) set("seasonEnd", "Choose the season's last day.");
  if (isCalendarDay(values.seasonStart) && isCalendarDay(values.seasonEnd)) {
    if (values.seasonEnd < values.seasonStart) set("seasonEnd", "The last day comes after the first.");
    else if (values.seasonEnd > addDays(values.seasonStart, SEASON_MAX_DAYS - 1))
      set("seasonEnd", "A plan covers one season, at most a year: make a new plan for the next.");
  }
  if (!isFrequency(values.frequency)) set("frequency", "Choose every week or every other week.");
  if (!/^[0-6]$/.test(values.weekday)) set("weekday", "Choose the visit's day of the week.");
  set("price", priceError(values.price, "Price per visit"));
  set("stormPrice", priceError(values.stormPrice, "Price of a storm check"));
  set("access", textError(values.access, "Access notes", ACCESS_MAX, false) ?? undefined);
  const lines = AREAS.flatMap((area) => checklistLines(values[area]));
  for (const area of AREAS) {
    const long = checklistLines(values[area]).find((line) => line.length > ITEM_MAX);
    if (long) set(area, `Each item at most ${ITEM_MAX} characters: shorten "${long.slice(0, 30)}…".`);
    else set(area, hiddenCharacterError(values[area], "The checklist", true));
  }
  if (lines.length === 0) set("inside", "A visit checks at least one thing: add an item.");
  if (lines.length > ITEMS_MAX) set("outside", `At most ${ITEMS_MAX} items in all: a visit is an hour or two.`);
  return errors;
}

/** The checked values as the plan stores them; call only when `checkPlan` found nothing. */
export function termsOf(values: PlanValues): PlanTerms {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    town: values.town.trim(),
    seasonStart: values.seasonStart,
    seasonEnd: values.seasonEnd,
    frequency: isFrequency(values.frequency) ? values.frequency : "weekly",
    weekday: Number(values.weekday),
    priceCents: parseCents(values.price.replace(/^\$/, "").trim()) ?? 0,
    stormPriceCents: parseCents(values.stormPrice.replace(/^\$/, "").trim()) ?? 0,
  };
}

/** Money as the form shows it again: "85.00". */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The days a season's regular visits fall on: the plan's weekday, every week or every other week,
 * from the first such day on or after both the season's start and `from`, to the season's end.
 */
export function visitDays(
  plan: Pick<PlanTerms, "seasonStart" | "seasonEnd" | "frequency" | "weekday">,
  from: Day,
): Day[] {
  let day = plan.seasonStart > from ? plan.seasonStart : from;
  day = addDays(day, (plan.weekday - weekdayOf(day) + 7) % 7);
  const days: Day[] = [];
  for (; day <= plan.seasonEnd && days.length < 60; day = addDays(day, FREQUENCY_DAYS[plan.frequency])) days.push(day);
  return days;
}

export const weekdayName = (weekday: number) => DAY_NAMES[weekday] ?? "";

/** "Every other week, on Thursdays". */
export const frequencyText = (frequency: Frequency, weekday: number) =>
  `${FREQUENCY_LABELS[frequency]}, on ${weekdayName(weekday)}s`;

/**
 * The warning for a house in a town the business does not list among those it watches: a plan may
 * still be made (a house just over the bridge), but the owner decides it knowingly.
 */
export function townWarning(town: string, watched: readonly string[]): string | undefined {
  const name = town.trim().toLowerCase();
  if (name === "" || watched.some((w) => w.toLowerCase() === name)) return undefined;
  return `${town.trim()} is not one of the towns you watch (${watched.join(", ")}). Check the drive before you send the plan.`;
}

/** The plan's fields as a form sent them, each cut to a length no valid value reaches. */
export function valuesFromForm(get: (name: string) => string): PlanValues {
  return Object.fromEntries(PLAN_FIELDS.map((field) => [field, get(field).slice(0, 4_000)])) as PlanValues;
}

/** The island's towns in driving order, north to south: one drive down the Boulevard covers a day. */
export const DRIVING_ORDER: readonly string[] = [
  "Barnegat Light",
  "Loveladies",
  "Harvey Cedars",
  "North Beach",
  "Surf City",
  "Ship Bottom",
  "Brant Beach",
  "Beach Haven Crest",
  "Beach Haven",
  "Holgate",
];

/** A town's place in the drive; towns off the island come after, by name. */
export function drivingRank(town: string): number {
  const index = DRIVING_ORDER.findIndex((t) => t.toLowerCase() === town.trim().toLowerCase());
  return index === -1 ? DRIVING_ORDER.length : index;
}

/** Photos per item on a visit, and baselines per item: enough to show a finding from near and far. */
export const MAX_ITEM_PHOTOS = 6;
