/**
 * The desk's business facts form as flat fields, and back: what the form shows for a set of facts,
 * and the facts (with each problem at its field) from what was posted. A form without JavaScript
 * posts the same fields, so the server reads exactly what the page drew. Pure, shared with the
 * browser.
 *
 * Special ranges are numbered slots (`special.0.name`…), one more than there are ranges so a new
 * one can be typed in; a slot left empty is no range, and one ticked 'Remove' is dropped. Ranges
 * are kept in order of their first day, whatever order they were typed in.
 */
import {
  WEEK,
  firstFacts,
  isOpenHours,
  type BusinessFacts,
  type BusinessFigures,
  type DayHours,
  type DayName,
  type SpecialHours,
  type WeekHours,
  weekOf,
} from "~/content/business-facts";
import { FACT_LIMITS, factProblems, normalizePhone, type FactProblems } from "./facts-rules";

export type FormValues = Record<string, string>;

export const FIGURE_FIELDS: readonly { key: keyof BusinessFigures; label: string; token: string }[] = [
  { key: "foundingYear", label: "Founding year", token: "{foundingYear}" },
  { key: "yearsExperience", label: "Years of experience", token: "{yearsExperience}" },
  { key: "yearsOnIsland", label: "Years on the island", token: "{yearsOnIsland}" },
  { key: "generations", label: "Generations", token: "{generations}" },
  { key: "satisfactionPercent", label: "Satisfaction, %", token: "" },
  { key: "replyWithinHours", label: "We reply within, hours", token: "{replyWithinHours}" },
];

export type HoursKind = "open" | "appointment" | "closed";

const kindOf = (hours: DayHours): HoursKind => (isOpenHours(hours) ? "open" : hours);

function weekValues(prefix: string, week: WeekHours, values: FormValues): void {
  for (const day of WEEK) {
    const hours = week[day];
    values[`${prefix}${day}.kind`] = kindOf(hours);
    values[`${prefix}${day}.opens`] = isOpenHours(hours) ? hours.opens : "09:00";
    values[`${prefix}${day}.closes`] = isOpenHours(hours) ? hours.closes : "17:00";
  }
}

/** A blank slot for a new range: named nothing, closed every day until the owner says otherwise. */
export function newRangeValues(slot: number, values: FormValues): void {
  values[`special.${slot}.name`] = "";
  values[`special.${slot}.firstDay`] = "";
  values[`special.${slot}.lastDay`] = "";
  values[`special.${slot}.kind`] = "closed";
  weekValues(`special.${slot}.hours.`, firstFacts.hours, values);
}

/** What the form shows for these facts, filled from version `basedOn`. */
export function factsFormValues(facts: BusinessFacts, basedOn: number): FormValues {
  const values: FormValues = {
    basedOn: String(basedOn),
    phone: facts.phone,
    email: facts.email,
    "address.street": facts.address.street,
    "address.locality": facts.address.locality,
    "address.postalCode": facts.address.postalCode,
    homeWatchAreas: facts.homeWatchAreas.join("\n"),
    "social.facebook": facts.social.facebook,
    "social.instagram": facts.social.instagram,
    claims: facts.claims.join("\n"),
    hicRegistration: facts.hicRegistration,
  };
  for (const { key } of FIGURE_FIELDS) values[`figures.${key}`] = String(facts.figures[key]);
  weekValues("hours.", facts.hours, values);
  facts.specialHours.forEach((range, slot) => {
    values[`special.${slot}.name`] = range.name;
    values[`special.${slot}.firstDay`] = range.firstDay;
    values[`special.${slot}.lastDay`] = range.lastDay;
    values[`special.${slot}.kind`] = WEEK.every((d) => range.hours[d] === "closed") ? "closed" : "hours";
    weekValues(`special.${slot}.hours.`, range.hours, values);
  });
  newRangeValues(facts.specialHours.length, values);
  return values;
}

/** The range slots the values hold, in order. */
export function rangeSlots(values: FormValues): number[] {
  const slots = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = /^special\.(\d+)\./.exec(name);
    if (match) slots.add(Number(match[1]));
  }
  return [...slots].sort((a, b) => a - b);
}

