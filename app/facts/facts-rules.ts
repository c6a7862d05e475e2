/**
 * What a set of business facts must be before it is published: the checks the build ran on the
 * profile, now run on every publish, each problem keyed by the field it belongs to so the desk's
 * form shows it there. Pure, shared with the browser.
 */
import { WEEK, isOpenHours, type BusinessFacts, type DayHours, type SpecialHours } from "~/content/business-facts";
import { hiddenCharacterError } from "~/forms/plain-text";
import { isCalendarDay } from "~/time/typed-day";

/** Limits on what the owner types, named so the form's fields and the checks agree. */
export const FACT_LIMITS = {
  /** A street, a town, a range's name, a claim. */
  line: 80,
  email: 120,
  url: 200,
  towns: 12,
  claims: 8,
  /** Special ranges kept at once, past ones included until they are removed. */
  ranges: 12,
  /** A range longer than this is a season mistyped: winter hours run about five months. */
  rangeDays: 200,
} as const;

/** Problems by field: `phone`, `hours.Monday`, `specialHours.0.lastDay`, `figures.generations`… */
export type FactProblems = Record<string, string>;

/** The phone as E.164 from what a person types: "(609) 555-0142", "609.555.0142", "+1 609 555 0142". */
export function normalizePhone(typed: string): string | undefined {
  const digits = typed.replace(/[\s().\-+]/g, "");
  if (!/^\d+$/.test(digits)) return undefined;
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  // North American numbers: the area code and the exchange never start with 0 or 1.
  return /^[2-9]\d\d[2-9]\d{6}$/.test(ten) ? `+1${ten}` : undefined;
}

const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Markup characters: facts go into pages, emails and PDFs as text, and none of them needs one. */
const MARKUP = /[<>{}]/;

const isRealDay = isCalendarDay;

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

function lineProblem(text: string, label: string, max: number = FACT_LIMITS.line): string | undefined {
  if (text.trim() === "") return `${label} cannot be empty.`;
  if (text.length > max) return `${label} is ${text.length} characters; ${max} at most.`;
  if (MARKUP.test(text)) return `${label} cannot hold < > { or }: it is shown as text everywhere.`;
  return hiddenCharacterError(text, label);
}

function httpsProblem(url: string, label: string): string | undefined {
  const plain = lineProblem(url, label, FACT_LIMITS.url);
  if (plain) return plain;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:") return `${label} must start with https://.`;
  } catch {
    return `${label} is not a web address (https://…).`;
  }
  return undefined;
}

function hoursProblem(hours: DayHours, label: string): string | undefined {
  if (!isOpenHours(hours)) return undefined;
  if (!TIME.test(hours.opens) || !TIME.test(hours.closes)) return `${label}: times are written HH:MM, such as 09:00.`;
  if (hours.closes <= hours.opens) return `${label}: the closing time must come after the opening time.`;
  return undefined;
}

function rangeProblems(range: SpecialHours, index: number, problems: FactProblems): void {
  const key = `specialHours.${index}`;
  const name = lineProblem(range.name, "The name");
  if (name) problems[`${key}.name`] = name;
  if (!isRealDay(range.firstDay)) problems[`${key}.firstDay`] = "Pick the first day.";
  if (!isRealDay(range.lastDay)) problems[`${key}.lastDay`] = "Pick the last day.";
  else if (isRealDay(range.firstDay)) {
    if (range.lastDay < range.firstDay) problems[`${key}.lastDay`] = "The last day cannot come before the first.";
    else if (daysBetween(range.firstDay, range.lastDay) >= FACT_LIMITS.rangeDays)
      problems[`${key}.lastDay`] = `A range covers ${FACT_LIMITS.rangeDays} days at most.`;
  }
  for (const day of WEEK) {
    const problem = hoursProblem(range.hours[day], day);
    if (problem) problems[`${key}.hours.${day}`] = problem;
  }
}

function listProblem(items: readonly string[], label: string, max: number, itemLabel: string): string | undefined {
  if (items.length === 0) return `${label} needs at least one.`;
  if (items.length > max) return `${label}: ${max} at most.`;
  for (const item of items) {
    const problem = lineProblem(item, itemLabel);
    if (problem) return problem;
  }
  if (new Set(items.map((i) => i.toLowerCase())).size !== items.length) return `${label} names one twice.`;
  return undefined;
}

/** Every problem with the facts, by field; empty when they may be published. */
export function factProblems(facts: BusinessFacts, thisYear: number): FactProblems {
  const problems: FactProblems = {};
  const put = (key: string, problem: string | undefined) => {
    if (problem) problems[key] = problem;
  };
  if (normalizePhone(facts.phone) !== facts.phone)
    problems.phone = "Type a US phone number with its area code, such as (609) 555-0142.";
  put("email", lineProblem(facts.email, "The email", FACT_LIMITS.email));
  if (!problems.email && !EMAIL.test(facts.email)) problems.email = "Type an email address, such as name@example.com.";
  put("address.street", lineProblem(facts.address.street, "The street"));
  put("address.locality", lineProblem(facts.address.locality, "The town"));
  if (!/^\d{5}$/.test(facts.address.postalCode)) problems["address.postalCode"] = "A ZIP code is five digits.";
  for (const day of WEEK) put(`hours.${day}`, hoursProblem(facts.hours[day], day));
  if (facts.specialHours.length > FACT_LIMITS.ranges)
    problems.specialHours = `Keep ${FACT_LIMITS.ranges} special ranges at most; remove past ones.`;
  facts.specialHours.forEach((range, index) => rangeProblems(range, index, problems));
  // Ranges are kept in order of their first day, so an overlap is always with the one before.
  facts.specialHours.forEach((range, index) => {
    const before = facts.specialHours[index - 1];
    if (before && range.firstDay <= before.lastDay && !problems[`specialHours.${index}.firstDay`])
      problems[`specialHours.${index}.firstDay`] = `These days overlap "${before.name}". A day has one set of hours.`;
  });
  put("homeWatchAreas", listProblem(facts.homeWatchAreas, "The home watch towns", FACT_LIMITS.towns, "A town"));
  put("social.facebook", httpsProblem(facts.social.facebook, "The Facebook page"));
  put("social.instagram", httpsProblem(facts.social.instagram, "The Instagram page"));
  const f = facts.figures;
  const whole = (key: keyof typeof f, label: string, min: number, max: number) => {
    const value = f[key];
    if (!Number.isInteger(value) || value < min || value > max)
      problems[`figures.${key}`] = `${label} is a whole number from ${min} to ${max}.`;
  };
  whole("foundingYear", "The founding year", 1900, thisYear);
  whole("yearsExperience", "Years of experience", 1, 150);
  whole("yearsOnIsland", "Years on the island", 1, 150);
  whole("satisfactionPercent", "Satisfaction", 1, 100);
  whole("generations", "Generations", 1, 10);
  whole("replyWithinHours", "The reply time", 1, 168);
  put("claims", listProblem(facts.claims, "The claims", FACT_LIMITS.claims, "A claim"));
  if (!/^13VH\d{8}$/.test(facts.hicRegistration))
    problems.hicRegistration =
      "New Jersey's registration number is 13VH and eight digits, and every advertisement must show it.";
  return problems;
}
