/**
 * What a homeowner's links hand over, against the built server on SQLite and on PostgreSQL. The
 * owner's private facts are planted through the desk as the owner makes them (a voided payment
 * and a voided invoice, each with an internal reason; a switched-off reminder; a note on the
 * lead; the owner's own address on every change and in the audit log), then every page behind a
 * homeowner's link (job, quote, visit, review), its `.data`, and the PDFs the job's page lists are
 * read for them, as anyone holding the link could read them with curl.
 */
import { describe, expect, it } from "vitest";
import { sendQuote } from "~/quotes/send-quote.server";
import { addDays, dayOf } from "~/time/business-time";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { pdfText } from "../support/pdf-text";
import { enterContractFacts } from "../support/quotes";
import { builtSites, postgresForThisFile, sendTo, stopAfterEachTest, whileServerRuns } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const site = builtSites(stopAfterTest, postgresForThisFile());

const OWNER = "pat@causeway.test";
const PAYMENT_VOID = "INTERNAL: this cash was another customer's (5 Bay Ave), keyed on the wrong job";
const INVOICE_VOID = "INTERNAL: sent before the lumber price came in";
const NOTE = "INTERNAL NOTE: haggles on every price, ask for the deposit up front";

/** What the owner alone may read, were it handed over. */
const OWNER_VALUES = [PAYMENT_VOID, INVOICE_VOID, NOTE, OWNER];
/** The owner's view's field names: a loader that passed that view on would name them in the data. */
const OWNER_FIELDS = [
  "voidReason",
  "void_reason",
  "remind",
  "reminded",
  "created_by",
  "createdBy",
  "audit",
  "leadId",
  "lead_id",
  "homeownerName",
  "baseCents",
  "canInvoice",
  "schedule",
];
/** A field's name as the page's data writes it: in quotes, escaped inside the HTML's script. */
const asField = (name: string) => new RegExp(`[{,]\\\\?"${name}\\\\?"`);

describe.each(["sqlite", "postgres"] as const)("a homeowner's links on %s", (backend) => {
  it("hand over none of the owner's notes, voids, reminder switches, addresses or audit", async () => {
    const { origins, db, cookie } = await site(backend);
    const origin = origins[0] ?? "";
    const send = sendTo(origin);
    const desk = async (path: string, body: Record<string, string>) => {
      const answer = await send(path, body, { cookie, Origin: origin });
      expect(answer.status, `${body.intent ?? path}: ${await answer.clone().text()}`).toBeLessThan(400);
      return answer;
    };

    await whileServerRuns(() => enterContractFacts(db));
    const leadId = await whileServerRuns(() => insertLead(db, { name: "Dana Visitor", email: "dana@example.com" }));
    const leadPage = `/owner/leads/${leadId}`;
    await desk(leadPage, { intent: "note", note: NOTE });
    const visitDay = addDays(dayOf(new Date()), 3);
    await desk(`${leadPage}/visit`, {
      intent: "propose-visit",
      "window-1-date": visitDay,
      "window-1-start": "09:00",
      "window-1-end": "11:00",
    });
    const visitToken = await linkIn(db, "visit-proposal", "visit");

    const actor = { email: OWNER, client: null };
    await whileServerRuns(() =>
      sendQuote(db, leadId, twelveHundredQuote(), actor, { siteUrl: origin, leadsTo: "owner@causeway.test" }),
    );
    const token = await linkIn(db, "quote-sent", "quote");
    const accepted = await send(`/quote/${token}`, { signature: "Dana Visitor", consent: "yes", intent: "accept" });
    expect(accepted.status).toBe(303);
    const job = await db.selectFrom("jobs").select("id").executeTakeFirstOrThrow();
    const jobPage = `/owner/jobs/${job.id}`;
    const jobMoney = `${jobPage}/money`;

    // A deposit paid in cash, voided as another customer's; the framing payment invoiced, voided and
    // invoiced again; the reminder switched off on it.
    await desk(jobMoney, { intent: "send-invoice", target: "deposit" });
    await desk(jobMoney, {
      intent: "record-payment",
      amount: "383.85",
      method: "cash",
      receivedDay: dayOf(new Date()),
      reference: "",
      paymentKey: crypto.randomUUID(),
    });
    const payment = await db.selectFrom("payments").select("id").executeTakeFirstOrThrow();
    await desk(jobMoney, { intent: "void-payment", target: payment.id, reason: PAYMENT_VOID });
    await desk(jobMoney, { intent: "send-invoice", target: "milestone-1" });
    const framing = await db
      .selectFrom("invoices")
      .select("id")
      .where("schedule_key", "=", "milestone-1")
      .executeTakeFirstOrThrow();
    await desk(jobMoney, { intent: "void-invoice", target: framing.id, reason: INVOICE_VOID });
    await desk(jobMoney, { intent: "send-invoice", target: "milestone-1" });
    const reissued = await db
      .selectFrom("invoices")
      .select("id")
      .where("schedule_key", "=", "milestone-1")
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    await desk(jobMoney, { intent: "invoice-reminder", target: reissued.id, remind: "off" });
    await desk(leadPage, { intent: "ask-review" });
    const reviewToken = await linkIn(db, "review-request", "review");

    // The planted facts are on the desk: the test would prove nothing if they were not stored.
    const deskPage = await (await send(jobPage, undefined, { cookie })).text();
    expect(deskPage).toContain("this cash was another customer");
    // And the owner's view names its fields as the checks below look for them, in HTML and in data.
    const deskData = await (await send(`${jobPage}.data`, undefined, { cookie })).text();
    for (const body of [deskPage, deskData])
      for (const field of ["voidReason", "remind", "leadId", "canInvoice"]) expect(body).toMatch(asField(field));
    expect(await db.selectFrom("owner_audit").select("actor").where("actor", "=", OWNER).execute()).not.toEqual([]);

    const pages = [
      `/job/${token}`,
      `/job/${token}.data`,
      `/quote/${token}?view=contract`,
      `/quote/${token}.data?view=contract`,
      `/visit/${visitToken}`,
      `/visit/${visitToken}.data`,
      `/review/${reviewToken}`,
      `/review/${reviewToken}.data`,
    ];
    for (const path of pages) {
      const answer = await send(path);
      expect(answer.status, path).toBe(200);
      const body = await answer.text();
      for (const secret of OWNER_VALUES) expect(body, `${path} holds "${secret}"`).not.toContain(secret);
      for (const field of OWNER_FIELDS) expect(body, `${path} names "${field}"`).not.toMatch(asField(field));
    }
    // The page still shows what the homeowner is owed: the void is there, without its reason.
    const jobHtml = await (await send(`/job/${token}`)).text();
    expect(jobHtml).toContain("Void");
    expect(jobHtml).not.toContain("Payments received");

    const documents = [...jobHtml.matchAll(/href="(\/job\/[\w-]{43}\/documents\/[0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(documents.length).toBeGreaterThanOrEqual(3);
    for (const document of documents) {
      const pdf = await send(document ?? "");
      expect(pdf.headers.get("content-type"), document).toBe("application/pdf");
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      for (const secret of OWNER_VALUES) expect(text, `${document} holds "${secret}"`).not.toContain(secret);
    }
  });
});
