/**
 * Home watch visits on SQLite and PostgreSQL: the visit screen's entries as they arrive from a
 * phone with a poor signal (late, twice, out of order), 'Finish visit' refused until every item is
 * marked and every Issue says what was found and what happens next, a finished visit kept as it
 * was, and the week's visits in the order of the drive down the island.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { addDays, mondayOf } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { endPlan } from "~/watch/watch-plans.server";
import { watchReport } from "~/watch/visit-report.server";
import { quoteRepair } from "~/watch/repair-leads.server";
import { recordEntry, visitForDesk, weekWatchVisits } from "~/watch/watch-visits.server";
import { firstMailTo } from "../support/smtp";
import { signedInOwner } from "../support/owner";
import { expectErrorOutput } from "../support/console-trap";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { acceptedPlan, WATCH_OWNER } from "../support/watch";

const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };

async function firstVisit(db: Kysely<Database>, planId: string) {
  const visit = await db
    .selectFrom("watch_visits")
    .select(["id", "day"])
    .where("plan_id", "=", planId)
    .orderBy("day")
    .executeTakeFirstOrThrow();
  const plan = await db
    .selectFrom("watch_plans")
    .select("checklist")
    .where("id", "=", planId)
    .executeTakeFirstOrThrow();
  return { ...visit, items: parseChecklist(plan.checklist) };
}

describe.each(backends)("home watch visits on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("keep each tap once, the latest tap of an item over one retried late, and finish only when all is marked", async () => {
    const { planId } = await acceptedPlan(db, context);
    const visit = await firstVisit(db, planId);
    const [heater, thermostat, roof] = visit.items;
    const second = await db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", planId)
      .where("id", "!=", visit.id)
      .orderBy("day")
      .executeTakeFirstOrThrow();
    if (!heater || !thermostat || !roof) throw new Error("three items expected");
    const received = new Date();
    const at = (minutesAgo: number) => new Date(received.getTime() - minutesAgo * 60_000).toISOString();

    // Arrival, tapped 40 minutes ago, reaches the office now; sent twice, kept once.
    for (let n = 0; n < 2; n++)
      expect(await recordEntry(db, visit.id, { kind: "start", at: at(40) }, WATCH_OWNER, context, received)).toEqual({
        ok: true,
      });
    const issue = {
      kind: "result" as const,
      itemId: heater.id,
      result: "issue" as const,
      note: "Drip at the relief valve",
      nextStep: "quote-repair" as const,
    };
    await recordEntry(db, visit.id, { ...issue, at: at(30) }, WATCH_OWNER, context, received);
    // An older tap of the same item, retried after the newer one, changes nothing.
    await recordEntry(
      db,
      visit.id,
      { ...issue, result: "ok", note: "", nextStep: "", at: at(35) },
      WATCH_OWNER,
      context,
      received,
    );
    await recordEntry(
      db,
      visit.id,
      { kind: "result", itemId: thermostat.id, result: "ok", note: "62 F", nextStep: "", at: at(25) },
      WATCH_OWNER,
      context,
      received,
    );

    const early = await recordEntry(db, visit.id, { kind: "finish", at: at(5) }, WATCH_OWNER, context, received);
    expect(early).toMatchObject({
      ok: false,
      status: 400,
      problems: [`${roof.label}: mark it OK, Issue or Not checked.`],
    });
    await recordEntry(
      db,
      visit.id,
      { kind: "result", itemId: roof.id, result: "issue", note: "", nextStep: "", at: at(10) },
      WATCH_OWNER,
      context,
      received,
    );
    expect(
      await recordEntry(db, visit.id, { kind: "finish", at: at(5) }, WATCH_OWNER, context, received),
    ).toMatchObject({
      ok: false,
      problems: [`${roof.label}: say what you found.`],
    });
    await recordEntry(
      db,
      visit.id,
      { kind: "result", itemId: roof.id, result: "skipped", note: "Snow on the roof", nextStep: "", at: at(8) },
      WATCH_OWNER,
      context,
      received,
    );
    // The owner's phone is a made-up address: its push fails, which the worker logs.
    expectErrorOutput(/push/);
    const { owner } = await signedInOwner(db, SITE_URL);
    await db
      .insertInto("push_subscriptions")
      .values({
        id: crypto.randomUUID(),
        owner_id: owner.id,
        endpoint: "https://push.test/watch",
        p256dh: "k",
        auth: "a",
        device_name: "Phone",
        created_at: new Date().toISOString(),
      })
      .execute();
    const finishedAt = performance.now();
    expect(await recordEntry(db, visit.id, { kind: "finish", at: at(5) }, WATCH_OWNER, context, received)).toEqual({
      ok: true,
    });

    // The report reaches the homeowner, its first line saying what was found, and each owner a copy.
    const report = await firstMailTo(
      harness().smtp,
      "robin@example.com",
      /Home watch report for .*: 1 issue found/,
      30_000,
    );
    console.log(`report delivered ${Math.round(performance.now() - finishedAt)} ms after 'Finish visit' (${backend})`);
    const text = report.mail.text ?? "";
    expect(text.split("\n")[0]).toMatch(/^1 issue found at 8 Bay Avenue, Harvey Cedars, NJ on .*: Water heater\.$/);
    expect(text).toContain("Drip at the relief valve Next: We send you a quote for the repair.");
    expect(text).not.toContain("4417");
    const copy = await firstMailTo(harness().smtp, owner.email, /Report sent to Robin Shore: 1 issue found/);
    expect(copy.mail.text ?? "").toContain(`/owner/watch/visits/${visit.id}`);
    // The Issue told the owner's phone at once: one push for its one device.
    const pushes = await db.selectFrom("outbox").select("payload").where("kind", "=", "watch-push").execute();
    expect(pushes.map((p) => (JSON.parse(p.payload) as { title: string }).title)).toEqual([
      "Issue at 8 Bay Avenue, Harvey Cedars, NJ",
    ]);
    const link = /\/watch\/([\w-]{43})\/visits\/([0-9a-f-]{36})/.exec(text);
    expect(link?.[2]).toBe(visit.id);
    const page = await watchReport(db, link?.[1], link?.[2]);
    if (page.state !== "report") throw new Error("the report's link opens nothing");
    expect(page.summary).toBe(text.split("\n")[0]);
    expect(page.lines.map((l) => [l.label, l.result])).toEqual([
      [heater.label, "Issue"],
      [thermostat.label, "OK"],
      [roof.label, "Not checked"],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/4417|pat@causeway/);
    expect(await watchReport(db, link?.[1], second.id)).toEqual({ state: "gone", status: 404 });
    expect(await watchReport(db, "x".repeat(43), visit.id)).toEqual({ state: "gone", status: 404 });

    const row = await db.selectFrom("watch_visits").selectAll().where("id", "=", visit.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("finished");
    expect(new Date(row.started_at ?? "").toISOString()).toBe(at(40));
    expect(new Date(row.finished_at ?? "").toISOString()).toBe(at(5));
    expect(row.checked_by).toBe(WATCH_OWNER.email);
    const shown = await visitForDesk(db, visit.id);
    expect(shown?.results.find((r) => r.itemId === heater.id)).toEqual({
      itemId: heater.id,
      result: "issue",
      note: "Drip at the relief valve",
      nextStep: "quote-repair",
    });
    // A finished visit is kept as it was.
    expect(
      await recordEntry(db, visit.id, { ...issue, result: "ok", at: at(1) }, WATCH_OWNER, context, received),
    ).toMatchObject({ ok: false, status: 409 });
    // An item not on the list, an unknown or malformed visit, are refused.
    expect(
      await recordEntry(
        db,
        second.id,
        { kind: "result", itemId: "nothere", result: "ok", note: "", nextStep: "", at: at(0) },
        WATCH_OWNER,
        context,
        received,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await recordEntry(
        db,
        "00000000-0000-4000-8000-000000000000",
        { kind: "start", at: at(0) },
        WATCH_OWNER,
        context,
        received,
      ),
    ).toMatchObject({ status: 404 });
    expect(await recordEntry(db, "x", { kind: "start", at: at(0) }, WATCH_OWNER, context, received)).toMatchObject({
      status: 404,
    });
    // A visit of an ended plan was cancelled with it.
    await endPlan(db, planId, "Ended by the owner.", WATCH_OWNER, received);
    expect(
      await recordEntry(db, second.id, { kind: "start", at: at(0) }, WATCH_OWNER, context, received),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("'Quote this repair' opens one lead for the homeowner with the Issue's words, however often it is tapped", async () => {
    const { planId, leadId } = await acceptedPlan(db, context);
    const visit = await firstVisit(db, planId);
    const [heater, ...rest] = visit.items;
    if (!heater) throw new Error("an item expected");
    const tap = (itemId: string, result: "ok" | "issue", note = "", nextStep: "" | "quote-repair" = "") =>
      recordEntry(
        db,
        visit.id,
        { kind: "result", itemId, result, note, nextStep, at: new Date().toISOString() },
        WATCH_OWNER,
        context,
      );
    await tap(heater.id, "issue", "Relief valve drips into the pan", "quote-repair");
    for (const item of rest) await tap(item.id, "ok");
    expect(
      await recordEntry(db, visit.id, { kind: "finish", at: new Date().toISOString() }, WATCH_OWNER, context),
    ).toEqual({ ok: true });

    const taps = await Promise.all(Array.from({ length: 8 }, () => quoteRepair(db, visit.id, heater.id, WATCH_OWNER)));
    const opened = new Set(taps.map((t) => (t.ok ? t.leadId : "refused")));
    expect(opened.size).toBe(1);
    const [repairId] = [...opened];
    expect(repairId).not.toBe(leadId);
    const repair = await db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", repairId ?? "")
      .executeTakeFirstOrThrow();
    expect(repair).toMatchObject({
      name: "Robin Shore",
      email: "robin@example.com",
      address: "8 Bay Avenue, Harvey Cedars, NJ",
      status: "contacted",
    });
    expect(repair.description).toMatch(
      /^Repair found on the home watch visit of .*\. Water heater: Relief valve drips into the pan$/,
    );
    // Opened by the owner, it owes the homeowner no confirmation.
    const mails = await db
      .selectFrom("outbox")
      .select("kind")
      .where("lead_id", "=", repairId ?? "")
      .execute();
    expect(mails).toEqual([]);
    expect(await quoteRepair(db, visit.id, rest[0]?.id ?? "", WATCH_OWNER)).toMatchObject({ ok: false, status: 400 });
    expect(await quoteRepair(db, "not-a-visit", heater.id, WATCH_OWNER)).toMatchObject({ ok: false, status: 404 });
  });

  it("eight copies of one tap at once keep one result", async () => {
    const { planId } = await acceptedPlan(db, context);
    const visit = await firstVisit(db, planId);
    const item = visit.items[0];
    if (!item) throw new Error("an item expected");
    const entry = {
      kind: "result" as const,
      itemId: item.id,
      result: "ok" as const,
      note: "",
      nextStep: "" as const,
      at: new Date().toISOString(),
    };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => recordEntry(db, visit.id, entry, WATCH_OWNER, context)),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const rows = await db.selectFrom("watch_results").select("item_id").where("visit_id", "=", visit.id).execute();
    expect(rows).toHaveLength(1);
    const started = await db
      .selectFrom("watch_visits")
      .select("status")
      .where("id", "=", visit.id)
      .executeTakeFirstOrThrow();
    expect(started.status).toBe("started");
  });

  it("list the week's visits by day, then north to south, with those still not done from before", async () => {
    const now = new Date();
    const monday = mondayOf(now);
    const south = await acceptedPlan(
      db,
      context,
      { name: "Hal South", email: "hal@example.com", town: "Beach Haven" },
      now,
    );
    const north = await acceptedPlan(
      db,
      context,
      { name: "Nell North", email: "nell@example.com", town: "Barnegat Light" },
      now,
    );
    const off = await acceptedPlan(
      db,
      context,
      { name: "Ora Offisland", email: "ora@example.com", town: "Manahawkin" },
      now,
    );
    const day = addDays(monday, 3);
    const lateDay = addDays(monday, -2);
    for (const plan of [south, north, off]) {
      await db.deleteFrom("watch_visits").where("plan_id", "=", plan.planId).execute();
      await db
        .insertInto("watch_visits")
        .values({
          id: crypto.randomUUID(),
          plan_id: plan.planId,
          day,
          kind: "regular",
          status: "scheduled",
          created_at: now.toISOString(),
        })
        .execute();
    }
    await db
      .insertInto("watch_visits")
      .values({
        id: crypto.randomUUID(),
        plan_id: south.planId,
        day: lateDay,
        kind: "regular",
        status: "scheduled",
        created_at: now.toISOString(),
      })
      .execute();
    await db
      .insertInto("watch_visits")
      .values({
        id: crypto.randomUUID(),
        plan_id: north.planId,
        day: addDays(monday, -9),
        kind: "regular",
        status: "finished",
        created_at: now.toISOString(),
      })
      .execute();
    const week = await weekWatchVisits(db, monday);
    expect(week.map((v) => [v.day, v.town])).toEqual([
      [lateDay, "Beach Haven"],
      [day, "Barnegat Light"],
      [day, "Beach Haven"],
      [day, "Manahawkin"],
    ]);
  });
});
