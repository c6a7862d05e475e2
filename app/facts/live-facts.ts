/**
 * The facts as the live layer carries them to pages: the published facts with what they mean on
 * the day the pages are rendered (the week in force, the special range running or coming), and the
 * midnight at which that meaning changes. Pure, shared with the browser through the root's data.
 */
import {
  isClosedRange,
  rangesAhead,
  specialOn,
  weekOn,
  type BusinessFacts,
  type FactsDay,
  type WeekHours,
} from "~/content/business-facts";
import { addDays, startOfDay } from "~/time/business-time";

/** How long before a special range starts the pages announce it beside the hours. */
export const ANNOUNCE_RANGE_DAYS = 14;

export interface LiveFacts {
  facts: BusinessFacts;
  /** The week's hours in force on the day the pages were rendered. */
  week: WeekHours;
  /** The special range in force that day, by name; null on regular hours. */
  rangeInForce: { name: string; lastDay: FactsDay } | null;
  /** The next range starting within `ANNOUNCE_RANGE_DAYS`, when none is in force. */
  rangeAhead: { name: string; firstDay: FactsDay; lastDay: FactsDay; closed: boolean } | null;
  /** 0 for the repository's first facts. */
  version: number;
  publishedAt: string | null;
}

export function liveFactsOf(
  facts: BusinessFacts,
  day: FactsDay,
  version: number,
  publishedAt: string | null,
): LiveFacts {
  const inForce = specialOn(facts, day);
  const next = inForce
    ? undefined
    : rangesAhead(facts, day).find((r) => r.firstDay > day && r.firstDay <= addDays(day, ANNOUNCE_RANGE_DAYS));
  return {
    facts,
    week: weekOn(facts, day),
    rangeInForce: inForce ? { name: inForce.name, lastDay: inForce.lastDay } : null,
    rangeAhead: next
      ? {
          name: next.name,
          firstDay: next.firstDay,
          lastDay: next.lastDay,
          closed: isClosedRange(next),
        }
      : null,
    version,
    publishedAt,
  };
}

/**
 * The first midnight after `day` at which what pages show of the facts changes: a range starts,
 * ends, or comes near enough to be announced.
 */
export function nextHoursChange(facts: BusinessFacts, day: FactsDay): Date | undefined {
  const moments = rangesAhead(facts, day)
    .flatMap((r) => [addDays(r.firstDay, -ANNOUNCE_RANGE_DAYS), r.firstDay, addDays(r.lastDay, 1)])
    .filter((d) => d > day)
    .sort();
  return moments[0] === undefined ? undefined : startOfDay(moments[0]);
}

/** The week in force on each day under these facts: what the business-hours clocks count. */
export const hoursOnFrom =
  (facts: BusinessFacts) =>
  (day: FactsDay): WeekHours =>
    weekOn(facts, day);
