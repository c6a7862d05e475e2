/**
 * Getting paid, against the built server on SQLite and on PostgreSQL, as the owner's desk and a
 * homeowner's browser without JavaScript send it: a $1,279.50 contract with a 30% deposit and 40%
 * at framing invoices $383.85, $511.80 and $383.85; the deposit's PDF, read by PDF.js, holds its
 * number, amount, legal name and registration number; a $383.85 check is recorded with a receipt
 * and $895.65 is due on both sides; the final invoice is refused before completion and sent after;
 * the accountant's CSV sums to what was invoiced; 20 presses of 'Send invoice' at the same instant
 * (across two instances on PostgreSQL) make one invoice. And the refusals: no session, a foreign
 * Origin, a bad year.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { parseMailPayload } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { dayOf } from "~/time/business-time";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { postAllAtOnce } from "../support/parallel-posts";
import { pdfText } from "../support/pdf-text";
import { enterContractFacts } from "../support/quotes";
import { builtSites, postgresForThisFile, stopAfterEachTest, whileServerRuns } from "../support/system";
import { mailText } from "../support/delivered-mail";

const stopAfterTest = stopAfterEachTest();
const site = builtSites(stopAfterTest, postgresForThisFile());

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const html = (text: string) => text.replace(/'/g, "&#x27;");

async function mailsOf(db: Kysely<Database>, kind: string) {
  const rows = await db.selectFrom("outbox").select(["id", "recipient", "payload"]).where("kind", "=", kind).execute();
  return Promise.all(
    rows.map(async (row) => ({
      recipient: row.recipient,
      payload: parseMailPayload(row.payload),
      text: await mailText(row),
    })),
  );
}

describe.each(["sqlite", "postgres"] as const)("getting paid on %s", (backend) => {
  it("invoices the contract's payments, records a check with its receipt, and hands the accountant the year", async () => {
    const { origins, db, cookie } = await site(backend, backend === "postgres" ? 2 : 1);
    const origin = origins[0] ?? "";
    const desk = (path: string, body?: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${origin}${path}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie, Origin: origin, ...headers },
        body: body ? form(body) : undefined,
      });
    const homeowner = (path: string, body?: Record<string, string>) =>
      fetch(`${origin}${path}`, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { "User-Agent": "NoScript Browser/1.0" },
        body: body ? form(body) : undefined,
      });

    // The $1,200 quote at 6.625% ($1,279.50) under 30% deposit and 40% at framing, accepted.
    await whileServerRuns(() => enterContractFacts(db));
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor", email: "dana@example.com" }));
    const owner = { email: "pat@causeway.test", client: null };
    const mailContext = { siteUrl: origin, leadsTo: "owner@causeway.test" };
    await whileServerRuns(() => sendQuote(db, leadId, twelveHundredQuote(), owner, mailContext));
    const token = await linkIn(db, "quote-sent", "quote");
    const accepted = await homeowner(`/quote/${token}`, {
      signature: "Dana Visitor",
      consent: "yes",
      intent: "accept",
    });
    expect(accepted.status).toBe(303);
    const job = await db.selectFrom("jobs").select("id").executeTakeFirstOrThrow();
    const jobPage = `/owner/jobs/${job.id}`;
    const jobMoney = `${jobPage}/money`;

    const page = await (await desk(jobPage)).text();
    for (const text of ["Deposit (30%)", "$383.85", "40% when the framing is inspected", "$511.80", "Not yet due"])
      expect(page).toContain(html(text));
    expect(page).toContain(html("The final payment is due only when the work is complete"));

    // Refused: no session (sent to sign in), another site's Origin; nothing is invoiced.
    const signedOut = await fetch(`${origin}${jobMoney}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin },
      body: form({ intent: "send-invoice", target: "deposit" }),
    });
    expect([302, 303]).toContain(signedOut.status);
    expect(signedOut.headers.get("location")).toContain("/owner/sign-in");
    expect(
      (await desk(jobMoney, { intent: "send-invoice", target: "deposit" }, { Origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);

    // The final payment before completion: refused, saying why.
    const early = await desk(jobMoney, { intent: "send-invoice", target: "final" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("mark the job completed first");

    // 20 presses of the deposit's 'Send invoice' at the same instant (shared by the instances): one invoice.
    const presses = Array.from({ length: 20 }, () => ({ intent: "send-invoice", target: "deposit" }));
    const answers = (
      await Promise.all(
        origins.map((instance, index) =>
          postAllAtOnce(
            instance,
            jobMoney,
            presses.filter((_, n) => n % origins.length === index),
            { cookie, Origin: instance },
          ),
        ),
      )
    ).flat();
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const year = Number(dayOf(new Date()).slice(0, 4));
    const deposit = await db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    expect(deposit).toMatchObject({ number: `${year}-0001`, amount_cents: 38_385 });

    // The deposit's PDF, as the homeowner downloads it from the emailed link.
    const [sent] = await mailsOf(db, "invoice-sent");
    expect(sent?.recipient).toBe("dana@example.com");
    const invoiceLink = /\/job\/([\w-]{43})\b/.exec(sent?.text ?? "")?.[1] ?? "";
    const pdf = await homeowner(`/job/${invoiceLink}/documents/${deposit.document_id ?? ""}`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of ["Invoice", `${year}-0001`, "$383.85", profile.legalName, firstFacts.hicRegistration])
      expect(text).toContain(expected);

    // A $383.85 check, with its receipt; $895.65 is due on both sides.
    const check = {
      intent: "record-payment",
      amount: "383.85",
      method: "check",
      receivedDay: dayOf(new Date()),
      reference: "1043",
      paymentKey: crypto.randomUUID(),
    };
    expect((await desk(jobMoney, check)).status).toBe(200);
    const [receipt] = await mailsOf(db, "payment-receipt");
    expect(receipt?.recipient).toBe("dana@example.com");
    expect(receipt?.payload.documents?.[0]?.fileName).toMatch(/^receipt-.*-383\.85\.pdf$/);
    const overpaid = await desk(jobMoney, { ...check, amount: "900", paymentKey: crypto.randomUUID() });
    expect(overpaid.status).toBe(400);
    expect(await overpaid.text()).toContain("the balance of the contract is $895.65");
    const deskPage = await (await desk(jobPage)).text();
    expect(deskPage).toContain("$895.65");
    const homeownerPage = await (await homeowner(`/job/${token}`)).text();
    for (const expected of ["$895.65", `Invoice ${year}-0001`, "Paid", "Receipt (PDF)"])
      expect(homeownerPage).toContain(expected);

    // The milestone, then the job started and completed, then the final invoice.
    expect((await desk(jobMoney, { intent: "send-invoice", target: "milestone-1" })).status).toBe(200);
    const permit = { permitNumber: "BP-2027-0412", issuedBy: "Long Beach Township", intent: "start" };
    expect((await desk(jobPage, permit)).status).toBe(200);
    expect((await desk(jobPage, { intent: "complete" })).status).toBe(200);
    expect((await desk(jobMoney, { intent: "send-invoice", target: "final" })).status).toBe(200);
    const invoices = await db.selectFrom("invoices").select(["number", "amount_cents"]).orderBy("sequence").execute();
    expect(invoices).toEqual([
      { number: `${year}-0001`, amount_cents: 38_385 },
      { number: `${year}-0002`, amount_cents: 51_180 },
      { number: `${year}-0003`, amount_cents: 38_385 },
    ]);

    // The accountant's file sums to what was invoiced; a bad year and no session are refused.
    const csv = await desk(`/owner/export/invoices.csv?year=${year}`);
    expect([csv.status, csv.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]?.split(",").slice(0, 4)).toEqual(["Invoice number", "Customer", "Invoice date", "Due date"]);
    const sum = rows.slice(1).reduce((total, row) => total + Math.round(Number(row.split(",")[9]) * 100), 0);
    expect(sum).toBe(127_950);
    expect((await desk("/owner/export/invoices.csv?year=20x6")).status).toBe(400);
    expect((await fetch(`${origin}/owner/export/invoices.csv?year=20x6`)).status).toBe(401);
    expect((await fetch(`${origin}/owner/export/payments.csv?year=${year}`)).status).toBe(401);
    // The downloads and a kept record's PDF, respelled or without a session: nothing about the desk shows.
    // A respelling the server redirects to its one spelling is followed there.
    const stranger = (path: string) => fetch(`${origin}${path}`, { redirect: "follow" });
    for (const path of [
      `/OWNER/export/invoices.csv?year=${year}`,
      `/owner/export/invoices.csv/?year=${year}`,
      `/owner/export/%69nvoices.csv?year=${year}`,
      `/owner/records/${deposit.document_id ?? ""}`,
      `/owner/records/${deposit.document_id ?? ""}.data`,
    ]) {
      const answer = await stranger(path);
      expect([401, 404], path).toContain(answer.status);
      expect(await answer.text(), path).not.toContain("Dana Visitor");
    }
    // An invoice's PDF is not a kept record while its lead exists; another job's link does not open it.
    expect((await desk(`/owner/records/${deposit.document_id ?? ""}`)).status).toBe(404);
    expect((await homeowner(`/job/${"x".repeat(43)}/documents/${deposit.document_id ?? ""}`)).status).toBe(404);
    // A reference holding a hidden control character, and an oversized amount: refused at the field.
    for (const bad of [{ reference: "10\u202E43" }, { amount: "9".repeat(40) }]) {
      const refused = await desk(jobMoney, { ...check, ...bad, paymentKey: crypto.randomUUID() });
      expect(refused.status).toBe(400);
    }
    const payments = await desk(`/owner/export/payments.csv?year=${year}`);
    expect(await payments.text()).toContain("383.85,Check,1043");
  }, 180_000);
});
