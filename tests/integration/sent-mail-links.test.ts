/**
 * A sent message keeps no working link in the outbox (record 0040): a job email, a quote and a
 * visit offer go through a real SMTP server with links that open, and the rows left behind hold
 * none of their tokens. A message still waiting keeps its links across a failed attempt and a
 * restarted worker. Mail sent before this loses its links when the database is migrated.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/infra/db.server";
import { randomToken } from "~/infra/link-token.server";
import { hashToken } from "~/infra/link-token.server";
import { createMailWorker, type MailWorker } from "~/infra/mail-worker.server";
import { migrateToLatest, migrations } from "~/infra/migrations.server";
import { SENT_LINK_PLACEHOLDER } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { startJobWithoutQuote } from "~/jobs/job-changes.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { proposeVisit } from "~/visits/visit-changes.server";
import { backends, eventually, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { homeownerJob, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { createTestDatabase } from "../support/postgres";
import { enterContractFacts } from "../support/quotes";

const OWNER = { email: "pat@causeway.test", client: null };
const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };
const LINK = /\/(job|quote|visit)\/([\w-]{43})(?![\w-])/g;

const linksIn = (text: string) => [...text.matchAll(LINK)].map(([, path = "", token = ""]) => ({ path, token }));

function visitWindow() {
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000) };
}

describe.each(backends)("links in sent mail on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  const workers: MailWorker[] = [];
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
  });

  /** A worker with its own connection, as a freshly started server would have. */
  function startWorker(): MailWorker {
    const handle = openDatabase(harness().env);
    handles.push(handle);
    const { db, dialect } = handle;
    const worker = createMailWorker({ db, dialect, config: harness().env, pollIntervalMs: 20 });
    workers.push(worker);
    worker.start();
    return worker;
  }

  const allSent = (db: Kysely<Database>) =>
    eventually(async () => (await db.selectFrom("outbox").selectAll().execute()).every((row) => row.status === "sent"));

  /** Whether `token` is the live link of the job, quote or visit window it names. */
  async function opens(db: Kysely<Database>, path: string, token: string): Promise<boolean> {
    const hash = hashToken(token);
    if (path === "job") return (await homeownerJob(db, token)).state === "open";
    const table = path === "quote" ? "quote_versions" : "visit_windows";
    return (await db.selectFrom(table).select("id").where("token_hash", "=", hash).executeTakeFirst()) !== undefined;
  }

  it("delivers links that open, and keeps none of their tokens once sent", async () => {
    const db = await harness().db();
    await enterContractFacts(db);
    const jobLead = await insertLead(db, { status: "won", name: "Dana Visitor", email: "dana@example.com" });
    const fields: Record<string, string> = { title: "Replace the storm door closer", price: "185" };
    expect(await startJobWithoutQuote(db, OWNER, jobLead, (name) => fields[name] ?? "", context)).toMatchObject({
      ok: true,
    });
    const quoteLead = await insertLead(db, { name: "Sam Visitor", email: "sam@example.com" });
    expect(await sendQuote(db, quoteLead, twelveHundredQuote(), OWNER, context)).toMatchObject({ ok: true });
    const visitLead = await insertLead(db, { name: "Lee Visitor", email: "lee@example.com" });
    expect(await proposeVisit(db, visitLead, [visitWindow()], OWNER, context)).toEqual({ ok: true });

    const queued = await db.selectFrom("outbox").select("payload").execute();
    const tokens = linksIn(queued.map((row) => row.payload).join("\n")).map((link) => link.token);
    startWorker();
    await allSent(db);

    const delivered = harness().smtp.received.flatMap((message) => linksIn(message.mail.text ?? ""));
    expect(new Set(delivered.map((link) => link.path))).toEqual(new Set(["job", "quote", "visit"]));
    for (const { path, token } of delivered) expect(await opens(db, path, token), `${path} link`).toBe(true);
    expect(new Set(delivered.map((link) => link.token))).toEqual(new Set(tokens));

    const rows = JSON.stringify(await db.selectFrom("outbox").selectAll().execute());
    for (const token of tokens) expect(rows).not.toContain(token);
    // The stored copy still says what was sent, and where its links pointed.
    for (const path of ["job", "quote", "visit"]) expect(rows).toContain(`/${path}/${SENT_LINK_PLACEHOLDER}`);
  });

  it("sends a working link after a failed attempt and a restarted worker", async () => {
    const db = await harness().db();
    const smtp = harness().smtp;
    await smtp.stop();
    const leadId = await insertLead(db, { name: "Lee Visitor", email: "lee@example.com" });
    expect(await proposeVisit(db, leadId, [visitWindow()], OWNER, context)).toEqual({ ok: true });
    const stopped = startWorker();
    await eventually(async () =>
      (await db.selectFrom("outbox").select(["status", "attempts"]).execute()).every(
        (row) => row.status === "pending" && Number(row.attempts) >= 1,
      ),
    );
    await stopped.stop();

    await smtp.start();
    startWorker();
    await allSent(db);
    const [link, ...more] = linksIn(smtp.received.map((message) => message.mail.text ?? "").join("\n"));
    expect(more).toEqual([]);
    expect(link?.path).toBe("visit");
    expect(await opens(db, "visit", link?.token ?? "")).toBe(true);
  });
});

describe.each(backends)("mail sent before links were removed on %s", (backend) => {
  it("loses its links when the database is migrated; mail not yet sent keeps them", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-"));
    const databaseUrl = backend === "postgres" ? await createTestDatabase(inject("postgresUrl")) : undefined;
    const handle = openDatabase({ dataDir, databaseUrl });
    try {
      await migrateToLatest(
        handle.db,
        handle.dialect,
        migrations.filter((m) => m.name < "0019"),
      );
      const tokens = { sent: randomToken(), pending: randomToken() };
      for (const [status, token] of Object.entries(tokens)) {
        const payload = JSON.stringify({ text: `Your quote: ${SITE_URL}/quote/${token}`, html: "" });
        await sql`insert into outbox (id, kind, recipient, subject, payload, status, next_attempt_at, created_at)
          values (${status}, 'quote-sent', 'sam@example.com', 'Your quote', ${payload}, ${status},
                  ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(handle.db);
      }

      expect(await migrateToLatest(handle.db, handle.dialect)).toContain("0019_sent_mail_without_links");
      const rows = await handle.db.selectFrom("outbox").select(["id", "payload"]).orderBy("id").execute();
      const text = (id: string) => JSON.stringify(rows.find((row) => row.id === id));
      expect(text("sent")).not.toContain(tokens.sent);
      expect(text("sent")).toContain(`/quote/${SENT_LINK_PLACEHOLDER}`);
      expect(text("pending")).toContain(`/quote/${tokens.pending}`);
    } finally {
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
