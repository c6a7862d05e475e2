/**
 * Days the business is closed, as the owner enters them on the desk's Site page. Public pages show
 * them (the hours say "Closed today", structured data lists them), and the clocks that count
 * business hours (reminders, the digest, the desk's waiting time) skip them.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { firstFacts } from "~/content/business-facts";
import { readPublishedFacts } from "~/facts/facts-source.server";
import { hoursOnFrom } from "~/facts/live-facts";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { addDays, dayOf, type BusinessHours, type Day } from "~/time/business-time";
import type { ClosedDayInput } from "./closed-day-rules";

export interface ClosedDay {
  id: string;
  firstDay: string;
  lastDay: string;
  label: string;
  addedBy: string;
  addedAt: Date;
}

/** Closed days that end on or after `fromDay` and begin on or before `toDay`, in date order. */
export async function closedDaysBetween(db: Kysely<Database>, fromDay: string, toDay: string): Promise<ClosedDay[]> {
  const rows = await db
    .selectFrom("closed_days")
    .selectAll()
    .where("last_day", ">=", fromDay)
    .where("first_day", "<=", toDay)
    .orderBy("first_day")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstDay: row.first_day,
    lastDay: row.last_day,
    label: row.label,
    addedBy: row.added_by,
    addedAt: toDate(row.added_at),
  }));
}

/** How far back the business-hours clocks look: no lead waits, unanswered, longer than this. */
const CLOCKS_LOOK_BACK_DAYS = 60;

/** Every closed day from `back` days before today to `ahead` days after it. */
export async function closedDaysAround(
  db: Kysely<Database>,
  now: Date,
  back = CLOCKS_LOOK_BACK_DAYS,
  ahead = 60,
): Promise<Set<Day>> {
  const today = dayOf(now);
  const closures = await closedDaysBetween(db, addDays(today, -back), addDays(today, ahead));
  const closed = new Set<Day>();
  for (const closure of closures)
    for (let day = closure.firstDay; day <= closure.lastDay; day = addDays(day, 1)) closed.add(day);
  return closed;
}

/**
 * The business hours the clocks count (reminders, the digest, the desk's waiting time): the
 * published week with its special ranges (a range closed for Christmas is closed), less the closed
 * days of the last 60 days and the next week.
 */
export async function businessHoursWithClosures(db: Kysely<Database>, now: Date = new Date()): Promise<BusinessHours> {
  const published = await readPublishedFacts(db);
  return {
    hours: hoursOnFrom(published?.facts ?? firstFacts),
    closed: await closedDaysAround(db, now, CLOCKS_LOOK_BACK_DAYS, 7),
  };
}

/** Whether any closed day ends on or after `fromDay`: pages then change at each midnight. */
export async function hasClosedDaysFrom(db: Kysely<Database>, fromDay: string): Promise<boolean> {
  const row = await db.selectFrom("closed_days").select("id").where("last_day", ">=", fromDay).executeTakeFirst();
  return row !== undefined;
}

/** Stores a closed day that was checked (`closed-day-rules.ts`). */
export async function addClosedDay(
  db: Kysely<Database>,
  input: ClosedDayInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<ClosedDay> {
  const day: ClosedDay = {
    id: randomUUID(),
    firstDay: input.firstDay,
    lastDay: input.lastDay || input.firstDay,
    label: input.label.trim(),
    addedBy: actor.email,
    addedAt: now,
  };
  await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    await trx
      .insertInto("closed_days")
      .values({
        id: day.id,
        first_day: day.firstDay,
        last_day: day.lastDay,
        label: day.label,
        added_by: actor.email,
        added_at: timestamp(now),
      })
      .execute();
    await markLive();
    await audit("closed-day-added", `${day.firstDay}..${day.lastDay} ${day.label}`);
  });
  return day;
}

/** False when there was no such closed day. */
export async function removeClosedDay(
  db: Kysely<Database>,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const row = await trx.selectFrom("closed_days").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("closed_days").where("id", "=", id).execute();
    await markLive();
    await audit("closed-day-removed", `${row.first_day}..${row.last_day} ${row.label}`);
    return true;
  });
}
