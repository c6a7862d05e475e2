/**
 * Home watch plans on SQLite and PostgreSQL, with the real mail worker and SMTP server: a plan made
 * from a home watch request is sent as a PDF and a link, accepted once with the typed name and the
 * consent, and its season's visits are scheduled on the plan's weekday; the access notes are kept
 * sealed and appear in no email, PDF, audit entry or homeowner page, and are deleted when the plan
 * ends; an accepted plan's signed terms do not change.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { loader as watchPageLoader } from "~/routes/watch";
import { addDays, dayOf, weekdayOf } from "~/time/business-time";
import { acceptPlan } from "~/watch/accept-watch-plan.server";
import { sendPlan } from "~/watch/send-watch-plan.server";
import { watchLink } from "~/watch/watch-link.server";
import {
  deskPlan,
  endFinishedSeasons,
  endPlan,
  requestsWithoutPlan,
  savePlan,
  startPlan,
} from "~/watch/watch-plans.server";
import type { PlanValues } from "~/watch/watch-rules";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { pdfText } from "../support/pdf-text";
import { firstMailTo } from "../support/smtp";

const OWNER = { email: "pat@causeway.test", client: null };
const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };
const HOMEOWNER_EMAIL = "robin@example.com";
/** What must never leave the plan's desk page and visit screen. */
const SECRET = "Lockbox 4417, alarm 9090#";
const signing = (consent = true) => ({
  name: "Robin Shore",
  consent,
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (test)",
});

/** A season of ten weeks starting in three days, visited on the weekday five days from now. */
function season(now: Date) {
  const today = dayOf(now);
  const start = addDays(today, 3);
  return { today, start, end: addDays(start, 69), weekday: weekdayOf(addDays(today, 5)) };
}

function values(now: Date, extra: Partial<PlanValues> = {}): PlanValues {
  const s = season(now);
  return {
    name: "Robin Shore",
    email: HOMEOWNER_EMAIL,
    phone: "(609) 555-0142",
    address: "8 Bay Avenue, Harvey Cedars, NJ",
    town: "Harvey Cedars",
    seasonStart: s.start,
    seasonEnd: s.end,
    frequency: "weekly",
    weekday: String(s.weekday),
    price: "85",
    stormPrice: "120",
    access: SECRET,
    inside: "Water heater\nThermostat set and the heat running",
    outside: "Roof line and gutters",
    ...extra,
  };
}

async function homeWatchRequest(db: Kysely<Database>): Promise<string> {
  const leadId = await insertLead(db, {
    name: "Robin Shore",
    email: HOMEOWNER_EMAIL,
    address: "8 Bay Avenue, Harvey Cedars, NJ",
  });
  await db.updateTable("leads").set({ service: "home-watch" }).where("id", "=", leadId).execute();
  return leadId;
}

function tokenIn(text: string): string {
  const match = /\/watch\/([\w-]{43})\b/.exec(text);
  if (!match?.[1]) throw new Error("no plan link in the email");
  return match[1];
}

