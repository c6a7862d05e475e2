/**
 * The outbox and its workers, a mail server refusing a message for its size, the schema
 * migrations, and mail without an SMTP server.
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
import { pruneExpiredMailFiles } from "~/infra/retention.server";
import { backends, eventually, LEADS_TO, startHarness, useHarness, type Harness } from "../support/harness";
import { noisyJpeg, smallJpeg } from "../support/images";
import { createTestDatabase } from "../support/postgres";
import { estimateForm, post, validFields } from "../support/requests";

type LogEntry = { level: string; msg: string } & Record<string, unknown>;

/** The log lines written to stderr during each test of the enclosing block, kept off the terminal. */
function captureStderr(): () => LogEntry[] {
  let lines: string[] = [];
  let restore: (() => void) | undefined;
  beforeEach(() => {
    lines = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    restore = () => {
      process.stderr.write = write;
    };
  });
  afterEach(() => restore?.());
  return () => lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogEntry);
}

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
});

describe.each(backends)("an owner notification too large for the mail server on %s", (backend) => {
  // Warnings on, to see the worker say what it did.
  const harness = useHarness(backend, { logLevel: "warn" });
  const logged = captureStderr();

  const LIMIT = 60_000;

  it("goes out again at once without the photos, saying how to get them", async () => {
    const photo = await noisyJpeg();
    harness().smtp.limitMessageSize(LIMIT);
    const outcome = await handleEstimateSubmission(
      post("/api/estimate", estimateForm(validFields, [{ name: "deck.jpg", data: photo }])),
    );
    expect(outcome.success).toBe(true);
    const db = await harness().db();
    const stored = await db.selectFrom("lead_photos").select("bytes").executeTakeFirstOrThrow();
    // Within MAIL_MAX_ATTACHMENTS_MB, so attached, but over what the server takes.
    expect(stored.bytes).toBeGreaterThan(LIMIT);

    const received = await harness().smtp.waitFor(2);
    const owner = received.find((message) => message.rcptTo.includes(LEADS_TO));
    expect(owner?.mail.subject).toBe("Estimate request from Jane Doe");
    expect(owner?.mail.attachments).toHaveLength(0);
    for (const body of [owner?.mail.text, String(owner?.mail.html)]) {
      expect(body).toContain("The mail server refused this email with the photos attached");
      expect(body).toContain("npm run leads -- --csv");
      expect(body).toContain("/owner/leads/");
      expect(body).toContain("The deck stairs rotted after the storm.");
    }
    expect(owner?.mail.replyTo?.value[0]?.address).toBe(validFields.email);
    expect(received.some((message) => message.rcptTo.includes(validFields.email))).toBe(true);
    // the first try, with the photo, was refused
    expect(harness().smtp.sizeRefusals()).toHaveLength(1);
    expect(harness().smtp.sizeRefusals()[0]).toBeGreaterThan(LIMIT);

    const rows = await eventually(async () => {
      const current = await db.selectFrom("outbox").select(["kind", "status", "attempts"]).execute();
      return current.every((row) => row.status === "sent") && current;
    });
    expect(rows.find((row) => row.kind === "lead-owner-notification")).toMatchObject({ status: "sent", attempts: 1 });
    const warning = logged().find((entry) => entry.msg.includes("too large"));
    expect(warning).toMatchObject({ level: "warn", kind: "lead-owner-notification", attachments: 1 });
  });

  it("fails as before for a message queued without the bodies to send instead", async () => {
    const outcome = await handleEstimateSubmission(
      post("/api/estimate", estimateForm(validFields, [{ name: "deck.jpg", data: await noisyJpeg() }])),
    );
    expect(outcome.success).toBe(true);
    await harness().smtp.waitFor(2);
    const db = await harness().db();
    const photo = await db.selectFrom("lead_photos").select(["id"]).executeTakeFirstOrThrow();
    harness().smtp.limitMessageSize(LIMIT);
    // what the outbox held before messages carried a version without attachments
    const id = await enqueueMail(db, {
      kind: "lead-owner-notification",
      to: LEADS_TO,
      subject: "Old notification",
      text: "t",
      html: "<p>t</p>",
      attachments: [{ photoId: photo.id, fileName: "deck.jpg", contentType: "image/jpeg" }],
    });
    const row = await eventually(async () => {
      const current = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return current.status === "failed" && current;
    });
    expect(row.last_error).toContain("552");
    expect(harness().smtp.received.map((message) => message.mail.subject)).not.toContain("Old notification");
  });
});

describe.each(backends)("MAIL_MAX_ATTACHMENTS_MB=0 on %s", (backend) => {
  const harness = useHarness(backend, { maxAttachmentsMb: 0 });

  it("sends the owner no photos and says they are stored", async () => {
    const outcome = await handleEstimateSubmission(
      post("/api/estimate", estimateForm(validFields, [{ name: "deck.jpg", data: await smallJpeg() }])),
    );
    expect(outcome.success).toBe(true);
    const received = await harness().smtp.waitFor(2);
    const owner = received.find((message) => message.rcptTo.includes(LEADS_TO));
    expect(owner?.mail.attachments).toHaveLength(0);
    expect(owner?.mail.text).toMatch(/1 photo \(\d+ KB\) did not fit in this email/);
    expect(owner?.mail.text).toContain("npm run leads -- --csv");
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
    // named by their lead, so deleting the lead can find them
    for (const file of files) expect(file.endsWith(`-lead-${outcome.success && outcome.leadId}.eml`)).toBe(true);
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

  it("deletes the files once they are older than sent mail is kept", async () => {
    // Another visitor than the test above: an address gets one confirmation a day.
    const visitor = { ...validFields, email: "another.visitor@example.com" };
    const outcome = await handleEstimateSubmission(post("/api/estimate", estimateForm(visitor)));
    if (!outcome.success || !outcome.leadId) throw new Error("submission failed");
    const suffix = `-lead-${outcome.leadId}.eml`;
    const directory = path.join(harness.dataDir, "outbox");
    const [older, newer] = await eventually(async () => {
      const names = (await fs.readdir(directory)).filter((name) => name.endsWith(suffix)).sort();
      return names.length === 2 ? names : undefined;
    });
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    // Every file's time from the process's clock, which the sweep reads: the files of the tests
    // before are as new as it, whatever clock the filesystem stamped them with.
    for (const name of await fs.readdir(directory)) await fs.utimes(path.join(directory, name), daysAgo(0), daysAgo(0));
    await fs.utimes(path.join(directory, older!), daysAgo(31), daysAgo(31));
    await fs.utimes(path.join(directory, newer!), daysAgo(29), daysAgo(29));

    expect(await pruneExpiredMailFiles(harness.dataDir)).toBe(1);
    const left = await fs.readdir(directory);
    expect(left).not.toContain(older);
    expect(left).toContain(newer);
  });
});

describe("starting without SMTP_URL", () => {
  const logged = captureStderr();
  const warnings = () =>
    logged().filter((entry) => entry.level === "warn" && entry.msg.includes("SMTP_URL is not set"));

  it("warns once, in production, that mail only goes to files", async () => {
    const harness = await startHarness("sqlite", { smtp: false, nodeEnv: "production", logLevel: "warn" });
    await harness.close();
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toMatch(/only written to files/);
  });

  it("says nothing with SMTP_URL set, or outside production", async () => {
    for (const options of [{ nodeEnv: "production" }, { smtp: false, nodeEnv: "development" }]) {
      const harness = await startHarness("sqlite", { ...options, logLevel: "warn" });
      await harness.close();
    }
    expect(warnings()).toEqual([]);
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
