/**
 * Storm checks on SQLite and PostgreSQL: one visit added to every running plan in the towns chosen,
 * and none elsewhere (another town, a plan not accepted, a season not running that day), each
 * homeowner mailed the time their house will be checked by, no house checked twice for one day,
 * and the fields refused with their messages.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { addDays, dayOf, instantOf } from "~/time/business-time";
import { callStormCheck, checkStorm } from "~/watch/storm-checks.server";
import { savePlan, startPlan } from "~/watch/watch-plans.server";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { firstMailTo } from "../support/smtp";
import { acceptedPlan, homeWatchRequest, planValues, WATCH_OWNER } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

/** Tomorrow at 4 PM, New Jersey time. */
function dueTomorrow(now: Date) {
  const day = addDays(dayOf(now), 1);
  return { day, time: "16:00" };
}

describe.each(backends)("storm checks on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("add a visit to every running plan in the towns chosen, tell each homeowner, and never twice a day", async () => {
    const now = new Date();
    // Seasons that have begun: the storm's day falls inside them.
    const running = { seasonStart: dayOf(now) };
    const surf = await acceptedPlan(
      db,
      context,
      { ...running, name: "Sal Surf", email: "sal@example.com", town: "Surf City" },
      now,
    );
    const ship = await acceptedPlan(
      db,
      context,
      { ...running, name: "Shay Ship", email: "shay@example.com", town: "ship bottom" },
      now,
    );
    const haven = await acceptedPlan(
      db,
      context,
      { ...running, name: "Hal Haven", email: "hal@example.com", town: "Beach Haven" },
      now,
    );
    // A plan in a chosen town that was never accepted is left alone.
    const draftLead = await homeWatchRequest(db, "Dora Draft", "dora@example.com");
    const draft = await startPlan(db, draftLead, WATCH_OWNER, now);
    if (!draft.ok) throw new Error("no draft");
    await savePlan(db, draft.id, planValues(now, { ...running, town: "Surf City" }), WATCH_OWNER, now);

    const due = dueTomorrow(now);
    const called = await callStormCheck(db, { towns: ["Surf City", "Ship Bottom"], ...due }, WATCH_OWNER, context, now);
    expect(called).toEqual({ ok: true, added: 2 });
    const storms = await db
      .selectFrom("watch_visits")
      .select(["plan_id", "day", "due_by"])
      .where("kind", "=", "storm")
      .execute();
    expect(storms.map((v) => v.plan_id).sort()).toEqual([surf.planId, ship.planId].sort());
    const dueBy = instantOf(...(due.day.split("-").map(Number) as [number, number, number]), 16, 0);
    expect(storms.every((v) => v.day === due.day && new Date(v.due_by ?? "").getTime() === dueBy.getTime())).toBe(true);
    expect(storms.some((v) => v.plan_id === haven.planId || v.plan_id === draft.id)).toBe(false);

    const mail = await firstMailTo(harness().smtp, "sal@example.com", /^Storm check: we will check your house by /);
    expect(mail.mail.text ?? "").toContain("8 Bay Avenue, Harvey Cedars, NJ");
    expect(mail.mail.text ?? "").toMatch(/\/watch\/[\w-]{43}/);
    expect(mail.mail.text ?? "").not.toContain("4417");
    await firstMailTo(harness().smtp, "shay@example.com", /^Storm check/);

    // Called again for the same day: no house gets a second check.
    expect(await callStormCheck(db, { towns: ["Surf City"], ...due }, WATCH_OWNER, context, now)).toEqual({
      ok: true,
      added: 0,
    });
    expect(await db.selectFrom("watch_visits").select("id").where("kind", "=", "storm").execute()).toHaveLength(2);
  });

  it("refuses no town, a time gone by, a day too far, and a malformed time, adding nothing", async () => {
    const now = new Date();
    const tomorrow = addDays(dayOf(now), 1);
    expect(checkStorm({ towns: [" ", ""], day: tomorrow, time: "16:00" }, now)).toMatchObject({
      ok: false,
      errors: { towns: "Tick the towns the storm hit." },
    });
    expect(checkStorm({ towns: ["Surf City"], day: addDays(dayOf(now), -1), time: "16:00" }, now)).toMatchObject({
      ok: false,
      errors: { time: "The time to check by is still to come." },
    });
    expect(checkStorm({ towns: ["Surf City"], day: addDays(dayOf(now), 9), time: "16:00" }, now)).toMatchObject({
      ok: false,
      errors: { day: expect.any(String) },
    });
    expect(checkStorm({ towns: ["Surf City"], day: tomorrow, time: "25:00" }, now)).toMatchObject({
      ok: false,
      errors: { time: expect.any(String) },
    });
    expect(checkStorm({ towns: ["Surf City"], day: "2027-02-30", time: "10:00" }, now)).toMatchObject({
      ok: false,
      errors: { day: "Choose the day." },
    });
    const refused = await callStormCheck(db, { towns: [], day: tomorrow, time: "16:00" }, WATCH_OWNER, context, now);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(await db.selectFrom("watch_storms").select("id").execute()).toEqual([]);
  });
});
