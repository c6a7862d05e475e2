/**
 * The outbox and its workers, the schema migrations, and mail without an SMTP server.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { openDatabase, openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { createMailWorker, type MailWorker } from "~/infra/mail-worker.server";
import { migrateToLatest, migrations } from "~/infra/migrations.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp } from "~/infra/schema.server";
import { handleEstimateSubmission } from "~/leads/estimate.server";
import { backends, eventually, LEADS_TO, startHarness, type Harness } from "../support/harness";
import { smallJpeg } from "../support/images";
import { createTestDatabase } from "../support/postgres";
import { estimateForm, post, validFields } from "../support/requests";

describe.each(backends)("outbox workers on %s", (backend) => {
  let harness: Harness;
  const handles: DatabaseHandle[] = [];
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    // No background worker: each test runs the workers it needs.
    harness = await startHarness(backend, { worker: false });
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await harness.reset();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  });

  function worker(options: { batchSize?: number; leaseMs?: number; mailFrom?: string } = {}): MailWorker {
    // Its own connection (pool), as a second server instance would have.
    const handle = openDatabase(harness.env);
    handles.push(handle);
    const created = createMailWorker({
      db: handle.db,
      dialect: handle.dialect,
      config: { ...harness.env, mailFrom: options.mailFrom ?? harness.env.mailFrom },
      pollIntervalMs: 20,
      batchSize: options.batchSize,
      leaseMs: options.leaseMs,
    });
    workers.push(created);
    return created;
  }

  it("never sends a message twice when two workers share the outbox", async () => {
    const db = await harness.db();
    const count = 40;
    for (let i = 0; i < count; i++) {
      await enqueueMail(db, {
        kind: "newsletter-confirm",
        to: `reader${i}@example.com`,
        subject: `Message ${i}`,
        text: "t",
        html: "<p>t</p>",
      });
    }
    // Each worker signs with its own sender, to see that both took part.
    const first = worker({ batchSize: 3, mailFrom: "First <outbox@first.test>" });
    const second = worker({ batchSize: 3, mailFrom: "Second <outbox@second.test>" });
    first.start();
    second.start();

    await harness.smtp.waitFor(count);
    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select("status").execute();
      return rows.every((row) => row.status === "sent");
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const subjects = harness.smtp.received.map((message) => message.mail.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const senders = new Set(harness.smtp.received.map((message) => message.mail.from?.value[0]?.address));
    expect(senders).toEqual(new Set(["outbox@first.test", "outbox@second.test"]));
    const rows = await db.selectFrom("outbox").select(["attempts"]).execute();
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it("takes over a message whose worker died mid-send once its lease runs out", async () => {
    const db = await harness.db();
    const id = await enqueueMail(db, {
      kind: "newsletter-confirm",
      to: "late@example.com",
      subject: "Late",
      text: "t",
      html: "t",
    });
    // what a crashed worker leaves behind
    await db
      .updateTable("outbox")
      .set({ status: "sending", attempts: 1, locked_until: timestamp(new Date(Date.now() + 500)) })
      .where("id", "=", id)
      .execute();
    worker().start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.smtp.received).toHaveLength(0);
    await harness.smtp.waitFor(1);
    const row = await eventually(async () => {
      const current = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return current.status === "sent" && current;
    });
    expect(row.attempts).toBe(2);
  });

  it("attaches photos up to 15 MB to the owner's email and says how many more are stored", async () => {
    const db = await harness.db();
    const photo = await smallJpeg();
    const outcome = await handleEstimateSubmission(
      post(
        "/api/estimate",
        estimateForm(validFields, [
          { name: "a.jpg", data: photo },
          { name: "b.jpg", data: photo },
        ]),
      ),
    );
    expect(outcome.success).toBe(true);
    // Make the stored photos look big without spending seconds on encoding 15 MB of images.
    await db
      .updateTable("lead_photos")
      .set({ bytes: 9 * 1024 * 1024 })
      .execute();
    const { ownerNotification } = await import("~/leads/estimate-emails.server");
    const photos = await db.selectFrom("lead_photos").selectAll().orderBy("position").execute();
    const mail = ownerNotification(
      {
        id: "lead",
        createdAt: new Date(),
        values: validFields,
        photos: photos.map((p) => ({ id: p.id, fileName: p.file_name, contentType: p.content_type, bytes: p.bytes })),
      },
      LEADS_TO,
      "https://site.causeway.test",
    );
    expect(mail.attachments).toHaveLength(1);
    expect(mail.text).toMatch(/1 more photo \(9\.0 MB\) did not fit in this email/);
    expect(mail.text).toContain("see them on the desk at https://site.causeway.test/owner/leads/lead");
  });
});

describe.each(backends)("mail without SMTP_URL on %s", (backend) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(backend, { smtp: false });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("writes each message as an .eml file under DATA_DIR/outbox and marks it sent", async () => {
    const outcome = await handleEstimateSubmission(
      post("/api/estimate", estimateForm(validFields, [{ name: "deck.jpg", data: await smallJpeg() }])),
    );
    expect(outcome.success).toBe(true);
    const directory = path.join(harness.dataDir, "outbox");
    const files = await eventually(async () => {
      const names = await fs.readdir(directory).catch(() => []);
      return names.length === 2 ? names : undefined;
    });
    const messages = await Promise.all(
      files.map(async (file) => simpleParser(await fs.readFile(path.join(directory, file)))),
    );
    const owner = messages.find((message) => message.subject?.startsWith("Estimate request"));
    expect(owner?.attachments.map((attachment) => attachment.filename)).toEqual(["deck.jpg"]);
    expect(owner?.replyTo?.value[0]?.address).toBe(validFields.email);
    const db = await harness.db();
    await eventually(async () => {
      const rows = await db.selectFrom("outbox").select("status").execute();
      return rows.length === 2 && rows.every((row) => row.status === "sent");
    });
    expect(harness.smtp.received).toHaveLength(0);
  });
});

describe("migrations", () => {
  beforeAll(() => {
    process.env.LOG_LEVEL ??= "silent";
  });

  it("run once when several PostgreSQL clients start together, and are idempotent", async () => {
    const url = await createTestDatabase(inject("postgresUrl"));
    const config = { databaseUrl: url, dataDir: "/nonexistent" };
    const handles = await Promise.all([1, 2, 3, 4].map(() => openMigratedDatabase(config)));
    try {
      const [first] = handles;
      const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(first!.db);
      expect(applied.rows.map((row) => row.name)).toEqual(migrations.map((m) => m.name));
      expect(await migrateToLatest(first!.db, "postgres")).toEqual([]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it("are idempotent on SQLite", async () => {
    const dataDir = await fs.mkdtemp(path.join("/tmp", "leads-migrate-"));
    try {
      const handle = openDatabase({ databaseUrl: undefined, dataDir });
      expect(await migrateToLatest(handle.db, "sqlite")).toEqual(migrations.map((m) => m.name));
      expect(await migrateToLatest(handle.db, "sqlite")).toEqual([]);
      await handle.close();
      const reopened = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(reopened.db);
      expect(journal.rows[0]?.journal_mode).toBe("wal");
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(reopened.db);
      expect(sync.rows[0]?.synchronous).toBe(2); // FULL
      await reopened.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