/** Every field name the form may post, for the values a refusal shows again. */
function fieldNames(slots: number): string[] {
  const names = [
    "basedOn",
    "phone",
    "email",
    "address.street",
    "address.locality",
    "address.postalCode",
    "homeWatchAreas",
    "social.facebook",
    "social.instagram",
    "claims",
    "hicRegistration",
    ...FIGURE_FIELDS.map(({ key }) => `figures.${key}`),
  ];
  const week = (prefix: string) =>
    WEEK.flatMap((d) => [`${prefix}${d}.kind`, `${prefix}${d}.opens`, `${prefix}${d}.closes`]);
  names.push(...week("hours."));
  for (let slot = 0; slot < slots; slot++)
    names.push(
      `special.${slot}.name`,
      `special.${slot}.firstDay`,
      `special.${slot}.lastDay`,
      `special.${slot}.kind`,
      `special.${slot}.remove`,
      ...week(`special.${slot}.hours.`),
    );
  return names;
}

function readWeek(prefix: string, get: (name: string) => string): WeekHours {
  const day = (name: DayName): DayHours => {
    const kind = get(`${prefix}${name}.kind`);
    return kind === "appointment" || kind === "closed"
      ? kind
      : { opens: get(`${prefix}${name}.opens`), closes: get(`${prefix}${name}.closes`) };
  };
  return weekOf(day);
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A figure as typed; anything but whole digits is NaN, which the rules refuse at its field. */
const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text) ? Number(text) : Number.NaN);

export interface ReadForm {
  facts: BusinessFacts;
  basedOn: number;
  /** What the form held, to show again as typed. */
  values: FormValues;
  /** By the form's field names. */
  problems: FactProblems;
}

/** Most slots a post may hold: the limit on ranges and the blank one. */
const MOST_SLOTS = FACT_LIMITS.ranges + 1;

/** The facts a post of the form describes, checked; `get` gives a field's trimmed text. */
export function readFactsForm(get: (name: string) => string, thisYear: number): ReadForm {
  let slots = 0;
  while (slots < MOST_SLOTS && get(`special.${slots}.name`) + get(`special.${slots}.firstDay`) !== "") slots++;
  // The blank slot after the last range is posted too; reading stops at the first empty one.
  const values: FormValues = Object.fromEntries(fieldNames(slots + 1).map((name) => [name, get(name)]));
  const ranges: { slot: number; range: SpecialHours }[] = [];
  for (let slot = 0; slot < slots; slot++) {
    if (get(`special.${slot}.remove`) === "on") continue;
    const closed = get(`special.${slot}.kind`) !== "hours";
    const hours: WeekHours = closed ? weekOf(() => "closed") : readWeek(`special.${slot}.hours.`, get);
    ranges.push({
      slot,
      range: {
        name: get(`special.${slot}.name`),
        firstDay: get(`special.${slot}.firstDay`),
        lastDay: get(`special.${slot}.lastDay`),
        hours,
      },
    });
  }
  ranges.sort((a, b) => a.range.firstDay.localeCompare(b.range.firstDay) || a.slot - b.slot);
  const typedPhone = get("phone");
  const figure = (key: keyof BusinessFigures) => wholeNumber(get(`figures.${key}`));
  const figures: BusinessFigures = {
    foundingYear: figure("foundingYear"),
    yearsExperience: figure("yearsExperience"),
    yearsOnIsland: figure("yearsOnIsland"),
    satisfactionPercent: figure("satisfactionPercent"),
    generations: figure("generations"),
    replyWithinHours: figure("replyWithinHours"),
  };
  const facts: BusinessFacts = {
    phone: normalizePhone(typedPhone) ?? typedPhone,
    email: get("email"),
    address: {
      street: get("address.street"),
      locality: get("address.locality"),
      postalCode: get("address.postalCode"),
    },
    hours: readWeek("hours.", get),
    specialHours: ranges.map((r) => r.range),
    homeWatchAreas: lines(get("homeWatchAreas")),
    social: { facebook: get("social.facebook"), instagram: get("social.instagram") },
    figures,
    claims: lines(get("claims")),
    hicRegistration: get("hicRegistration").toUpperCase(),
  };
  const problems: FactProblems = {};
  for (const [key, message] of Object.entries(factProblems(facts, thisYear))) {
    // A range's problem is told at the slot it was typed in, not at its place once sorted.
    const match = /^specialHours\.(\d+)\.(.*)$/.exec(key);
    const slot = match ? ranges[Number(match[1])]?.slot : undefined;
    problems[match && slot !== undefined ? `special.${slot}.${match[2]}` : key] = message;
  }
  const basedOn = /^\d{1,9}$/.test(get("basedOn")) ? Number(get("basedOn")) : -1;
  if (basedOn < 0) problems.form = "The form could not be read; open the page again.";
  return { facts, basedOn, values, problems };
}
