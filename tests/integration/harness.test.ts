/**
 * The harness's reset, between tests, empties what it says it empties: every table of the
 * database but the migrations' record and `app_meta`, and the mail files. The tables are read from
 * the database's catalog, so a table a migration adds is covered once this test gives it a row.
 */
import { firstFacts } from "~/content/business-facts";
import { publishFacts } from "~/facts/facts-store.server";
import { serviceFiles } from "~/content/service-pages.server";
import { publishSitePage } from "~/site-pages/site-pages-store.server";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { claimRun } from "~/infra/scheduler.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { backends, databaseTables, KEPT_TABLES, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { insertJobRows } from "../support/jobs";
import { bookVisit, insertLeadWithEverything } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { addClosedDay } from "~/closed-days/closed-days.server";
import { publishNotice } from "~/notices/notices.server";
import { saveDraft } from "~/site-pages/page-drafts.server";
import { publishedReview } from "../support/reviews";
import { startPlan } from "~/watch/watch-plans.server";

/** One row in each table that holds records; the list must name every table the database has. */
async function fillEveryTable(db: Kysely<Database>, dataDir: string): Promise<void> {
  const now = timestamp();
  const later = timestamp(new Date(Date.now() + 3_600_000));
  const { id: leadId } = await insertLeadWithEverything(db, dataDir);
  await insertJobRows(db, leadId);
  await bookVisit(db, leadId, { ownerEmail: "pat@causeway.test", siteUrl: SITE_URL, leadsTo: LEADS_TO });
  const { owner } = await signedInOwner(db, SITE_URL);
  await db
    .insertInto("owner_passkeys")
    .values({
      id: "credential",
      owner_id: owner.id,
      public_key: Buffer.from([1]),
      counter: 0,
      device_name: "Phone",
      created_at: now,
    })
    .execute();
  await db
    .insertInto("owner_setup_tokens")
    .values({ token_hash: "setup", owner_id: owner.id, created_at: now, expires_at: later })
    .execute();
  await db
    .insertInto("owner_challenges")
    .values({ challenge: "c", purpose: "sign-in", owner_id: null, expires_at: later })
    .execute();
  await db
    .insertInto("owner_sign_in_codes")
    .values({ id: randomUUID(), email: owner.email, code_hash: "h", created_at: now, expires_at: later })
    .execute();
  await db.insertInto("owner_code_failures").values({ id: randomUUID(), email: owner.email, failed_at: now }).execute();
  await db
    .insertInto("push_subscriptions")
    .values({
      id: randomUUID(),
      owner_id: owner.id,
      endpoint: "https://push.test/1",
      p256dh: "k",
      auth: "a",
      device_name: "Phone",
      created_at: now,
    })
    .execute();
  await db
    .insertInto("subscribers")
    .values({ id: randomUUID(), email: "reader@example.com", status: "pending", created_at: now })
    .execute();
  await db
    .insertInto("rate_limits")
    .values({ key: "form-estimate:1", points: 1, expire: Date.now() + 60_000 })
    .execute();
  await db.insertInto("digest_days").values({ day: "2026-01-05", claimed_at: now }).execute();
  await db.insertInto("invoice_numbers").values({ year: 2026, last: 1 }).execute();
  await db
    .insertInto("payment_settings")
    .values({
      id: 1,
      checks_payable_to: "Causeway LLC",
      transfer_line: "",
      pay_online_url: "",
      due_days: 0,
      updated_by: owner.email,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("kept_records")
    .values({
      id: randomUUID(),
      kind: "contract",
      customer_name: "Dana Visitor",
      customer_address: "12 Ocean Ave",
      title: "Contract, quote version 1",
      amount_cents: 100,
      signed_day: "2026-01-05",
      keep_until: "2033-12-31",
      created_at: now,
    })
    .execute();
  await db
    .insertInto("idempotency_keys")
    .values({ key: "k".repeat(22), lead_id: leadId, fingerprint: "f", created_at: now })
    .execute();
  // A quote with its document, and the contract facts it needs.
  await db
    .insertInto("stored_documents")
    .values({
      id: "document",
      lead_id: leadId,
      file_name: "quote.pdf",
      content_type: "application/pdf",
      sha256: "0".repeat(64),
      bytes: 1,
      data: Buffer.from([1]),
      created_at: now,
    })
    .execute();
  await db
    .insertInto("contract_facts")
    .values({
      id: 1,
      insurer_name: "Shore Mutual",
      insurer_phone: "609-555-0100",
      consumer_affairs_phone: "973-504-6200",
      warranty: "One year on workmanship.",
      payment_terms: "{}",
      certificate_document_id: "document",
      updated_by: owner.email,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("quote_versions")
    .values({
      id: randomUUID(),
      lead_id: leadId,
      version: 1,
      status: "draft",
      content: "{}",
      created_by: owner.email,
      created_at: now,
      updated_at: now,
      document_id: "document",
    })
    .execute();
  await claimRun(db, { name: "test-job", everyMs: 60_000 }, new Date());
  // A notice and a closed day, each bumping the live version.
  const actor = { email: owner.email, client: null };
  await publishNotice(db, { body: "Closed Thursday", tone: "info", startsAt: null, endsAt: null }, actor);
  await addClosedDay(db, { firstDay: "2030-11-28", lastDay: "", label: "Thanksgiving" }, actor);
  // A publish of the business facts.
  await publishFacts(db, actor, { facts: { ...firstFacts, phone: "+16095550199" }, basedOn: 0 });
  const decks = serviceFiles["decks-and-stairs"] ?? "";
  const published = await publishSitePage(db, actor, {
    kind: "service",
    name: "decks-and-stairs",
    markdown: decks.replace("built to take the weather", "built for the weather"),
    basedOn: 0,
  });
  if (!published.ok) throw new Error("the decks page was not published");
  // A draft of a page, saved and not yet published.
  const draft = await saveDraft(
    db,
    { ...actor, email: owner.email },
    {
      kind: "faq",
      name: "general",
      fields: { basedOn: "0", count: "0" },
      basedOn: 0,
      revision: 0,
    },
  );
  if (!draft.ok) throw new Error("the draft was not saved");
  // A review request and the review written with it.
  await publishedReview(db);
  // A project with a photo and one of its encoded files, and the address of one taken down.
  await db
    .insertInto("projects")
    .values({
      id: "harness-project",
      slug: "harness-deck",
      title: "Rebuilt deck",
      service: "decks-and-stairs",
      town: "Surf City",
      finished: "2026-05",
      story: "New stringers and treads.",
      status: "published",
      ever_published: 1,
      lead_id: null,
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .execute();
  await db
    .insertInto("project_photos")
    .values({
      id: "harness-photo",
      project_id: "harness-project",
      upload_key: "harness-upload",
      position: 0,
      description: "The deck from the yard",
      label: null,
      is_cover: 1,
      state: "ready",
      original: null,
      original_format: null,
      width: 480,
      height: 320,
      hash: "abc123",
      problem: null,
      claimed_until: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("project_photo_files")
    .values({
      name: "harness-deck-abc123-480.avif",
      photo_id: "harness-photo",
      format: "avif",
      width: 480,
      bytes: 3,
      data: Buffer.from("abc"),
    })
    .execute();
  await db.insertInto("gone_projects").values({ slug: "old-porch", gone_at: now }).execute();
  // A home watch plan for the lead's house, with one visit and its first result.
  const plan = await startPlan(db, leadId, { email: owner.email, client: null });
  if (!plan.ok) throw new Error("no plan started");
  const visitId = randomUUID();
  const stormId = randomUUID();
  await db
    .insertInto("watch_storms")
    .values({ id: stormId, towns: "[]", due_by: later, created_by: owner.email, created_at: now })
    .execute();
  await db
    .insertInto("watch_visits")
    .values({
      id: visitId,
      plan_id: plan.id,
      day: "2027-01-07",
      kind: "storm",
      status: "started",
      storm_id: stormId,
      due_by: later,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("watch_results")
    .values({
      visit_id: visitId,
      item_id: "item1",
      area: "inside",
      label: "Water heater",
      result: "ok",
      note: "",
      tapped_at: now,
      saved_at: now,
    })
    .execute();
  await db
    .insertInto("watch_photos")
    .values({
      id: randomUUID(),
      plan_id: plan.id,
      visit_id: visitId,
      item_id: "item1",
      upload_key: "harness-watch-photo",
      content_type: "image/jpeg",
      width: 4,
      height: 3,
      large: Buffer.from("abc"),
      small: Buffer.from("ab"),
      taken_at: now,
      taken_from: "camera",
      created_by: owner.email,
      created_at: now,
    })
    .execute();
  // A photo for the written pages, made ready, with one of its files.
  await db
    .insertInto("site_photos")
    .values({
      id: "harness-site-photo",
      upload_key: "harness-site-upload",
      state: "ready",
      original: null,
      original_format: null,
      width: 480,
      height: 320,
      hash: "def456",
      phone_copy: "data:image/avif;base64,AAAA",
      problem: null,
      uploaded_by: owner.email,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("site_photo_files")
    .values({
      name: "def456-480.avif",
      photo_id: "harness-site-photo",
      format: "avif",
      width: 480,
      bytes: 3,
      data: Buffer.from("def"),
    })
    .execute();
}

describe.each(backends)("the harness on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("empties every table but the migrations' record and app_meta, and the mail files", async () => {
    const db = await harness().db();
    await fillEveryTable(db, harness().dataDir);
    const tables = await databaseTables(db, backend);
    const count = async (table: string) =>
      Number(
        (
          await db
            .selectFrom(table as keyof Database)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of tables) expect(await count(table), `a row in ${table}`).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(harness().dataDir, "outbox"))).not.toEqual([]);

    await harness().reset();
    for (const table of tables)
      if (!KEPT_TABLES.includes(table)) expect(await count(table), `rows left in ${table}`).toBe(0);
    expect(fs.existsSync(path.join(harness().dataDir, "outbox"))).toBe(false);
  });
});
