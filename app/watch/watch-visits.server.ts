/**
 * A home watch visit as the desk makes it: the visit screen's reading of the visit (the house, the
 * access notes opened for the signed-in owner, the checklist and what has been marked), each entry
 * the screen sends (arrival, an item's result, departure: the departure sends the report), and the
 * week's visits in the order of the drive. Entries are safe to send twice: the arrival and the
 * departure are kept once, and a result is replaced only by one tapped later.
 */
import type { Kysely } from "kysely";
import { isId } from "~/forms/ids";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { ownerNameOf } from "~/owner/owners.server";
import { deskChange } from "~/owner/desk-change.server";
import { addDays } from "~/time/business-time";
import { parseChecklist } from "./checklist";
import { finishProblems, tappedAt, type VisitEntry } from "./visit-entries";
import { sendReport } from "./visit-report.server";
import { openAccess } from "./watch-plans.server";
import type { MailContext } from "~/settings/env.server";
import { drivingRank } from "./watch-rules";

type Db = Kysely<Database>;

export type EntryOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string; problems?: string[] };

const GONE: EntryOutcome = { ok: false, status: 404, error: "This visit is not on any plan." };

/** The visit screen's reading; undefined when the id names no visit. */
export async function visitForDesk(db: Db, visitId: string) {
  if (!isId(visitId)) return undefined;
  const visit = await db
    .selectFrom("watch_visits")
    .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
    .select([
      "watch_visits.id",
      "watch_visits.plan_id",
      "watch_visits.day",
      "watch_visits.kind",
      "watch_visits.status",
      "watch_visits.started_at",
      "watch_visits.finished_at",
      "watch_visits.due_by",
      "watch_visits.checked_by",
      "watch_plans.homeowner_name",
      "watch_plans.phone",
      "watch_plans.address",
      "watch_plans.town",
      "watch_plans.access_sealed",
      "watch_plans.checklist",
    ])
    .where("watch_visits.id", "=", visitId)
    .executeTakeFirst();
  if (!visit) return undefined;
  const results = await db
    .selectFrom("watch_results")
    .select(["item_id", "label", "area", "result", "note", "next_step"])
    .where("visit_id", "=", visitId)
    .execute();
  const checklist = parseChecklist(visit.checklist);
  // A visit made keeps the list as it was that day: items since removed from the plan still show.
  const gone = results
    .filter((r) => !checklist.some((i) => i.id === r.item_id))
    .map((r) => ({
      id: r.item_id,
      area: r.area === "outside" ? ("outside" as const) : ("inside" as const),
      label: r.label,
    }));
  return {
    visit,
    access: openAccess(visit.access_sealed),
    items:
      visit.status === "finished"
        ? [...checklist.filter((i) => results.some((r) => r.item_id === i.id)), ...gone]
        : checklist,
    results: results.map((r) => ({ itemId: r.item_id, result: r.result, note: r.note, nextStep: r.next_step ?? "" })),
  };
}

