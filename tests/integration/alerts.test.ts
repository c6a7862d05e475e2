/**
 * Reminders and the push worker on real SQLite and PostgreSQL, with SMTP and a Web Push service on
 * loopback: a lead still New gets one reminder (one push, one email) once it has waited the set
 * business hours, with the clock driven by the test, and never a second, even with two instances
 * looking at once; two push workers on one database send each push once.
 */
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPushWorker, type PushWorker } from "~/alerts/push-worker.server";
import { sendDueReminders } from "~/alerts/reminders.server";
import { addDevice } from "~/alerts/subscriptions.server";
import { openDatabase, type DatabaseHandle } from "~/infra/db.server";
import { getEnv } from "~/settings/env.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import type { Database } from "~/infra/schema.server";
import { newLeadAlert } from "~/leads/record/alert-text";
import { addOwner } from "~/owner/owners.server";
import { backends, eventually, LEADS_TO, useHarness } from "../support/harness";
import { insertLead as insertLeadFixture, type LeadFixture } from "../support/leads";
import { startPushService, type TestPushService } from "../support/push-service";
import { expectErrorOutput } from "../support/console-trap";

let push: TestPushService;
let savedHosts: string | undefined;
beforeAll(async () => {
  push = await startPushService();
  savedHosts = process.env.PUSH_SERVICE_HOSTS;
  // Read by the harness's server set-up, like any other variable.
  process.env.PUSH_SERVICE_HOSTS = push.host;
});
afterAll(async () => {
  if (savedHosts === undefined) delete process.env.PUSH_SERVICE_HOSTS;
  else process.env.PUSH_SERVICE_HOSTS = savedHosts;
  await push.stop();
});

async function ownerWithDevice(db: Kysely<Database>) {
  await db.deleteFrom("owners").execute();
  const added = await addOwner(db, "pat@causeway.test");
  if (!added.added) throw new Error("owner not added");
  const subscription = push.subscribe();
  await addDevice(db, added.owner.id, subscription, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)");
  return subscription;
}

function insertLead(db: Kysely<Database>, createdAt: Date, name: string, fixture: LeadFixture = {}): Promise<string> {
  return insertLeadFixture(db, {
    ...fixture,
    createdAt,
    name,
    email: "kim@example.com",
    phone: "(609) 555-0142",
    address: "7 Bay Ave, Beach Haven, NJ",
    description: "Outdoor shower enclosure is rotting at the base",
  });
}

/** The push a new lead queues for every device, as the lead record queues it. */
function queueNewLeadPush(db: Kysely<Database>, id: string, name: string): Promise<number> {
  const alert = newLeadAlert({ id, name, address: "", description: "x", photoCount: 0 });
  return enqueuePush(db, "lead-push", alert, id, new Date());
}

const pushesFor = (name: string) => push.received.filter((p) => p.text.includes(name));

