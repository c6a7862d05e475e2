/**
 * The visit screen through the built server on SQLite. Without JavaScript: 'Start visit', each item
 * saved by its own form, 'Finish visit' refused at first and then done. As its script sends
 * entries: JSON answers, and every refusal an attacker would meet (no or a forged session, a
 * foreign Origin, other spellings, a malformed or unknown visit, no or an unknown intent, an
 * oversized post, eight copies of one tap at once). The screen shows the access notes to the
 * signed-in owner and its address never shows them to anyone else; the report the finish sends
 * reads in full without JavaScript behind the plan's link, and hands over no access notes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { postAllAtOnce } from "../support/parallel-posts";
import { oneSqliteSiteForThisFile, sendTo, whileServerRuns, type BuiltSite } from "../support/system";
import { acceptedPlan } from "../support/watch";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

async function aVisit(name: string, email: string) {
  const context = { siteUrl: origin, leadsTo: "owner@causeway.test" };
  const plan = await whileServerRuns(() => acceptedPlan(s.db, context, { name, email, access: "Lockbox 5150" }));
  const visit = await s.db
    .selectFrom("watch_visits")
    .select("id")
    .where("plan_id", "=", plan.planId)
    .orderBy("day")
    .executeTakeFirstOrThrow();
  const row = await s.db
    .selectFrom("watch_plans")
    .select("checklist")
    .where("id", "=", plan.planId)
    .executeTakeFirstOrThrow();
  return { id: visit.id, items: parseChecklist(row.checklist), token: plan.token };
}

describe("the visit screen", () => {
  it("works without JavaScript: start, each item, a refused finish, then the finish", async () => {
    const send = sendTo(origin);
    const owner = { cookie: s.cookie, Origin: origin };
    const visit = await aVisit("Robin Shore", "robin@example.com");
    const page = `/owner/watch/visits/${visit.id}`;
    const first = await (await send(page, undefined, { cookie: s.cookie })).text();
    expect(first).toContain("Lockbox 5150");
    expect(first).toContain("Start visit");
    expect((await send(page, undefined, { cookie: "" })).status).toBe(302);

    expect((await send(page, { intent: "start" }, owner)).status).toBe(200);
    const [heater, ...rest] = visit.items;
    if (!heater) throw new Error("an item expected");
    const issue = await send(
      page,
      { intent: "result", item: heater.id, result: "issue", note: "Drip at the valve", nextStep: "call-today" },
      owner,
    );
    expect(issue.status).toBe(200);
    const refused = await send(page, { intent: "finish" }, owner);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`${rest[0]?.label ?? ""}: mark it OK, Issue or Not checked.`);
    for (const item of rest)
      expect(
        (await send(page, { intent: "result", item: item.id, result: "ok", note: "", nextStep: "" }, owner)).status,
      ).toBe(200);
    expect((await send(page, { intent: "finish" }, owner)).status).toBe(200);
    const done = await (await send(page, undefined, { cookie: s.cookie })).text();
    expect(done).toMatch(/Finished\. Arrived \d{1,2}:\d{2}/);
    const row = await s.db
      .selectFrom("watch_visits")
      .select("status")
      .where("id", "=", visit.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("finished");

    // The report, behind the plan's link, reads in full without JavaScript, and hands over no notes.
    const report = `/watch/${visit.token}/visits/${visit.id}`;
    const html = await (await send(report)).text();
    expect(html).toContain("1 issue found at 8 Bay Avenue, Harvey Cedars, NJ");
    expect(html).toContain("Drip at the valve");
    expect(html).toContain("We call you today to decide what to do");
    for (const path of [report, `${report}.data`]) {
      const text = await (await send(path)).text();
      expect(text, path).not.toMatch(/5150|pat@causeway|checked_by|access_sealed|accessSealed/);
    }
    const plan = await (await send(`/watch/${visit.token}`)).text();
    expect(plan).toContain(`href="/watch/${visit.token}/visits/${visit.id}"`);

    // 'Quote this repair' on the Issue opens a lead and goes to its quote; a stranger gets nothing.
    expect(await (await send(page, undefined, { cookie: s.cookie })).text()).toContain("Quote this repair");
    const stranger = await send(page, { intent: "quote-repair", item: heater.id }, { cookie: "", Origin: origin });
    expect(stranger.status).toBe(302);
    const repair = await send(page, { intent: "quote-repair", item: heater.id }, owner);
    expect(repair.status).toBe(303);
    expect(repair.headers.get("location")).toMatch(/^\/owner\/leads\/[0-9a-f-]{36}\/quote$/);
    const again = await send(page, { intent: "quote-repair", item: heater.id }, owner);
    expect(again.headers.get("location")).toBe(repair.headers.get("location"));
    expect((await send(page, { intent: "quote-repair", item: rest[0]?.id ?? "" }, owner)).status).toBe(400);
    for (const path of [
      `/watch/${visit.token}/visits/00000000-0000-4000-8000-000000000000`,
      `/watch/${visit.token}/visits/12`,
      `/watch/${"A".repeat(43)}/visits/${visit.id}`,
    ]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain("Bay Avenue");
    }
  });

  it("answers its script in JSON and refuses what an attacker would send", async () => {
    const visit = await aVisit("Sam Dune", "sam@example.com");
    const entries = `/owner/watch/visits/${visit.id}/entries`;
    const item = visit.items[0];
    if (!item) throw new Error("an item expected");
    const tap = { intent: "result", item: item.id, result: "ok", note: "", nextStep: "", at: new Date().toISOString() };
    const post = (body: Record<string, string>, headers: Record<string, string> = {}, path = entries) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(body),
        headers: { cookie: s.cookie, Origin: origin, Accept: "application/json", ...headers },
      });

    for (const cookie of ["", "causeway_session=forged-token-value"])
      expect((await post(tap, { cookie })).status, cookie).toBe(401);
    expect((await post(tap, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ ...tap, intent: "" })).status).toBe(400);
    expect((await post({ ...tap, intent: "wipe" })).status).toBe(400);
    expect((await post({ ...tap, result: "fine" })).status).toBe(400);
    expect((await post({ ...tap, item: "../../etc" })).status).toBe(400);
    expect((await post({ ...tap, note: "x".repeat(300_000) })).status).toBe(413);
    expect((await post(tap, {}, "/owner/watch/visits/12/entries")).status).toBe(404);
    expect((await post(tap, {}, "/owner/watch/visits/00000000-0000-4000-8000-000000000000/entries")).status).toBe(404);
    for (const path of [`${entries}.data`, entries.toUpperCase(), entries.replace("/visits/", "/visits//")]) {
      const answer = await post(tap, { cookie: "" }, path);
      expect(answer.status, path).not.toBe(500);
      expect([202, 302, 401, 403, 404, 405], path).toContain(answer.status);
    }
    expect(await s.db.selectFrom("watch_results").select("item_id").where("visit_id", "=", visit.id).execute()).toEqual(
      [],
    );

    const burst = await postAllAtOnce(
      origin,
      entries,
      Array.from({ length: 8 }, () => tap),
      {
        cookie: s.cookie,
        Origin: origin,
        Accept: "application/json",
      },
    );
    expect(burst.map((b) => b.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(JSON.parse(burst[0]?.body.toString() ?? "{}")).toEqual({ ok: true });
    expect(
      await s.db.selectFrom("watch_results").select("item_id").where("visit_id", "=", visit.id).execute(),
    ).toHaveLength(1);
    const early = await post({ intent: "finish", at: "" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as { problems: string[] }).problems).toHaveLength(visit.items.length - 1);
  });

  it("a storm check is called from the desk without JavaScript, refusing a stranger and bad fields", async () => {
    const send = sendTo(origin);
    const owner = { cookie: s.cookie, Origin: origin };
    const visit = await aVisit("Stormy Shore", "stormy@example.com");
    const plan = await s.db
      .selectFrom("watch_visits")
      .select("plan_id")
      .where("id", "=", visit.id)
      .executeTakeFirstOrThrow();
    const day = addDays(dayOf(new Date()), 4);
    const storm = { intent: "storm", town: "Harvey Cedars", day, time: "16:00" };
    expect(await (await send("/owner/watch", undefined, { cookie: s.cookie })).text()).toContain("Call a storm check");
    expect((await send("/owner/watch", storm, { cookie: "", Origin: origin })).status).toBe(302);
    expect((await send("/owner/watch", storm, { cookie: s.cookie, Origin: "https://evil.example" })).status).toBe(403);
    const noTown = await send("/owner/watch", { ...storm, town: "" }, owner);
    expect(noTown.status).toBe(400);
    expect(await noTown.text()).toContain("Tick the towns the storm hit.");
    expect((await send("/owner/watch", { ...storm, time: "4pm" }, owner)).status).toBe(400);
    const called = await send("/owner/watch", storm, owner);
    expect(called.status).toBe(200);
    expect(await called.text()).toMatch(/Storm check added for \d+ houses? in Harvey Cedars/);
    const added = await s.db
      .selectFrom("watch_visits")
      .select(["day", "kind"])
      .where("plan_id", "=", plan.plan_id)
      .where("kind", "=", "storm")
      .execute();
    expect(added).toEqual([{ day, kind: "storm" }]);
  });
});