/** Records one entry of the visit screen, by `actor`, heard of at `now`. */
export async function recordEntry(
  db: Db,
  visitId: string,
  entry: VisitEntry,
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<EntryOutcome> {
  if (!isId(visitId)) return GONE;
  const at = tappedAt(entry.at, now);
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<EntryOutcome> => {
    const visit = await trx
      .selectFrom("watch_visits")
      .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
      .select(["watch_visits.status", "watch_visits.started_at", "watch_plans.checklist"])
      .where("watch_visits.id", "=", visitId)
      .executeTakeFirst();
    if (!visit) return GONE;
    if (visit.status === "cancelled") return { ok: false, status: 409, error: "This visit was cancelled." };
    const start = async () => {
      const started = await trx
        .updateTable("watch_visits")
        .set({
          status: "started",
          started_at: timestamp(at),
          checked_by: actor.email,
          checked_by_name: await ownerNameOf(trx, actor.email),
        })
        .where("id", "=", visitId)
        .where("status", "=", "scheduled")
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) > 0) await audit("watch-visit-started", `visit ${visitId.slice(0, 8)}`);
    };

    if (entry.kind === "start") {
      if (visit.status === "scheduled") await start();
      return { ok: true };
    }
    if (visit.status === "finished")
      return { ok: false, status: 409, error: "This visit is finished: its report is kept as it was sent." };

    if (entry.kind === "result") {
      const item = parseChecklist(visit.checklist).find((i) => i.id === entry.itemId);
      if (!item) return { ok: false, status: 400, error: "That item is not on this visit's list." };
      // A result tapped before 'Start visit' reached the office starts the visit then.
      if (visit.status === "scheduled") await start();
      const row = {
        visit_id: visitId,
        item_id: item.id,
        area: item.area,
        label: item.label,
        result: entry.result,
        note: entry.note,
        next_step: entry.result === "issue" && entry.nextStep ? entry.nextStep : null,
        tapped_at: timestamp(at),
        saved_at: timestamp(now),
      };
      await trx
        .insertInto("watch_results")
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(["visit_id", "item_id"])
            .doUpdateSet({
              result: row.result,
              note: row.note,
              next_step: row.next_step,
              tapped_at: row.tapped_at,
              saved_at: row.saved_at,
            })
            .where("watch_results.tapped_at", "<=", row.tapped_at),
        )
        .execute();
      return { ok: true };
    }

    if (visit.status === "scheduled") return { ok: false, status: 409, error: "Start the visit before you finish it." };
    const items = parseChecklist(visit.checklist);
    const results = await trx
      .selectFrom("watch_results")
      .select(["item_id", "result", "note", "next_step"])
      .where("visit_id", "=", visitId)
      .execute();
    const problems = finishProblems(
      items,
      results.map((r) => ({ itemId: r.item_id, result: r.result, note: r.note, nextStep: r.next_step ?? "" })),
    );
    if (problems.length > 0)
      return { ok: false, status: 400, error: "Not finished yet: every item needs its mark.", problems };
    const arrived = visit.started_at ? toDate(visit.started_at) : at;
    await trx
      .updateTable("watch_visits")
      .set({ status: "finished", finished_at: timestamp(at < arrived ? arrived : at) })
      .where("id", "=", visitId)
      .where("status", "=", "started")
      .execute();
    // The report goes out with the finish, or not at all: the homeowner hears within seconds.
    await sendReport(trx, visitId, context, now);
    await audit("watch-visit-finished", `visit ${visitId.slice(0, 8)}`);
    return { ok: true };
  });
}

/**
 * The week's home watch visits from `monday`, with every visit before it still not done: by day,
 * and within a day in the order of the drive down the island.
 */
export async function weekWatchVisits(db: Db, monday: string) {
  const rows = await db
    .selectFrom("watch_visits")
    .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
    .select([
      "watch_visits.id",
      "watch_visits.day",
      "watch_visits.kind",
      "watch_visits.status",
      "watch_visits.due_by",
      "watch_plans.homeowner_name",
      "watch_plans.town",
    ])
    .where("watch_plans.status", "=", "accepted")
    .where("watch_visits.status", "!=", "cancelled")
    .where((eb) =>
      eb.or([
        eb.and([eb("watch_visits.day", ">=", monday), eb("watch_visits.day", "<=", addDays(monday, 6))]),
        eb.and([eb("watch_visits.day", "<", monday), eb("watch_visits.status", "in", ["scheduled", "started"])]),
      ]),
    )
    .execute();
  return rows.sort(
    (a, b) => a.day.localeCompare(b.day) || drivingRank(a.town) - drivingRank(b.town) || a.town.localeCompare(b.town),
  );
}

/** 'Late': a visit past its day (a storm check, past its time) and not finished. */
export const isLateVisit = (
  visit: { day: string; status: string; due_by?: Date | string | null },
  today: string,
  now: Date = new Date(),
) =>
  visit.status !== "finished" &&
  visit.status !== "cancelled" &&
  (visit.day < today || (visit.due_by ? toDate(visit.due_by).getTime() < now.getTime() : false));
