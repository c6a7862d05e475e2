/**
 * The jobs' numbers on /owner/stats, over the last six months (the business's months, this one
 * included): jobs started and completed in each, the median days from the contract's acceptance
 * (or small work's start on the desk) to the day work began, and how many were completed after
 * their completion date. Read in one bounded query and summed here, as the leads' numbers are, so
 * both databases give the same figures.
 */
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { median } from "~/leads/record/stats.server";
import { dayOf, startOfDay } from "~/time/business-time";

export const MONTHS = 6;
const MAX_ROWS = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface JobStats {
  months: { month: string; started: number; completed: number }[];
  /** Median whole days from acceptance to start, over the jobs started in the period; null for none. */
  medianDaysToStart: number | null;
  startedCount: number;
  completedCount: number;
  completedLate: number;
}

/** "2027-04" for the month `monthsBack` before the one `day` falls in. */
function monthBefore(day: string, monthsBack: number): string {
  const [year = 0, month = 1] = day.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  return first.toISOString().slice(0, 7);
}

export async function jobStats(db: Kysely<Database>, now: Date = new Date()): Promise<JobStats> {
  const today = dayOf(now);
  const months = Array.from({ length: MONTHS }, (_, i) => monthBefore(today, MONTHS - 1 - i));
  const from = startOfDay(`${months[0] ?? today.slice(0, 7)}-01`);
  const rows = await db
    .selectFrom("jobs as j")
    .leftJoin("quote_versions as q", "q.id", "j.quote_version_id")
    .select(["j.created_at", "j.started_at", "j.completed_at", "j.completion_day", "q.accepted_at"])
    .where((eb) => eb.or([eb("j.started_at", ">=", timestamp(from)), eb("j.completed_at", ">=", timestamp(from))]))
    .orderBy("j.created_at")
    .limit(MAX_ROWS)
    .execute();
  const started = new Map<string, number>();
  const completed = new Map<string, number>();
  const waits: number[] = [];
  let completedLate = 0;
  const inPeriod = (date: Date) => date >= from && date <= now;
  for (const row of rows) {
    if (row.started_at && inPeriod(toDate(row.started_at))) {
      const startedAt = toDate(row.started_at);
      const month = dayOf(startedAt).slice(0, 7);
      started.set(month, (started.get(month) ?? 0) + 1);
      const agreed = toDate(row.accepted_at ?? row.created_at);
      waits.push(
        Math.max(
          0,
          Math.round((startOfDay(dayOf(startedAt)).getTime() - startOfDay(dayOf(agreed)).getTime()) / DAY_MS),
        ),
      );
    }
    if (row.completed_at && inPeriod(toDate(row.completed_at))) {
      const day = dayOf(toDate(row.completed_at));
      completed.set(day.slice(0, 7), (completed.get(day.slice(0, 7)) ?? 0) + 1);
      if (row.completion_day !== null && day > row.completion_day) completedLate++;
    }
  }
  return {
    months: months.map((month) => ({ month, started: started.get(month) ?? 0, completed: completed.get(month) ?? 0 })),
    medianDaysToStart: median(waits),
    startedCount: waits.length,
    completedCount: [...completed.values()].reduce((a, b) => a + b, 0),
    completedLate,
  };
}