describe.each(backends)("reminders on %s", (backend) => {
  const harness = useHarness(backend);

  it("sends one push and one email once a New lead has waited two business hours, and never again", async () => {
    const db = await harness().db();
    const subscription = await ownerWithDevice(db);
    const name = `Reminded ${backend}`;
    // Friday 7 March 2025, 16:00 EST: one business hour that day, the second on Monday (after the
    // spring clock change), so due Monday 10 March at 10:00 EDT, 14:00 UTC.
    const leadId = await insertLead(db, new Date("2025-03-07T21:00:00Z"), name);
    const options = { afterHours: 2, leadsTo: LEADS_TO, siteUrl: harness().env.siteUrl };

    for (const notYet of ["2025-03-07T23:30:00Z", "2025-03-09T15:00:00Z", "2025-03-10T13:59:00Z"])
      expect(await sendDueReminders(db, { ...options, now: new Date(notYet) }), notYet).toEqual([]);
    expect(await sendDueReminders(db, { ...options, now: new Date("2025-03-10T14:00:00Z") })).toEqual([leadId]);
    // Later looks, and two instances looking at the same moment, find it already reminded of.
    const later = new Date("2025-03-10T15:00:00Z");
    const twice = await Promise.all([
      sendDueReminders(db, { ...options, now: later }),
      sendDueReminders(db, { ...options, now: later }),
    ]);
    expect(twice).toEqual([[], []]);

    const [mail] = await harness().smtp.waitFor(1);
    expect(mail?.rcptTo).toEqual(["pat@causeway.test"]);
    expect(mail?.mail.subject).toBe(`Still new after 2 business hours: ${name}`);
    expect(mail?.mail.text).toContain(`${harness().env.siteUrl}/owner/leads/${leadId}`);
    const reminder = await push.waitFor((p) => p.text.includes(name));
    expect(reminder.id).toBe(subscription.endpoint.split("/").pop());
    expect(JSON.parse(reminder.text)).toMatchObject({
      title: `Still new after 2 business hours: ${name}`,
      url: `/owner/leads/${leadId}`,
    });
    const lead = await db.selectFrom("leads").select("reminded_at").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(new Date(lead.reminded_at ?? 0).toISOString()).toBe("2025-03-10T14:00:00.000Z");

    await new Promise((r) => setTimeout(r, 1_500));
    expect(pushesFor(name)).toHaveLength(1);
    expect(harness().smtp.received).toHaveLength(1);
  });

  it("leaves alone a lead marked contacted, one held as spam, and everything with reminders off", async () => {
    const db = await harness().db();
    await ownerWithDevice(db);
    const created = new Date("2025-03-04T15:00:00Z");
    await insertLead(db, created, `Contacted ${backend}`, { status: "contacted" });
    await insertLead(db, created, `Held ${backend}`, { quarantined: true });
    const waiting = await insertLead(db, created, `Waiting ${backend}`);
    const now = new Date("2025-03-05T15:00:00Z");
    const options = { leadsTo: LEADS_TO, siteUrl: harness().env.siteUrl, now };
    expect(await sendDueReminders(db, { ...options, afterHours: 0 })).toEqual([]);
    expect(await sendDueReminders(db, { ...options, afterHours: 2 })).toEqual([waiting]);
  });

  it("emails every owner, or LEADS_TO while the site has no owner yet", async () => {
    const db = await harness().db();
    await ownerWithDevice(db);
    const second = await addOwner(db, "lee@causeway.test");
    if (!second.added) throw new Error("owner not added");
    const options = { afterHours: 2, leadsTo: LEADS_TO, siteUrl: harness().env.siteUrl };
    const first = await insertLead(db, new Date("2025-03-04T15:00:00Z"), `Both owners ${backend}`);
    expect(await sendDueReminders(db, { ...options, now: new Date("2025-03-05T15:00:00Z") })).toEqual([first]);
    const toOwners = await harness().smtp.waitFor(2);
    expect(toOwners.flatMap((m) => m.rcptTo).sort()).toEqual(["lee@causeway.test", "pat@causeway.test"]);

    await db.deleteFrom("owners").execute();
    const later = await insertLead(db, new Date("2025-03-06T15:00:00Z"), `No owner ${backend}`);
    expect(await sendDueReminders(db, { ...options, now: new Date("2025-03-07T15:00:00Z") })).toEqual([later]);
    const all = await harness().smtp.waitFor(3);
    expect(all.filter((m) => m.mail.subject?.includes(`No owner ${backend}`)).map((m) => m.rcptTo)).toEqual([
      [LEADS_TO],
    ]);
  });
});

describe.each(backends)("the push worker on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  const handles: DatabaseHandle[] = [];
  const workers: PushWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  });

  it("sends each push once when two server instances deliver from one database", async () => {
    const db = await harness().db();
    await ownerWithDevice(db);
    const env = getEnv();
    const names = Array.from({ length: 12 }, (_, n) => `Lead ${n} ${backend}`);
    await db.transaction().execute(async (trx) => {
      for (const name of names) {
        const id = await insertLead(trx, new Date(), name);
        await queueNewLeadPush(trx, id, name);
      }
    });
    for (let i = 0; i < 2; i++) {
      const handle = openDatabase(env);
      handles.push(handle);
      const worker = createPushWorker({ db: handle.db, dialect: handle.dialect, config: env, batchSize: 2 });
      workers.push(worker);
      worker.start();
    }
    await eventually(async () => names.every((name) => pushesFor(name).length > 0), 15_000);
    await new Promise((r) => setTimeout(r, 1_000));
    for (const name of names) expect(pushesFor(name), name).toHaveLength(1);
    const statuses = await db.selectFrom("outbox").select("status").where("channel", "=", "push").execute();
    expect(statuses.map((row) => row.status)).toEqual(names.map(() => "sent"));
  });

  it("retries a push the service could not take, and gives up on one it refuses", async () => {
    // Deliberate: the worker logs the refusal as an error.
    expectErrorOutput(/push failed permanently.*answered 403/);
    const db = await harness().db();
    const subscription = await ownerWithDevice(db);
    const name = `Retried ${backend}`;
    const id = await insertLead(db, new Date(), name);
    await queueNewLeadPush(db, id, name);
    const worker = createPushWorker({ db, dialect: harness().backend, config: getEnv() });
    push.answer(subscription, 503);
    expect(await worker.runOnce()).toBe(1);
    const after503 = await db
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("lead_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(after503).toEqual({ status: "pending", last_error: "push service answered 503" });
    push.answer(subscription, null);
    await eventually(async () => (await worker.runOnce()) > 0, 5_000);
    expect(pushesFor(name)).toHaveLength(1);

    const refusedName = `Refused ${backend}`;
    const refusedId = await insertLead(db, new Date(), refusedName);
    await queueNewLeadPush(db, refusedId, refusedName);
    push.answer(subscription, 403);
    expect(await worker.runOnce()).toBe(1);
    push.answer(subscription, null);
    const refused = await db
      .selectFrom("outbox")
      .select("status")
      .where("lead_id", "=", refusedId)
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe("failed");
  });
});
