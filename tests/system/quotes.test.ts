/**
 * A quote's link tried as an attacker and as a browser without JavaScript would, against the
 * built server: guesses in any spelling are cut off at the form budget; opening the link accepts
 * nothing; a post from another site, or an oversized one, changes nothing; the plain form updates
 * the total and accepts with the items ticked, the amounts computed on the server.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openMigratedDatabase } from "~/infra/db.server";
import type { Database } from "~/infra/schema.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { startBuiltServer } from "../support/built-server";
import { insertLead } from "../support/leads";
import { deckQuote, enterContractFacts } from "../support/quotes";
import { signedInOwner } from "../support/owner";
import { stopAfterEachTest, whileServerRuns } from "../support/system";
import { mailText } from "../support/delivered-mail";

const stopAfterTest = stopAfterEachTest();

/** A form post on a new connection, closed after it: its status, or "reset" when the server cut it off. */
function postOnOwnConnection(url: string, body: string): Promise<number | "reset"> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Connection: "close" },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", () => resolve("reset"));
    request.end(body);
  });
}

/** A built server with the contract facts entered, and its database beside it. */
async function siteWithContractFacts() {
  const site = await startBuiltServer();
  stopAfterTest(site);
  const handle = await openMigratedDatabase({ dataDir: site.dataDir, databaseUrl: undefined });
  stopAfterTest({ stop: () => handle.close() });
  const { db } = handle;
  await whileServerRuns(() => enterContractFacts(db));
  const send = (leadId: string) =>
    whileServerRuns(() =>
      sendQuote(
        db,
        leadId,
        deckQuote(),
        { email: "pat@causeway.test", client: null },
        { siteUrl: site.origin, leadsTo: "owner@causeway.test" },
      ),
    );
  return { site, db, send };
}

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

async function state(db: Kysely<Database>) {
  const row = await db
    .selectFrom("quote_versions")
    .select(["status", "accepted_total_cents"])
    .executeTakeFirstOrThrow();
  const lead = await db.selectFrom("leads").select("status").executeTakeFirstOrThrow();
  return { quote: row.status, total: row.accepted_total_cents, lead: lead.status };
}

