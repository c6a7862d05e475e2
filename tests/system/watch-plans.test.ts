/**
 * Home watch plans through the built server, as the owner's phone and the homeowner's browser
 * without JavaScript send them, on SQLite and PostgreSQL: 'Make a plan' from a home watch request,
 * 'Save and send', the homeowner's page and its acceptance. Then as an attacker would try them: a
 * stranger or a forged session, a foreign Origin, other spellings, no or an unknown intent, an
 * oversized post, a malformed id or token, and eight acceptances sent at once. The access notes
 * typed on the desk are read for everywhere else they must not be: the homeowner's page and its
 * `.data`, every email and PDF, and the server's log.
 */
import { describe, expect, it } from "vitest";
import { addDays, dayOf, weekdayOf } from "~/time/business-time";
import { linkIn } from "../support/jobs";
import { insertLead } from "../support/leads";
import { postAllAtOnce } from "../support/parallel-posts";
import { pdfText } from "../support/pdf-text";
import { builtSites, postgresForThisFile, sendTo, stopAfterEachTest, whileServerRuns } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const site = builtSites(stopAfterTest, postgresForThisFile());

const SECRET = "Lockbox 7731 by the outdoor shower, alarm 2468#";

function planForm(intent: string) {
  const today = dayOf(new Date());
  const start = addDays(today, 2);
  return {
    intent,
    name: "Robin Shore",
    email: "robin@example.com",
    phone: "(609) 555-0142",
    address: "8 Bay Avenue, Harvey Cedars, NJ",
    town: "Harvey Cedars",
    seasonStart: start,
    seasonEnd: addDays(start, 55),
    frequency: "weekly",
    weekday: String(weekdayOf(addDays(today, 4))),
    price: "85",
    stormPrice: "120",
    access: SECRET,
    inside: "Water heater\nThermostat set and the heat running",
    outside: "Roof line and gutters",
  };
}

