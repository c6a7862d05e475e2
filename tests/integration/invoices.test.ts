/**
 * Invoices and payments on SQLite and PostgreSQL: the schedule of a $1,279.50 contract with a 30%
 * deposit and 40% at framing; invoices numbered per year, one per press however many at once, the
 * final one refused before completion; a check recorded with its receipt, a payment above the
 * balance refused by name; voids that keep their number; the one reminder; the accountant's CSVs;
 * and what a lead's deletion keeps.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { parseMailPayload } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { sendInvoiceReminders } from "~/invoices/invoice-reminders.server";
import {
  CANCELLED_WITH_THE_CONTRACT,
  sendInvoice,
  switchInvoiceReminder,
  voidInvoice,
} from "~/invoices/invoices.server";
import { jobMoney } from "~/invoices/job-money.server";
import { keptOnDeletion, keptSentence } from "~/invoices/kept-records.server";
import { invoicesCsv, paymentsCsv } from "~/invoices/ledger-csv.server";
import { moneyStats } from "~/invoices/money-stats.server";
import { recordPayment, voidPayment } from "~/invoices/payments.server";
import { FINAL_WAITS } from "~/invoices/payment-schedule";
import { saveWaysToPay } from "~/invoices/ways-to-pay.server";
import { markJobCompleted, markJobStarted } from "~/jobs/job-changes.server";
import { firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { sendQuote } from "~/quotes/send-quote.server";
import { acceptContract, cancelContract } from "~/server/contract.server";
import { deleteLead } from "~/server/delete-lead.server";
import { addDays, dayOf } from "~/time/business-time";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { pdfText } from "../support/pdf-text";
import { enterContractFacts, storedBytes } from "../support/quotes";

const OWNER = { email: "pat@causeway.test", client: null };
const context = { siteUrl: SITE_URL, leadsTo: LEADS_TO };
const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";
const homeowner = { name: "Dana Visitor", consent: true, chosen: [], ip: "203.0.113.9", userAgent: "Test/1.0" };

describe.each(backends)("invoices on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  /** The $1,279.50 contract, accepted; its job's id and lead. */
  async function acceptedJob(now = new Date()) {
    await enterContractFacts(db, now);
    const leadId = await insertLead(db, { name: "Dana Visitor", email: "dana@example.com" });
    expect(await sendQuote(db, leadId, twelveHundredQuote(now), OWNER, context, now)).toEqual({ ok: true, version: 1 });
    const token = await linkIn(db, "quote-sent", "quote");
    expect(await acceptContract(db, token, homeowner, new Set(), context, now)).toMatchObject({ accepted: true });
    const job = await db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    return { leadId, jobId: job.id, job, token };
  }

  const money = async (jobId: string, today = dayOf(new Date())) => {
    const job = await db.selectFrom("jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    return jobMoney(db, job, today);
  };

  const complete = async (jobId: string) => {
    const permit = { permitNumber: "BP-2027-0412", issuedBy: "Long Beach Township" };
    expect(await markJobStarted(db, OWNER, jobId, form(permit))).toMatchObject({ ok: true });
    expect(await markJobCompleted(db, OWNER, jobId, context)).toMatchObject({ ok: true });
  };

  it("invoices the contract's schedule to the cent, numbers each invoice once, and refuses the final before completion", async () => {
    const { jobId } = await acceptedJob();
    // Invoices are numbered by New Jersey's year: on December 31's evening it is already next year in UTC.
    const year = Number(dayOf(new Date()).slice(0, 4));
    const before = await money(jobId);
    expect(before.schedule.map((line) => [line.key, line.amountCents, line.state])).toEqual([
      ["deposit", 38_385, "not-yet-due"],
      ["milestone-1", 51_180, "not-yet-due"],
      ["final", 38_385, "not-yet-due"],
    ]);

    expect(await sendInvoice(db, OWNER, jobId, "final", context)).toEqual({
      ok: false,
      status: 409,
      errors: { form: FINAL_WAITS },
    });
    expect(await sendInvoice(db, OWNER, jobId, "deposit", context)).toMatchObject({ ok: true });
    const deposit = await db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    expect(deposit).toMatchObject({ number: `${year}-0001`, amount_cents: 38_385, status: "open" });
    const text = await pdfText(await storedBytes(db, deposit.document_id));
    for (const expected of [
      "Invoice",
      `${year}-0001`,
      "$383.85",
      "$1,279.50",
      profile.legalName,
      firstFacts.hicRegistration,
      "Dana Visitor",
      "Due on receipt",
      "6.625%",
      `By check, payable to ${profile.legalName}`,
    ])
      expect(text).toContain(expected);
    const mail = await db
      .selectFrom("outbox")
      .select(["recipient", "payload"])
      .where("kind", "=", "invoice-sent")
      .execute();
    expect(mail.map((m) => m.recipient)).toEqual(["dana@example.com"]);
    const payload = parseMailPayload(mail[0]?.payload ?? "{}");
    expect(payload.text).toContain(`/job/`);
    expect(payload.documents?.map((d) => d.fileName)).toEqual([`invoice-${year}-0001.pdf`]);

    // Twelve presses of 'Send invoice' on the milestone at the same instant: one invoice, one number.
    const pressed = await Promise.all(
      Array.from({ length: 12 }, () => sendInvoice(db, OWNER, jobId, "milestone-1", context)),
    );
    expect(pressed.filter((result) => result.ok)).toHaveLength(1);
    const numbers = await db.selectFrom("invoices").select(["number", "amount_cents"]).orderBy("sequence").execute();
    expect(numbers).toEqual([
      { number: `${year}-0001`, amount_cents: 38_385 },
      { number: `${year}-0002`, amount_cents: 51_180 },
    ]);

    // A void keeps its number and reason; the payment it asked for can be invoiced again, under a new number.
    expect(await voidInvoice(db, OWNER, jobId, "nope", form({ reason: "Wrong" }))).toMatchObject({ status: 404 });
    const milestone = await db
      .selectFrom("invoices")
      .select("id")
      .where("number", "=", `${year}-0002`)
      .executeTakeFirstOrThrow();
    expect(await voidInvoice(db, OWNER, jobId, milestone.id, form({}))).toMatchObject({ ok: false, status: 400 });
    expect(
      await voidInvoice(db, OWNER, jobId, milestone.id, form({ reason: "Framing not yet inspected" })),
    ).toMatchObject({ ok: true });
    expect((await money(jobId)).schedule[1]).toMatchObject({ state: "void", invoiceNumber: null });
    expect(await sendInvoice(db, OWNER, jobId, "milestone-1", context)).toMatchObject({ ok: true });
    const all = await db
      .selectFrom("invoices")
      .select(["number", "status", "void_reason"])
      .orderBy("sequence")
      .execute();
    expect(all).toEqual([
      { number: `${year}-0001`, status: "open", void_reason: null },
      { number: `${year}-0002`, status: "void", void_reason: "Framing not yet inspected" },
      { number: `${year}-0003`, status: "open", void_reason: null },
    ]);

    await complete(jobId);
    expect(await sendInvoice(db, OWNER, jobId, "final", context)).toMatchObject({ ok: true });
    expect((await money(jobId)).schedule.map((line) => line.state)).toEqual(["invoiced", "invoiced", "invoiced"]);

    // The accountant's file: every number of the year, the void at zero, summing to what was invoiced.
    const csv = await invoicesCsv(db, year);
    expect(csv.count).toBe(4);
    expect(csv.totalCents).toBe(127_950);
    const lines = csv.csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Invoice number,Customer,Invoice date,Due date,Terms,Item (Product/Service),Item Description,Item Quantity,Item Rate,Item Amount,Item tax code,Memo",
    );
    expect(lines[2]).toContain(`${year}-0002,Dana Visitor,`);
    expect(lines[2]).toContain(",0.00,0.00,NON,Void (was 511.80): Framing not yet inspected");
    const amounts = lines.slice(1).map((line) => Number(line.split(",")[9]));
    expect(amounts.reduce((sum, n) => sum + Math.round(n * 100), 0)).toBe(127_950);
  });

  it("records a check with its receipt, refuses more than the balance by name, and counts a burst once", async () => {
    const { jobId } = await acceptedJob();
    expect(await sendInvoice(db, OWNER, jobId, "deposit", context)).toMatchObject({ ok: true });
    const today = dayOf(new Date());
    const check = { amount: "383.85", method: "check", receivedDay: today, reference: "1043", paymentKey: "press-1" };
    // The same form sent ten times at once records one payment.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => recordPayment(db, OWNER, jobId, form(check), context)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await db.selectFrom("payments").select("amount_cents").execute()).toEqual([{ amount_cents: 38_385 }]);
    const after = await money(jobId);
    expect(after).toMatchObject({ collectedCents: 38_385, balanceCents: 89_565 });
    expect(after.invoices[0]?.state).toBe("paid");
    expect(after.schedule[0]?.state).toBe("paid");

    const receipts = await db.selectFrom("outbox").select("payload").where("kind", "=", "payment-receipt").execute();
    expect(receipts).toHaveLength(1);
    const receipt = parseMailPayload(receipts[0]?.payload ?? "{}");
    expect(receipt.text).toContain("$383.85");
    expect(receipt.text).toContain("$895.65");
    const receiptRow = await db.selectFrom("payments").select("receipt_document_id").executeTakeFirstOrThrow();
    const receiptText = await pdfText(await storedBytes(db, receiptRow.receipt_document_id));
    for (const expected of ["Receipt", "$383.85", "Check, reference 1043", "Balance of the contract: $895.65", "paid"])
      expect(receiptText).toContain(expected);

    // More than is due is refused, naming the amount due.
    const tooMuch = await recordPayment(
      db,
      OWNER,
      jobId,
      form({ ...check, amount: "895.66", paymentKey: "press-2" }),
      context,
    );
    expect(tooMuch).toEqual({
      ok: false,
      status: 400,
      errors: { amount: "That is more than is due: the balance of the contract is $895.65." },
    });
    for (const bad of [{ amount: "0" }, { amount: "12abc" }, { method: "bitcoin" }, { receivedDay: addDays(today, 1) }])
      expect(await recordPayment(db, OWNER, jobId, form({ ...check, ...bad, paymentKey: "x" }), context)).toMatchObject(
        {
          ok: false,
          status: 400,
        },
      );

    // Five different presses of the whole balance at once: the held job lets one through.
    const rush = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        recordPayment(db, OWNER, jobId, form({ ...check, amount: "895.65", paymentKey: `rush-${i}` }), context),
      ),
    );
    expect(rush.filter((result) => result.ok)).toHaveLength(1);
    expect((await money(jobId)).balanceCents).toBe(0);

    // A paid invoice is not voided while its payment stands; voiding the payment keeps its record.
    const deposit = await db.selectFrom("invoices").select("id").executeTakeFirstOrThrow();
    expect(await voidInvoice(db, OWNER, jobId, deposit.id, form({ reason: "Mistake" }))).toMatchObject({ status: 409 });
    const payment = await db
      .selectFrom("payments")
      .select("id")
      .where("amount_cents", "=", 38_385)
      .executeTakeFirstOrThrow();
    expect(await voidPayment(db, OWNER, jobId, payment.id, form({ reason: "Check bounced" }))).toMatchObject({
      ok: true,
    });
    expect(await voidPayment(db, OWNER, jobId, payment.id, form({ reason: "Again" }))).toMatchObject({ status: 409 });
    expect(
      await db.selectFrom("payments").select(["status", "void_reason"]).where("id", "=", payment.id).executeTakeFirst(),
    ).toEqual({
      status: "void",
      void_reason: "Check bounced",
    });
    expect((await money(jobId)).balanceCents).toBe(38_385);
    const payments = await paymentsCsv(db, Number(today.slice(0, 4)));
    expect(payments.totalCents).toBe(89_565);
    expect(payments.csv).toContain("Void (was 383.85): Check bounced");
  });

  it("sends one reminder 7 business days after the due date, never for a paid or switched-off invoice", async () => {
    const issued = new Date();
    const { jobId } = await acceptedJob(issued);
    await saveWaysToPay(db, OWNER, {
      checksPayableTo: "Causeway LLC",
      transferLine: "",
      payOnlineUrl: "",
      dueDays: 10,
    });
    expect(await sendInvoice(db, OWNER, jobId, "deposit", context, issued)).toMatchObject({ ok: true });
    expect(await sendInvoice(db, OWNER, jobId, "milestone-1", context, issued)).toMatchObject({ ok: true });
    const invoices = await db.selectFrom("invoices").select(["id", "number", "due_day"]).orderBy("sequence").execute();
    expect(invoices[0]?.due_day).toBe(addDays(dayOf(issued), 10));
    const [deposit, milestone] = invoices;
    if (!deposit || !milestone) throw new Error("two invoices expected");
    // The milestone's reminder is switched off; the deposit stays unpaid.
    expect(await switchInvoiceReminder(db, OWNER, jobId, milestone.id, false)).toMatchObject({ ok: true });

    const early = new Date(issued.getTime() + 12 * 86_400_000);
    expect(await sendInvoiceReminders(db, context, new Set(), early)).toBe(0);
    const late = new Date(issued.getTime() + 25 * 86_400_000);
    const twice = await Promise.all([
      sendInvoiceReminders(db, context, new Set(), late),
      sendInvoiceReminders(db, context, new Set(), late),
    ]);
    expect(twice.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendInvoiceReminders(db, context, new Set(), late)).toBe(0);
    const reminders = await db.selectFrom("outbox").select("subject").where("kind", "=", "invoice-reminder").execute();
    expect(reminders).toEqual([{ subject: `Reminder: invoice ${deposit.number} is unpaid` }]);

    const stats = await moneyStats(db, late);
    expect(stats.overdue.map((o) => [o.number, o.unpaidCents])).toEqual([
      [deposit.number, 38_385],
      [milestone.number, 51_180],
    ]);
    // Nothing was collected: everything invoiced is outstanding at the end of the month it was sent in.
    const sentIn = stats.months.find((m) => m.month === dayOf(issued).slice(0, 7));
    expect(sentIn).toMatchObject({ invoicedCents: 89_565, collectedCents: 0, outstandingCents: 89_565 });
  });

  it("counts a check taken before the invoice, and a cancelled contract voids its invoices and owes back what was paid", async () => {
    const { jobId, token } = await acceptedJob();
    const today = dayOf(new Date());
    const cash = { amount: "100", method: "cash", receivedDay: today, reference: "", paymentKey: "at-signing" };
    expect(await recordPayment(db, OWNER, jobId, form(cash), context)).toMatchObject({ ok: true });
    expect(await sendInvoice(db, OWNER, jobId, "deposit", context)).toMatchObject({ ok: true });
    const deposit = await db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    const text = await pdfText(await storedBytes(db, deposit.document_id));
    expect(text).toContain("Of this invoice, already received $100.00");
    expect(text).toContain("Amount due on this invoice $283.85");
    const [mail] = await db.selectFrom("outbox").select("payload").where("kind", "=", "invoice-sent").execute();
    expect(parseMailPayload(mail?.payload ?? "{}").text).toContain("We already received $100.00 of it; $283.85 is due");

    expect(await cancelContract(db, token, context)).toMatchObject({ cancelled: true });
    expect(await db.selectFrom("invoices").select(["status", "void_reason"]).execute()).toEqual([
      { status: "void", void_reason: CANCELLED_WITH_THE_CONTRACT },
    ]);
    const after = await money(jobId);
    expect(after).toMatchObject({ balanceCents: -10_000, invoicedUnpaidCents: 0 });
    expect(after.schedule.every((line) => line.state !== "invoiced")).toBe(true);
    expect(await sendInvoice(db, OWNER, jobId, "milestone-1", context)).toMatchObject({ ok: false, status: 409 });
    expect(await recordPayment(db, OWNER, jobId, form({ ...cash, paymentKey: "later" }), context)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await sendInvoiceReminders(db, context, new Set(), new Date(Date.now() + 30 * 86_400_000))).toBe(0);
  });

  it("keeps the signed contract, invoices, payments and their PDFs when the lead is deleted, and says so first", async () => {
    const { leadId, jobId } = await acceptedJob();
    expect(await sendInvoice(db, OWNER, jobId, "deposit", context)).toMatchObject({ ok: true });
    const today = dayOf(new Date());
    const check = { amount: "100", method: "cash", receivedDay: today, reference: "", paymentKey: "k" };
    expect(await recordPayment(db, OWNER, jobId, form(check), context)).toMatchObject({ ok: true });
    const kept = await keptOnDeletion(db, leadId);
    expect(kept).toEqual({ contracts: 1, changeOrders: 0, letters: 0, invoices: 1, payments: 1 });
    expect(keptSentence(kept)).toMatch(/^Kept: 1 signed contract, 1 invoice and 1 payment, with their PDFs/);
    const signed = await db.selectFrom("quote_versions").select("signed_document_id").executeTakeFirstOrThrow();

    const deleted = await deleteLead(db, leadId, { ...context, dataDir: harness().dataDir }, { actor: OWNER });
    expect(deleted).toMatchObject({ steps: { recordsKept: 3 } });
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("jobs").select("id").execute()).toEqual([]);
    const invoice = await db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      lead_id: null,
      job_id: null,
      customer_name: "Dana Visitor",
      customer_email: "",
      amount_cents: 38_385,
    });
    expect(await db.selectFrom("payments").select(["lead_id", "customer_name"]).execute()).toEqual([
      { lead_id: null, customer_name: "Dana Visitor" },
    ]);
    const record = await db.selectFrom("kept_records").selectAll().executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      kind: "contract",
      customer_name: "Dana Visitor",
      amount_cents: 127_950,
      document_id: signed.signed_document_id,
      keep_until: `${Number(today.slice(0, 4)) + 7}-12-31`,
    });
    // The kept PDFs are still there; nothing else about the lead is (the certificate is the business's own).
    const receipt = await db.selectFrom("payments").select("receipt_document_id").executeTakeFirstOrThrow();
    const certificate = await db
      .selectFrom("contract_facts")
      .select("certificate_document_id")
      .executeTakeFirstOrThrow();
    const documents = await db.selectFrom("stored_documents").select(["id", "lead_id"]).execute();
    expect(documents.every((d) => d.lead_id === null)).toBe(true);
    expect(documents.map((d) => d.id).sort()).toEqual(
      [
        invoice.document_id,
        receipt.receipt_document_id,
        signed.signed_document_id,
        certificate.certificate_document_id,
      ].sort(),
    );
    expect(await pdfText(await storedBytes(db, invoice.document_id))).toContain(invoice.number);
  });
});
