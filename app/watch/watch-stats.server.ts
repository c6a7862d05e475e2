/**
 * Home watch's numbers on /owner/stats, over the last six months (the business's months, this one
 * included), each counted from the visits' own rows:
 * - visits on time: of the visits due (their day has passed, or a storm check's time), those
 *   finished by the end of their day (a storm check, by its time);
 * - minutes per visit: the median from 'Start visit' to 'Finish visit';
 * - issues found, by the month of the visit;
 * - storm checks done within their time.
 * Read in two bounded queries and summed here, so both databases give the same figures.
 */
import type { Kysely } from "kysely";
import { toDate, type Database } from "~/infra/schema.server";
import { median } from "~/leads/record/stats.server";
import { addDays, dayOf, startOfDay } from "~/time/business-time";

export const WATCH_MONTHS = 6;
const MAX_ROWS = 20_000;

export interface WatchStats {
  months: { month: string; due: number; onTime: number; done: number; issues: number }[];
  due: number;
  onTime: number;
  medianMinutes: number | null;
  storms: { due: number; withinTime: number };
}

/** "2027-04" for the month `monthsBack` before the one `day` falls in. */
function monthBefore(day: string, monthsBack: number): string {
  const [year = 0, month = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 - monthsBack, 1)).toISOString().slice(0, 7);
}

export async function watchStats(db: Kysely<Database>, now: Date = new Date()): Promise<WatchStats> {
  const today = dayOf(now);
  const months = Array.from({ length: WATCH_MONTHS }, (_, i) => monthBefore(today, WATCH_MONTHS - 1 - i));
  const first = `${months[0] ?? today.slice(0, 7)}-01`;
  const visits = await db
    .selectFrom("watch_visits")
    .select(["id", "day", "kind", "status", "started_at", "finished_at", "due_by"])
    .where("day", ">=", first)
    .where("day", "<=", today)
    .where("status", "!=", "cancelled")
    .orderBy("day")
    .limit(MAX_ROWS)
    .execute();
  const issues = await db
    .selectFrom("watch_results")
    .innerJoin("watch_visits", "watch_visits.id", "watch_results.visit_id")
    .select(["watch_visits.day"])
    .where("watch_results.result", "=", "issue")
    .where("watch_visits.status", "=", "finished")
    .where("watch_visits.day", ">=", first)
    .where("watch_visits.day", "<=", today)
    .limit(MAX_ROWS)
    .execute();

  const byMonth = new Map(months.map((month) => [month, { month, due: 0, onTime: 0, done: 0, issues: 0 }]));
  const minutes: number[] = [];
  const storms = { due: 0, withinTime: 0 };
  for (const visit of visits) {
    const month = byMonth.get(visit.day.slice(0, 7));
    if (!month) continue;
    const finished = visit.status === "finished" && visit.finished_at ? toDate(visit.finished_at) : null;
    const deadline = visit.due_by ? toDate(visit.due_by) : startOfDay(addDays(visit.day, 1));
    if (finished) {
      month.done += 1;
      if (visit.started_at) minutes.push((finished.getTime() - toDate(visit.started_at).getTime()) / 60_000);
    }
    // A visit still in its time is not counted yet: it is neither on time nor late.
    if (deadline.getTime() > now.getTime() && !finished) continue;
    month.due += 1;
    const inTime = finished !== null && finished.getTime() <= deadline.getTime();
    if (inTime) month.onTime += 1;
    if (visit.kind === "storm") {
      storms.due += 1;
      if (inTime) storms.withinTime += 1;
    }
  }
  for (const issue of issues) {
    const month = byMonth.get(issue.day.slice(0, 7));
    if (month) month.issues += 1;
  }
  const all = [...byMonth.values()];
  const medianMinutes = median(minutes);
  return {
    months: all,
    due: all.reduce((sum, m) => sum + m.due, 0),
    onTime: all.reduce((sum, m) => sum + m.onTime, 0),
    medianMinutes: medianMinutes === null ? null : Math.round(medianMinutes),
    storms,
  };
}