describe("quote links", () => {
  it("answers guessed tokens with the neutral page, and a burst of guesses with 429", async () => {
    const site = await startBuiltServer({ RATE_LIMIT_MAX: "3" });
    stopAfterTest(site);
    const guess = () => randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    for (const path of [`/quote/${guess()}`, `/Quote/${guess()}/`, `/quote/${guess()}.data`, `/%71uote/${guess()}`]) {
      const response = await fetch(`${site.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form([["intent", "accept"]]),
      });
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses.slice(0, 3).every((s) => s === 404 || s === 308 || s === 301)).toBe(true);
    expect(statuses[3]).toBe(429);
    const page = await fetch(`${site.origin}/quote/${guess()}`);
    expect(page.status).toBe(404);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(await page.text()).toContain("This link does not work");
  }, 60_000);

  it("works without JavaScript, and refuses a foreign Origin and an oversized post", async () => {
    const { site, db, send } = await siteWithContractFacts();
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor" }));
    expect(await send(leadId)).toEqual({ ok: true, version: 1 });
    const mail = await db
      .selectFrom("outbox")
      .select(["id", "payload"])
      .where("kind", "=", "quote-sent")
      .executeTakeFirstOrThrow();
    const token = /\/quote\/([\w-]{43})\b/.exec(await mailText(mail))?.[1] ?? "";
    const url = `${site.origin}/quote/${token}`;
    const untouched = { quote: "sent", total: null, lead: "quoted" };

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Quote and home improvement contract");
    expect(html).toContain("Type your full name to sign");
    expect(html).toContain("I agree to sign and receive this contract electronically");
    // Required items only: $1,400.00 + 6.625% = $1,492.75.
    expect(html).toContain("$1,492.75");
    expect(await state(db)).toEqual(untouched);

    const accept: [string, string][] = [
      ["item-2", "yes"],
      ["signature", "Dana Q. Visitor"],
      ["consent", "yes"],
      ["intent", "accept"],
    ];
    for (const origin of ["https://evil.example", "null"]) {
      const forged = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: form(accept),
      });
      expect(forged.status).toBe(403);
      expect(await state(db)).toEqual(untouched);
    }
    // Too many fields is answered 413; a body far past the bound is cut off (413 or a reset connection).
    const crowded = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form([...accept, ...Array.from({ length: 40 }, (_, i): [string, string] => [`pad-${i}`, "x"])]),
    });
    expect(crowded.status).toBe(413);
    // On a connection of its own: the server cuts a body far past the bound off, and the pooled
    // connection fetch would otherwise hand to the next request is then the one it cut.
    const huge = await postOnOwnConnection(url, form([...accept, ["pad", "x".repeat(2_000_000)]]).toString());
    expect([413, "reset"]).toContain(huge);
    expect(await state(db)).toEqual(untouched);

    // 'Update the total' with the optional item ticked: $1,750.55 + $115.97.
    const updated = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form([
        ["item-2", "yes"],
        ["intent", "update"],
      ]),
    });
    expect(updated.status).toBe(200);
    expect(await updated.text()).toContain("$1,866.52");
    expect(await state(db)).toEqual(untouched);

    const accepted = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "NoScript Browser/1.0" },
      body: form(accept),
    });
    expect(accepted.status).toBe(200);
    const acceptedHtml = await accepted.text();
    expect(acceptedHtml).toContain("Thank you: you accepted this quote.");
    expect(acceptedHtml).toContain("Cancel this contract");
    expect(await state(db)).toEqual({ quote: "accepted", total: 186_652, lead: "won" });
    const row = await db
      .selectFrom("quote_versions")
      .select(["accepted_ip", "accepted_user_agent"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ accepted_ip: "127.0.0.1", accepted_user_agent: "NoScript Browser/1.0" });
  }, 90_000);

  it("hands the contract's documents only to an owner who signed in within 10 minutes, under any spelling", async () => {
    const { site, db, send } = await siteWithContractFacts();
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor" }));
    const otherLead = await whileServerRuns(() => insertLead(db, { name: "Other Person", email: "o@example.com" }));
    await send(leadId);
    await send(otherLead);
    const documentOf = async (lead: string) =>
      (
        await db
          .selectFrom("quote_versions")
          .select("document_id")
          .where("lead_id", "=", lead)
          .executeTakeFirstOrThrow()
      ).document_id ?? "";
    const documentId = await documentOf(leadId);
    const path = `/owner/leads/${leadId}/documents/${documentId}`;
    const get = (address: string, cookie?: string) =>
      fetch(`${site.origin}${address}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
    const spellings = [
      path,
      `${path}/`,
      `${path}.data`,
      path.replace("/owner/leads", "/OWNER/Leads"),
      path.replace("documents", "%64ocuments"),
    ];
    const audited = async () =>
      (await db.selectFrom("owner_audit").select("id").where("action", "=", "contract-document-downloaded").execute())
        .length;

    // No session, and sessions that ended (idle for 8 days; past 30 days): nothing but a refusal.
    const idle = await whileServerRuns(() =>
      signedInOwner(db, site.origin, { now: new Date(Date.now() - 8 * 86_400_000) }),
    );
    const ended = await whileServerRuns(() =>
      signedInOwner(db, site.origin, { email: "sam@causeway.test", now: new Date(Date.now() - 31 * 86_400_000) }),
    );
    for (const cookie of [undefined, idle.cookie, ended.cookie])
      for (const address of spellings) {
        const answer = await get(address, cookie);
        const body = await answer.text();
        expect([401, 404, 308, 301, 302], `${address} without a live session`).toContain(answer.status);
        expect(body).not.toContain("%PDF");
        expect(body).not.toContain("Dana Visitor");
      }

    // Signed in 11 minutes ago: sent to confirm it's them, back to the quote page after.
    const stale = await whileServerRuns(() =>
      signedInOwner(db, site.origin, { email: "lee@causeway.test", now: new Date(Date.now() - 11 * 60_000) }),
    );
    const confirm = await get(path, stale.cookie);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe(
      `/owner/sign-in?next=${encodeURIComponent(`/owner/leads/${leadId}/quote`)}&again=1`,
    );
    expect(await audited()).toBe(0);

    // Signed in just now: the PDF, named in both forms, never cached; another lead's is not this lead's.
    const fresh = await whileServerRuns(() => signedInOwner(db, site.origin, { email: "kim@causeway.test" }));
    const file = await get(path, fresh.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="quote-v1.pdf"; filename*=UTF-8''quote-v1.pdf`,
    );
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const crossed = await get(`/owner/leads/${leadId}/documents/${await documentOf(otherLead)}`, fresh.cookie);
    expect(crossed.status).toBe(404);
    expect(await crossed.text()).not.toContain("%PDF");
    for (const malformed of [
      `/owner/leads/${leadId}/documents/..%2f..%2fetc`,
      `/owner/leads/x/documents/${documentId}`,
    ])
      expect((await get(malformed, fresh.cookie)).status).toBe(404);

    // Fifty at the same instant: each is answered whole, and each is in the audit log.
    const burst = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const answer = await get(path, fresh.cookie);
        return [answer.status, (await answer.arrayBuffer()).byteLength] as const;
      }),
    );
    expect(new Set(burst.map(([status]) => status))).toEqual(new Set([200]));
    expect(new Set(burst.map(([, bytes]) => bytes)).size).toBe(1);
    expect(await audited()).toBe(51);
  }, 90_000);
});
