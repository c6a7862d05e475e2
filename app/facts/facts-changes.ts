/**
 * What one publish of the facts changed, in the owner's words ("the phone, Saturday's hours"): the
 * history lists it beside each version, and the desk's answer after a publish says it. Pure.
 */
import { WEEK, type BusinessFacts } from "~/content/business-facts";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function describeChanges(before: BusinessFacts | undefined, after: BusinessFacts): string {
  if (!before) return "the first published facts";
  const changed: string[] = [];
  if (before.phone !== after.phone) changed.push("the phone");
  if (before.email !== after.email) changed.push("the email");
  if (!same(before.address, after.address)) changed.push("the address");
  const days = WEEK.filter((d) => !same(before.hours[d], after.hours[d]));
  if (days.length === WEEK.length) changed.push("the hours of every day");
  else if (days.length > 0) changed.push(`${days.join(", ")} hours`);
  if (!same(before.specialHours, after.specialHours)) changed.push("the special hours");
  if (!same(before.homeWatchAreas, after.homeWatchAreas)) changed.push("the home watch towns");
  if (!same(before.social, after.social)) changed.push("the social links");
  if (!same(before.figures, after.figures)) changed.push("the figures");
  if (!same(before.claims, after.claims)) changed.push("the claims");
  if (before.hicRegistration !== after.hicRegistration) changed.push("the registration number");
  return changed.length ? changed.join(", ") : "nothing";
}

export const sameFacts = (a: BusinessFacts, b: BusinessFacts) => same(a, b);