describe.each(backends)("home watch plans on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("a plan made from a request is sent, accepted once, and schedules a visit every week of the season", async () => {
    const now = new Date();
    const leadId = await homeWatchRequest(db);
    expect((await requestsWithoutPlan(db)).map((r) => r.id)).toEqual([leadId]);
    const started = await startPlan(db, leadId, OWNER, now);
    if (!started.ok) throw new Error("not started");
    // A second tap opens the same plan.
    expect(await startPlan(db, leadId, OWNER, now)).toEqual(started);
    expect(await requestsWithoutPlan(db)).toEqual([]);
    expect(await savePlan(db, started.id, values(now), OWNER, now)).toMatchObject({ ok: true });

    // Sealed at rest: the row holds no word of the notes, the desk's page opens them.
    const row = await db.selectFrom("watch_plans").selectAll().where("id", "=", started.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("4417");
    expect((await deskPlan(db, started.id))?.values.access).toBe(SECRET);

    expect(await sendPlan(db, started.id, OWNER, context, now)).toEqual({ ok: true });
    const sent = await firstMailTo(harness().smtp, HOMEOWNER_EMAIL, /home watch plan/);
    expect(sent.mail.attachments.map((a) => a.filename)).toEqual(["home-watch-plan.pdf"]);
    const token = tokenIn(sent.mail.text ?? "");
    const pdf = await pdfText(new Uint8Array(sent.mail.attachments[0]?.content ?? []));
    expect(pdf).toContain("What a visit covers");
    expect(pdf).toContain("Repairs are quoted separately");
    expect(pdf).toContain("Ending the plan");
    expect(pdf).toContain("$85.00");

    const open = await watchLink(db, token, now);
    expect(open.state).toBe("open");
    expect(JSON.stringify(open)).not.toContain("4417");

    const refused = await acceptPlan(db, token, signing(false), context, now);
    expect(refused).toMatchObject({ accepted: false, error: expect.stringMatching(/Tick the box/) });

    // Two presses at once: one acceptance, one set of visits.
    const presses = await Promise.all([
      acceptPlan(db, token, signing(), context, now),
      acceptPlan(db, token, signing(), context, now),
    ]);
    expect(presses.filter((p) => p.accepted)).toHaveLength(1);

    const s = season(now);
    const expected: string[] = [];
    for (let day = s.start; day <= s.end; day = addDays(day, 1))
      if (weekdayOf(day) === s.weekday && day > s.today) expected.push(day);
    const visits = await db
      .selectFrom("watch_visits")
      .select(["day", "kind", "status"])
      .where("plan_id", "=", started.id)
      .orderBy("day")
      .execute();
    expect(visits.map((v) => v.day)).toEqual(expected);
    expect(visits).toHaveLength(10);
    expect(visits.every((v) => v.kind === "regular" && v.status === "scheduled")).toBe(true);

    const signed = await firstMailTo(harness().smtp, HOMEOWNER_EMAIL, /Your signed home watch plan/);
    expect(signed.mail.attachments.map((a) => a.filename)).toEqual([
      "home-watch-plan-accepted.pdf",
      "home-watch-plan-signed.pdf",
    ]);
    const record = await pdfText(new Uint8Array(signed.mail.attachments[1]?.content ?? []));
    expect(record).toContain("Accepted by: Robin Shore");
    await firstMailTo(harness().smtp, LEADS_TO, /Home watch plan accepted: Robin Shore/);
    const lead = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead.status).toBe("won");

    // The homeowner's page, as its loader answers it (the HTML's data and `.data` alike).
    const page = await watchPageLoader({
      params: { token },
      request: new Request(`${SITE_URL}/watch/${token}`),
    } as never);
    const shown = JSON.stringify(page.data);
    expect(shown).toContain("Robin Shore");
    expect(shown).not.toContain("4417");

    // The notes reached no email, no PDF, no audit entry.
    for (const mail of harness().smtp.received) {
      expect(mail.mail.text ?? "").not.toContain("4417");
      for (const file of mail.mail.attachments)
        expect(await pdfText(new Uint8Array(file.content))).not.toContain("4417");
    }
    const outbox = await db.selectFrom("outbox").select("payload").execute();
    expect(outbox.some((o) => o.payload.includes("4417"))).toBe(false);
    const audit = await db.selectFrom("owner_audit").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain("4417");
  });

  it("keeps an accepted plan's signed terms, and deletes the access notes when it ends", async () => {
    const now = new Date();
    const leadId = await homeWatchRequest(db);
    const started = await startPlan(db, leadId, OWNER, now);
    if (!started.ok) throw new Error("not started");
    await savePlan(db, started.id, values(now), OWNER, now);
    await sendPlan(db, started.id, OWNER, context, now);
    const token = tokenIn((await firstMailTo(harness().smtp, HOMEOWNER_EMAIL, /home watch plan/)).mail.text ?? "");
    expect((await acceptPlan(db, token, signing(), context, now)).accepted).toBe(true);

    const dearer = await savePlan(db, started.id, values(now, { price: "95" }), OWNER, now);
    expect(dearer).toMatchObject({ ok: false, status: 409 });
    expect(await savePlan(db, started.id, values(now, { access: "Lockbox 5520" }), OWNER, now)).toMatchObject({
      ok: true,
    });

    expect(await endPlan(db, started.id, "Ended by the owner.", OWNER, now)).toEqual({ ok: true });
    const row = await db
      .selectFrom("watch_plans")
      .select(["status", "access_sealed"])
      .where("id", "=", started.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "ended", access_sealed: null });
    const left = await db.selectFrom("watch_visits").select("status").where("plan_id", "=", started.id).execute();
    expect(left.every((v) => v.status === "cancelled")).toBe(true);
    const page = await watchLink(db, token, now);
    expect(page.state).toBe("ended");
  });

  it("a sent plan edited before acceptance withdraws its link; a season over ends by itself", async () => {
    const now = new Date();
    const leadId = await homeWatchRequest(db);
    const started = await startPlan(db, leadId, OWNER, now);
    if (!started.ok) throw new Error("not started");
    await savePlan(db, started.id, values(now), OWNER, now);
    await sendPlan(db, started.id, OWNER, context, now);
    const token = tokenIn((await firstMailTo(harness().smtp, HOMEOWNER_EMAIL, /home watch plan/)).mail.text ?? "");
    expect(await savePlan(db, started.id, values(now, { price: "90" }), OWNER, now)).toMatchObject({
      ok: true,
      withdrawn: true,
    });
    expect(await watchLink(db, token, now)).toEqual({ state: "gone", status: 404 });
    expect((await acceptPlan(db, token, signing(), context, now)).accepted).toBe(false);

    const afterSeason = new Date(now.getTime() + 90 * 86_400_000);
    expect(await endFinishedSeasons(db, afterSeason)).toBe(1);
    const row = await db
      .selectFrom("watch_plans")
      .select(["status", "access_sealed"])
      .where("id", "=", started.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "ended", access_sealed: null });
  });
});