describe.each(["sqlite", "postgres"] as const)("home watch plans on %s", (backend) => {
  it("are made, sent and accepted without JavaScript, refusing every odd request, and keep the access notes to the desk", async () => {
    const { origins, db, cookie, servers } = await site(backend);
    const origin = origins[0] ?? "";
    const send = sendTo(origin);
    const owner = { cookie, Origin: origin };
    const leadId = await whileServerRuns(async () => {
      const id = await insertLead(db, { name: "Robin Shore", email: "robin@example.com" });
      await db.updateTable("leads").set({ service: "home-watch" }).where("id", "=", id).execute();
      return id;
    });

    // The list offers the request; a stranger, a forged session and a foreign Origin get nothing.
    expect(await (await send("/owner/watch", undefined, { cookie })).text()).toContain("Make a plan");
    for (const stranger of ["", "causeway_session=forged-token-value"]) {
      const page = await send("/owner/watch", undefined, { cookie: stranger });
      expect(page.status, stranger).toBe(302);
      expect(page.headers.get("location")).toContain("/owner/sign-in");
      const start = await send("/owner/watch", { intent: "start", leadId }, { cookie: stranger, Origin: origin });
      expect(start.status).toBe(302);
    }
    expect(
      (await send("/owner/watch", { intent: "start", leadId }, { cookie, Origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await send("/owner/watch", { leadId }, owner)).status).toBe(400);
    expect((await send("/owner/watch", { intent: "start", leadId: "not-a-lead" }, owner)).status).toBe(404);
    expect(await db.selectFrom("watch_plans").select("id").execute()).toEqual([]);

    const started = await send("/owner/watch", { intent: "start", leadId }, owner);
    expect(started.status).toBe(303);
    const planPage = started.headers.get("location") ?? "";
    expect(planPage).toMatch(/^\/owner\/watch\/[0-9a-f-]{36}$/);
    const desk = await (await send(planPage, undefined, { cookie })).text();
    expect(desk).toContain("Under sinks and toilets");
    expect(desk).toContain("Monthly is not offered");

    // The plan's page refuses as the list does, and a malformed or unknown id is not found.
    expect((await send(planPage, undefined, { cookie: "" })).status).toBe(302);
    expect((await send(planPage, planForm("send"), { cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await send(planPage, { ...planForm("send"), intent: "wipe" }, owner)).status).toBe(400);
    for (const path of [
      "/owner/watch/12",
      "/owner/watch/00000000-0000-4000-8000-000000000000",
      `${planPage.toUpperCase()}`,
    ]) {
      const answer = await send(path, undefined, { cookie });
      expect(answer.status, path).not.toBe(500);
      expect([302, 404], path).toContain(answer.status);
    }
    const huge = await send(planPage, { ...planForm("save"), inside: "x".repeat(300_000) }, owner);
    expect(huge.status).toBe(413);
    const unpriced = await send(planPage, { ...planForm("send"), price: "" }, owner);
    expect(unpriced.status).toBe(400);
    expect(await unpriced.text()).toContain("Price per visit: write an amount");

    const sent = await send(planPage, planForm("send"), owner);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const token = await linkIn(db, "watch-plan-sent", "watch");
    const planData = await (await send(`${planPage}.data`, undefined, { cookie })).text();
    expect(planData).toContain("7731");

    // The homeowner's page, without JavaScript, and its data: the plan, and not the notes.
    const open = await send(`/watch/${token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get("cache-control")).toBe("no-store");
    const html = await open.text();
    expect(html).toContain("Accept this plan");
    expect(html).toContain("Repairs are quoted separately");
    for (const path of [`/watch/${token}`, `/watch/${token}.data`]) {
      const text = await (await send(path)).text();
      expect(text, path).not.toContain("7731");
      expect(text, path).not.toMatch(/access_sealed|accessSealed|lead_id|leadId|created_by/);
    }
    // The token with its last character changed: to "B" when it already ends in "A" (1 in 64 tokens).
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of ["/watch/abc", `/watch/${changed}`, `/watch/${token}x`]) {
      const answer = await send(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain("Robin");
    }
    const unticked = await send(`/watch/${token}`, { intent: "accept", signature: "Robin Shore" });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to agree");

    // Eight presses at once: one acceptance, one season of visits.
    const presses = await postAllAtOnce(
      origin,
      `/watch/${token}`,
      Array.from({ length: 8 }, () => ({ intent: "accept", signature: "Robin Shore", consent: "yes" })),
      { Origin: origin },
    );
    expect(presses.filter((p) => p.status === 200)).toHaveLength(1);
    expect(
      presses.every((p) => p.status === 200 || p.status === 409 || p.status === 429),
      String(presses.map((p) => p.status)),
    ).toBe(true);
    const visits = await db.selectFrom("watch_visits").select("day").execute();
    expect(visits).toHaveLength(8);
    const after = await (await send(`/watch/${token}`)).text();
    expect(after).toContain("Your home watch plan is running.");
    expect(after).toContain("Next visit:");
    expect(after).not.toContain("7731");

    // Every email the plan sent, and every PDF attached, is free of the notes; so is the log.
    const mails = await db.selectFrom("outbox").select(["payload", "kind"]).where("lead_id", "=", leadId).execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(["watch-plan-accepted", "watch-plan-accepted", "watch-plan-sent"]);
    expect(mails.some((m) => m.payload.includes("7731"))).toBe(false);
    const documents = await db.selectFrom("stored_documents").select("data").where("lead_id", "=", leadId).execute();
    expect(documents).toHaveLength(3);
    for (const document of documents) expect(await pdfText(new Uint8Array(document.data))).not.toContain("7731");
    for (const server of servers) {
      const log = server.log();
      expect(log.length).toBeGreaterThan(0);
      expect(log).not.toContain("7731");
      expect(log).not.toContain(token);
    }
  });
});
