/**
 * A job's one homeowner link, and what the owner and the homeowner type into its pages, against
 * the built server on SQLite and on PostgreSQL, as the desk and a browser without JavaScript send
 * it. Every job email carries the quote's own link; 'Send the homeowner a new link' ends it (the
 * old link shows the dead-link page, opens no contract, cancels nothing and signs nothing) and
 * mails another, audited; a burst of presses leaves one link in force; a cancelled job's link
 * works 90 days and a completed one's to the warranty's end. Dates beyond reason and hidden
 * characters are refused at their fields with nothing stored, and the server's log names no token.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { hashToken } from "~/infra/link-token.server";
import type { Database } from "~/infra/schema.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { addDays, dayOf } from "~/time/business-time";
import { startBuiltServer } from "../support/built-server";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { postAllAtOnce } from "../support/parallel-posts";
import { freePort } from "../support/ports";
import { createTestDatabase } from "../support/postgres";
import { enterContractFacts } from "../support/quotes";
import { startCommand } from "../support/start-command";
import { builtSites, postgresForThisFile, sendTo, stopAfterEachTest, whileServerRuns } from "../support/system";
import { mailText } from "../support/delivered-mail";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const site = builtSites(stopAfterTest, postgres);

const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;
const html = (text: string) => text.replace(/'/g, "&#x27;");

async function linksMailed(db: Kysely<Database>): Promise<{ kind: string; token: string }[]> {
  const rows = await db.selectFrom("outbox").select(["id", "kind", "payload"]).orderBy("created_at").execute();
  const mailed = await Promise.all(
    rows.map(async (row) => ({ kind: row.kind, token: /\/job\/([\w-]{43})\b/.exec(await mailText(row))?.[1] })),
  );
  return mailed.flatMap(({ kind, token }) => (token ? [{ kind, token }] : []));
}

describe.each(["sqlite", "postgres"] as const)("a job's link on %s", (backend) => {
  it("is one link in every email until the owner sends a new one, which ends it everywhere", async () => {
    const { origins, db, cookie, servers } = await site(backend);
    const origin = origins[0] ?? "";
    const send = sendTo(origin);
    const desk = (path: string, body?: Record<string, string>) => send(path, body, { cookie, Origin: origin });

    await whileServerRuns(() => enterContractFacts(db));
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor", email: "dana@example.com" }));
    const content = twelveHundredQuote();
    await whileServerRuns(() =>
      sendQuote(
        db,
        leadId,
        content,
        { email: "pat@causeway.test", client: null },
        { siteUrl: origin, leadsTo: "owner@causeway.test" },
      ),
    );
    const token = await linkIn(db, "quote-sent", "quote");
    expect(
      (await send(`/quote/${token}`, { signature: "Dana Visitor", consent: "yes", intent: "accept" })).status,
    ).toBe(303);
    const job = await db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    const jobPage = `/owner/jobs/${job.id}`;
    const jobMoney = `${jobPage}/money`;

    // Dates beyond reason are refused at their fields, naming them, and nothing moves.
    const far = await desk(jobPage, {
      intent: "dates",
      startDay: "0000-01-01",
      completionDay: "9999-12-31",
      reason: "x",
    });
    expect(far.status).toBe(400);
    const farText = await far.text();
    expect(farText).toContain("The start date must fall between");
    expect(farText).toContain("The completion date must fall between");
    expect(await db.selectFrom("jobs").select(["start_day", "completion_day"]).executeTakeFirstOrThrow()).toEqual({
      start_day: job.start_day,
      completion_day: job.completion_day,
    });

    // Three emails about the job, one link: the quote's.
    const later = { startDay: addDays(content.startDay, 7), completionDay: addDays(content.completionDay, 7) };
    expect((await desk(jobPage, { ...later, intent: "dates", reason: "The lumber came late." })).status).toBe(200);
    expect((await desk(jobMoney, { intent: "send-invoice", target: "deposit" })).status).toBe(200);
    // A payment dated before the contract existed is refused at its field.
    const early = await desk(jobMoney, {
      intent: "record-payment",
      amount: "100",
      method: "check",
      receivedDay: addDays(dayOf(new Date()), -3),
      paymentKey: crypto.randomUUID(),
    });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("The date received comes before the contract was agreed");
    expect(await db.selectFrom("payments").select("id").execute()).toEqual([]);
    const change = {
      "item-0-description": "Add a handrail on the left side",
      "item-0-quantity": "1",
      "item-0-price": "250",
      reason: "A second handrail.",
      intent: "change-order",
    };
    expect((await desk(jobPage, change)).status).toBe(200);
    const mailed = await linksMailed(db);
    expect(mailed.map((m) => m.kind)).toEqual(
      expect.arrayContaining(["job-dates", "invoice-sent", "change-order-sent"]),
    );
    expect(new Set(mailed.map((m) => m.token))).toEqual(new Set([token]));

    // A signature with an invisible character is refused at its field; nothing is signed.
    const order = await db.selectFrom("change_orders").select("id").executeTakeFirstOrThrow();
    for (const name of ["Dana\u2061 Visitor", "Dana\u00adVisitor", "\u3164"]) {
      const refused = await send(`/job/${token}`, {
        order: order.id,
        signature: name,
        consent: "yes",
        intent: "accept-change",
      });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(await refused.text()).toMatch(
        /The name you typed holds (an invisible formatting character|a blank letter)/,
      );
    }
    expect((await db.selectFrom("change_orders").select("status").executeTakeFirstOrThrow()).status).toBe("sent");

    // 'Send the homeowner a new link': refused without a session and from another site.
    const renew = `${jobPage}/link`;
    expect((await send(renew, {}, { Origin: origin })).headers.get("location")).toContain("/owner/sign-in");
    expect((await send(renew, {}, { cookie, Origin: "https://evil.example" })).status).toBe(403);
    expect(await db.selectFrom("job_links").select("token_hash").where("ended_at", "is not", null).execute()).toEqual(
      [],
    );

    // Ten presses at the same instant: one new link, mailed once, audited once.
    const presses = await postAllAtOnce(
      origin,
      renew,
      Array.from({ length: 10 }, () => ({})),
      { cookie, Origin: origin },
    );
    expect(presses.every((press) => press.status === 303)).toBe(true);
    const inForce = await db.selectFrom("job_links").select("token_hash").where("ended_at", "is", null).execute();
    expect(inForce).toHaveLength(1);
    const newLink = await linkIn(db, "job-new-link", "job");
    expect(inForce[0]?.token_hash).toBe(hashToken(newLink));
    const answer = await desk(`${jobPage}?link=sent`);
    expect(await answer.text()).toContain("the link in every earlier email no longer opens the page");
    const audit = await db
      .selectFrom("owner_audit")
      .select(["actor", "action"])
      .where("action", "=", "job-link-renewed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(await db.selectFrom("outbox").select("id").where("kind", "=", "job-new-link").execute()).toHaveLength(1);
    expect(audit.every((entry) => entry.actor === "pat@causeway.test")).toBe(true);

    // The old link opens nothing: not the page, its data, its documents, its contract; it signs and cancels nothing.
    const dead = await send(`/job/${token}`);
    expect(dead.status).toBe(410);
    const deadText = await dead.text();
    expect(deadText).toContain("This link does not work");
    expect(deadText).toContain(html("For copies of your contract"));
    expect(deadText).not.toContain("Dana Visitor");
    expect((await send(`/job/${token}.data`)).status).toBe(410);
    const document = job.quote_version_id
      ? await db
          .selectFrom("quote_versions")
          .select("accepted_document_id")
          .where("id", "=", job.quote_version_id)
          .executeTakeFirst()
      : undefined;
    expect((await send(`/job/${token}/documents/${document?.accepted_document_id ?? ""}`)).status).toBe(404);
    const contract = await send(`/quote/${token}?view=contract`);
    expect(contract.status).toBe(410);
    expect(await contract.text()).not.toContain("Rebuild deck stairs");
    expect((await send(`/quote/${token}`, { intent: "cancel" })).status).toBe(410);
    expect((await db.selectFrom("jobs").select("state").executeTakeFirstOrThrow()).state).toBe("scheduled");
    const signedWithOld = await send(`/job/${token}`, {
      order: order.id,
      signature: "Dana Visitor",
      consent: "yes",
      intent: "accept-change",
    });
    expect(signedWithOld.status).toBe(404);
    // The new one opens the page, the contract (with its right to cancel), and signs.
    const newPage = await (await send(`/job/${newLink}`)).text();
    expect(newPage).toContain(`href="/quote/${newLink}?view=contract"`);
    const newContract = await send(`/quote/${newLink}?view=contract`);
    expect(newContract.status).toBe(200);
    expect(await newContract.text()).toContain("Cancel this contract");
    expect(
      (
        await send(`/job/${newLink}`, {
          order: order.id,
          signature: "Dana Visitor",
          consent: "yes",
          intent: "accept-change",
        })
      ).status,
    ).toBe(200);

    // A cancelled job's link works for 90 days, then says how to ask for copies.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await db
      .updateTable("jobs")
      .set({ state: "cancelled", cancelled_at: daysAgo(89) })
      .where("id", "=", job.id)
      .execute();
    expect((await send(`/job/${newLink}`)).status).toBe(200);
    await db
      .updateTable("jobs")
      .set({ cancelled_at: daysAgo(92) })
      .where("id", "=", job.id)
      .execute();
    expect((await send(`/job/${newLink}`)).status).toBe(410);
    // A completed one's to the warranty's end: two years, here.
    await db
      .updateTable("jobs")
      .set({ state: "completed", cancelled_at: null, completed_at: daysAgo(700) })
      .where("id", "=", job.id)
      .execute();
    expect((await send(`/job/${newLink}`)).status).toBe(200);
    await db
      .updateTable("jobs")
      .set({ completed_at: daysAgo(740) })
      .where("id", "=", job.id)
      .execute();
    expect((await send(`/job/${newLink}`)).status).toBe(410);
    // Its page closed, the desk sends no new link.
    const closed = await desk(renew, {});
    expect(closed.headers.get("location")).toBe(`${jobPage}?link=closed`);
    expect(await db.selectFrom("job_links").select("token_hash").where("ended_at", "is", null).execute()).toHaveLength(
      1,
    );

    // What the server logged of all this names no token.
    const log = servers[0]?.log() ?? "";
    expect(log).toContain('"path":"/job/…"');
    expect(log).not.toMatch(TOKEN_SHAPE);
  }, 120_000);

  it("refuses a notice whose link words hold an invisible character, and stores nothing", async () => {
    const { origins, db, cookie } = await site(backend);
    const origin = origins[0] ?? "";
    const posted = await fetch(`${origin}/owner/site`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: origin },
      body: new URLSearchParams({
        intent: "publish-notice",
        body: "Storm repairs first this week.",
        linkTo: "/estimate",
        linkWords: "Ask\u2061 for an estimate",
        tone: "info",
      }),
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain(html("'Link words' holds an invisible formatting character (U+2061)"));
    expect(await db.selectFrom("site_notices").select("id").execute()).toEqual([]);
  }, 60_000);
});

describe("the key that seals job links", () => {
  it("is made at first start in DATA_DIR, readable by the site alone, and a server holding another stops at start", async () => {
    const databaseUrl = await createTestDatabase(postgres().url);
    stopAfterTest(await startBuiltServer({ DATABASE_URL: databaseUrl }));
    // The site's servers here share the tests' SEAL_KEY; one without it makes its own key file.
    const own = stopAfterTest(await startBuiltServer({ SEAL_KEY: "" }, { keepLog: true }));
    const file = path.join(own.dataDir, "seal.key");
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect(Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url")).toHaveLength(32);

    // Another key on the database the first server sealed with: the process ends, saying why.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-seal-"));
    const { args, environment } = startCommand();
    const child = spawn(process.execPath, args, {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: {
        ...process.env,
        ...environment,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEAL_KEY: Buffer.alloc(32, 9).toString("base64url"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain("SEAL_KEY is not the key this database's job links were sealed with");
    expect(output).not.toContain(Buffer.alloc(32, 9).toString("base64url"));
  }, 60_000);
});
