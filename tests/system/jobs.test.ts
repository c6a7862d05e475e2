/**
 * The job from acceptance to completion against the built server, on SQLite and on PostgreSQL, as
 * the owner's desk and a homeowner's browser without JavaScript send it: the accepted quote's job
 * on /owner/jobs with its dates; the dates moved and the homeowner emailed; 'Mark started' refused
 * without a permit, then accepted with one; a $250 change order signed on the job's page, both
 * sides mailed the signed PDF, and the contract total $1,546.06 on both sides; 'Mark completed'
 * mailing the warranty; the job's page showing it all, with a progress photo sent as the desk's
 * script sends it. And the refusals: no session, a foreign Origin, a guessed link, a burst of
 * guesses.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { parseMailPayload } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { addDays } from "~/time/business-time";
import { startBuiltServer } from "../support/built-server";
import { smallJpeg } from "../support/images";
import { insertLead } from "../support/leads";
import { enterContractFacts, FACTS } from "../support/quotes";
import { builtSites, postgresForThisFile, stopAfterEachTest, whileServerRuns } from "../support/system";
import { linkIn, twelveHundredQuote } from "../support/jobs";

const stopAfterTest = stopAfterEachTest();
const site = builtSites(stopAfterTest, postgresForThisFile());

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function mailsOf(db: Kysely<Database>, kind: string) {
  const rows = await db.selectFrom("outbox").select(["recipient", "payload"]).where("kind", "=", kind).execute();
  return rows.map((row) => ({ recipient: row.recipient, payload: parseMailPayload(row.payload) }));
}

describe.each(["sqlite", "postgres"] as const)("a job on %s", (backend) => {
  it("runs from the accepted quote to the warranty, on the desk and on the homeowner's page", async () => {
    const { origins, db, cookie } = await site(backend);
    const origin = origins[0] ?? "";
    const desk = (path: string, body?: Record<string, string>) =>
      fetch(`${origin}${path}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie, Origin: origin },
        body: body ? form(body) : undefined,
      });
    const homeowner = (path: string, body?: Record<string, string>) =>
      fetch(`${origin}${path}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { "User-Agent": "NoScript Browser/1.0" },
        body: body ? form(body) : undefined,
      });

    // A $1,200 quote at 6.625%, accepted with the plain form.
    await whileServerRuns(() => enterContractFacts(db));
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor", email: "dana@example.com" }));
    const content = twelveHundredQuote();
    const sent = await whileServerRuns(() =>
      sendQuote(
        db,
        leadId,
        content,
        { email: "pat@causeway.test", client: null },
        { siteUrl: origin, leadsTo: "owner@causeway.test" },
      ),
    );
    expect(sent).toEqual({ ok: true, version: 1 });
    const token = await linkIn(db, "quote-sent", "quote");
    const accepted = await homeowner(`/quote/${token}`, {
      signature: "Dana Visitor",
      consent: "yes",
      intent: "accept",
    });
    // Accepted, the post lands on the contract with the thanks, the record and the right to cancel,
    // and the job's page one tap away; any later visit of the quote's link opens the job's page.
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(`/quote/${token}?view=contract&accepted=1`);
    const thanked = await (await homeowner(`/quote/${token}?view=contract&accepted=1`)).text();
    for (const text of ["Thank you: you accepted this quote.", "Cancel this contract", `href="/job/${token}"`])
      expect(thanked).toContain(text);
    const revisit = await homeowner(`/quote/${token}`);
    expect([revisit.status, revisit.headers.get("location")]).toEqual([303, `/job/${token}`]);

    // 1. The job is on /owner/jobs with its dates.
    const job = await db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    const jobs = await desk("/owner/jobs");
    expect(jobs.status).toBe(200);
    const jobsHtml = await jobs.text();
    expect(jobsHtml).toContain(job.title);
    expect(jobsHtml).toContain("Scheduled");

    // 2. The dates move, and the homeowner is emailed why.
    const later = {
      startDay: addDays(content.startDay, 7),
      completionDay: addDays(content.completionDay, 7),
      reason: "The lumber yard delayed the stringers by a week.",
    };
    expect((await desk(`/owner/jobs/${job.id}`, { ...later, intent: "dates" })).status).toBe(200);
    const [moved] = await mailsOf(db, "job-dates");
    expect(moved?.recipient).toBe("dana@example.com");
    expect(moved?.payload.text).toContain(`Why: ${later.reason}`);

    // 3. 'Mark started' is refused without a permit, then accepted with one.
    const refused = await desk(`/owner/jobs/${job.id}`, { intent: "start" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("or tick &#x27;No permit needed for this work&#x27;");
    expect((await db.selectFrom("jobs").select("state").executeTakeFirstOrThrow()).state).toBe("scheduled");
    const permit = { permitNumber: "BP-2027-0412", issuedBy: "Long Beach Township", intent: "start" };
    expect((await desk(`/owner/jobs/${job.id}`, permit)).status).toBe(200);

    // A progress photo, as the desk's script sends it; refused from another site.
    const photoPost = (headers: Record<string, string>) => {
      const body = new FormData();
      body.append("intent", "add-photo");
      body.append("description", "New stringers bolted to the deck");
      body.append("upload_key", crypto.randomUUID());
      body.append("photo", new File([new Uint8Array(photoBytes)], "framing.jpg", { type: "image/jpeg" }));
      return fetch(`${origin}/owner/jobs/${job.id}/photos`, { method: "POST", body, headers, redirect: "manual" });
    };
    const photoBytes = await smallJpeg();
    expect((await photoPost({ cookie, Origin: "https://evil.example" })).status).toBe(403);
    // Without a session the script is told so (a redirect to sign in would read as success), and nothing is stored.
    expect((await photoPost({ Origin: origin, Accept: "application/json" })).status).toBe(401);
    expect(await db.selectFrom("job_photos").select("id").execute()).toEqual([]);
    const added = await photoPost({ cookie, Origin: origin, Accept: "application/json" });
    expect([added.status, await added.json()]).toEqual([
      200,
      { ok: true, message: "Photo added: the homeowner sees it on their job page.", field: "photo" },
    ]);

    // 4. A $250 change order, signed by the homeowner on the job's page; both sides get the signed PDF.
    const change = {
      "item-0-description": "Add a handrail on the left side",
      "item-0-quantity": "1",
      "item-0-unit": "job",
      "item-0-price": "250",
      reason: "A second handrail, asked for at the walk-through.",
      intent: "change-order",
    };
    expect((await desk(`/owner/jobs/${job.id}`, change)).status).toBe(200);
    const changeLink = await linkIn(db, "change-order-sent", "job");
    const order = await db.selectFrom("change_orders").select("id").executeTakeFirstOrThrow();
    const forged = await fetch(`${origin}/job/${changeLink}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example" },
      body: form({ order: order.id, signature: "Dana Visitor", consent: "yes", intent: "accept-change" }),
    });
    expect(forged.status).toBe(403);
    const signed = await homeowner(`/job/${changeLink}`, {
      order: order.id,
      signature: "Dana Visitor",
      consent: "yes",
      intent: "accept-change",
    });
    expect(signed.status).toBe(200);
    const signedMails = await mailsOf(db, "change-order-accepted");
    expect(signedMails.map((m) => m.recipient).sort()).toEqual(["dana@example.com", "pat@causeway.test"]);
    for (const mail of signedMails)
      expect(mail.payload.documents?.map((d) => d.fileName)).toEqual([
        "change-order-1.pdf",
        "change-order-1-signed.pdf",
      ]);

    // 5. $1,200 + 6.625% = $1,279.50; $250 + 6.625% = $266.56; $1,546.06 on both sides.
    expect(await (await homeowner(`/job/${token}`)).text()).toContain("$1,546.06");
    expect(await (await desk(`/owner/jobs/${job.id}`)).text()).toContain("$1,546.06");

    // 6. 'Mark completed' emails the written warranty.
    expect((await desk(`/owner/jobs/${job.id}`, { intent: "complete" })).status).toBe(200);
    const [done] = await mailsOf(db, "job-completed");
    expect(done?.payload.documents?.map((d) => d.fileName)).toEqual(["warranty.pdf"]);

    // 7. The homeowner's page shows it all, without JavaScript.
    const page = await homeowner(`/job/${changeLink}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    const photo = await db.selectFrom("job_photos").select("id").executeTakeFirstOrThrow();
    expect(html).toContain(`alt="New stringers bolted to the deck"`);
    const file = await homeowner(`/job/${changeLink}/photos/${photo.id}-small.webp`);
    expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect((await homeowner(`/owner/jobs/${job.id}/photos/${photo.id}-small.webp`)).status).toBe(401);
    for (const text of [
      "Your job is complete.",
      later.reason,
      "Permit BP-2027-0412, issued by Long Beach Township",
      "Change order 1",
      "Signed by Dana Visitor",
      FACTS.warranty,
      "It covers the work until",
    ])
      expect(html).toContain(text.replace(/'/g, "&#x27;"));
  }, 120_000);
});

describe("the job's page and the desk's jobs, tried as an attacker would", () => {
  it("shows nothing without a session, and answers guessed links with 404 and a burst with 429", async () => {
    const server = stopAfterTest(await startBuiltServer({ RATE_LIMIT_MAX: "3" }));
    for (const path of [
      "/owner/jobs",
      "/Owner/Jobs/",
      "/owner/jobs.data",
      "/owner/jobs/00000000-0000-0000-0000-000000000000",
      "/owner/jobs/00000000-0000-0000-0000-000000000000/photos/00000000-0000-0000-0000-000000000000-large",
    ]) {
      const response = await fetch(`${server.origin}${path}`, { redirect: "manual" });
      // A .data request is sent to sign in by a single-fetch redirect (202 with a header).
      expect([202, 301, 302, 303, 307, 308, 401, 404], path).toContain(response.status);
      expect(await response.text()).not.toContain("Contract total");
    }
    const guess = () => randomBytes(32).toString("base64url");
    const page = await fetch(`${server.origin}/job/${guess()}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link does not work");
    const photo = await fetch(`${server.origin}/job/${guess()}/photos/00000000-0000-0000-0000-000000000000-small.webp`);
    expect(photo.status).toBe(404);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${server.origin}/job/${guess()}`, {
          method: "POST",
          body: form({ order: "00000000-0000-0000-0000-000000000000", intent: "accept-change" }),
        }).then(async (r) => {
          await r.text();
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
    expect(statuses.every((s) => s === 429 || s === 404)).toBe(true);
  }, 60_000);
});
