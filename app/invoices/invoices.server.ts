/**
 * 'Send invoice', 'Void' and the reminder switch on a job's invoices. Each is one desk change: the
 * job is held, its money read, the rule checked, and the invoice, its PDF, the history, the audit
 * and the homeowner's email written in one transaction. One invoice in force per scheduled payment
 * (a unique index holds it against any number of presses at once), and the final payment is never
 * invoiced before the job is marked completed: New Jersey forbids asking for it earlier.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { holdJob, recordJobEvent } from "~/jobs/jobs.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import { contractorNow } from "~/paperwork/contractor.server";
import { formatCents } from "~/paperwork/money";
import { renderDocumentPdf } from "~/paperwork/document-pdf.server";
import { dayOf } from "~/time/business-time";
import { invoiceDocument, invoiceFileName } from "./invoice-document";
import { invoiceEmail } from "./invoice-emails.server";
import { takeInvoiceSequence } from "./invoice-numbers.server";
import { jobMoney } from "./job-money.server";
import { readVoidReason, type FieldErrors } from "./payment-rules";
import { allocatePayments, dueDayOf, FINAL_WAITS, invoiceNumber } from "./payment-schedule";
import { readWaysToPay } from "./ways-to-pay.server";
import { jobLinkFor } from "~/jobs/job-link.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export type MoneyChange = { ok: true; done: string } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

export const refuse = (status: 400 | 404 | 409, message: string, field = "form"): MoneyChange => ({
  ok: false,
  status,
  errors: { [field]: message },
});

export const JOB_GONE = "This job no longer exists.";

export async function sendInvoice(
  db: Db,
  actor: Actor,
  jobId: string,
  scheduleKey: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<MoneyChange> {
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<MoneyChange> => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, JOB_GONE);
    if (job.state === "cancelled") return refuse(409, "This job was cancelled with its contract: nothing is invoiced.");
    const today = dayOf(now);
    const money = await jobMoney(trx, job, today);
    const line = money.schedule.find((entry) => entry.key === scheduleKey);
    if (!line) return refuse(404, "That payment is not in this job's schedule.");
    if (line.invoiceNumber) return refuse(409, `Already invoiced as ${line.invoiceNumber}.`);
    if (line.final && job.state !== "completed") return refuse(409, FINAL_WAITS);
    if (line.amountCents <= 0) return refuse(409, "Nothing is left to ask for in this payment.");
    const ways = await readWaysToPay(trx);
    // Money received before the invoice (a check taken at signing) is counted against it as the
    // pages will count it, so the PDF never asks again for what was paid.
    const allocation = allocatePayments(
      [
        ...money.invoices.map((i) => ({ id: i.id, amountCents: i.amountCents, void: i.state === "void" })),
        { id: "new", amountCents: line.amountCents, void: false },
      ],
      money.collectedCents,
    );
    const paidOnItCents = allocation.paid.get("new") ?? 0;
    const year = Number(today.slice(0, 4));
    const number = invoiceNumber(year, await takeInvoiceSequence(trx, year));
    const dueDay = dueDayOf(today, ways.dueDays);
    const homeowner = { name: job.lead_name, address: job.lead_address, email: job.lead_email };
    const pdf = await renderDocumentPdf(
      invoiceDocument({
        number,
        label: line.label,
        amountCents: line.amountCents,
        issuedDay: today,
        dueDay,
        dueDays: ways.dueDays,
        contractor: contractorNow(),
        homeowner,
        jobTitle: job.title,
        contractTotalCents: money.contractTotalCents,
        taxRateMilliPercent: job.tax_rate_milli_percent,
        paidSoFarCents: money.collectedCents,
        paidOnItCents,
        waysToPay: ways,
      }),
      { madeAt: now, producer: contractorNow().shortName },
    );
    const fileName = invoiceFileName(number);
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: pdf, leadId: job.lead_id },
      now,
    );
    await trx
      .insertInto("invoices")
      .values({
        id: randomUUID(),
        number,
        year,
        sequence: Number(number.slice(5)),
        job_id: job.id,
        lead_id: job.lead_id,
        schedule_key: line.key,
        label: line.label,
        customer_name: job.lead_name,
        customer_email: job.lead_email,
        customer_address: job.lead_address,
        job_title: job.title,
        amount_cents: line.amountCents,
        tax_rate_milli_percent: job.tax_rate_milli_percent,
        issued_day: today,
        due_day: dueDay,
        document_id: stored.id,
        status: "open",
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    const token = await jobLinkFor(trx, job, now);
    const facts = {
      number,
      label: line.label,
      amountCents: line.amountCents,
      dueDay,
      dueDays: ways.dueDays,
      jobTitle: job.title,
      paidOnItCents,
    };
    const document = { documentId: stored.id, fileName, contentType: "application/pdf" };
    const to = { leadId: job.lead_id, name: job.lead_name, email: job.lead_email };
    await enqueueMail(trx, invoiceEmail(to, facts, ways, document, token, context), now);
    await recordJobEvent(
      trx,
      job,
      actor.email,
      `Invoice ${number} sent: ${line.label}, ${formatCents(line.amountCents)}`,
      now,
    );
    await audit("invoice-sent", `${number}: ${job.title}, ${formatCents(line.amountCents)}`);
    return { ok: true, done: `Invoice ${number} sent; the homeowner is emailed its PDF.` };
  });
}

/** The invoice of this job, held by the change. */
async function invoiceOfJob(trx: Db, jobId: string, invoiceId: string) {
  return trx
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", invoiceId)
    .where("job_id", "=", jobId)
    .executeTakeFirst();
}

export async function voidInvoice(
  db: Db,
  actor: Actor,
  jobId: string,
  invoiceId: string,
  get: (name: string) => string,
  now: Date = new Date(),
): Promise<MoneyChange> {
  const read = readVoidReason(get);
  if (!read.ok) return refuse(400, read.error, "reason");
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<MoneyChange> => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, JOB_GONE);
    const invoice = await invoiceOfJob(trx, jobId, invoiceId);
    if (!invoice) return refuse(404, "No such invoice on this job.");
    if (invoice.status === "void") return refuse(409, `Invoice ${invoice.number} is already void.`);
    const money = await jobMoney(trx, job, dayOf(now));
    const paid = money.invoices.find((listed) => listed.id === invoice.id)?.paidCents ?? 0;
    if (paid > 0)
      return refuse(
        409,
        `Payments of ${formatCents(paid)} are counted against invoice ${invoice.number}: void the payment first if it was recorded in error.`,
      );
    await trx
      .updateTable("invoices")
      .set({ status: "void", void_reason: read.reason, voided_by: actor.email, voided_at: timestamp(now) })
      .where("id", "=", invoice.id)
      .where("status", "=", "open")
      .execute();
    await recordJobEvent(trx, job, actor.email, `Invoice ${invoice.number} voided: ${read.reason}`, now);
    await audit("invoice-voided", `${invoice.number}: ${read.reason}`);
    return { ok: true, done: `Invoice ${invoice.number} voided; it keeps its number.` };
  });
}

export async function switchInvoiceReminder(
  db: Db,
  actor: Actor,
  jobId: string,
  invoiceId: string,
  on: boolean,
  now: Date = new Date(),
): Promise<MoneyChange> {
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<MoneyChange> => {
    const invoice = await invoiceOfJob(trx, jobId, invoiceId);
    if (!invoice) return refuse(404, "No such invoice on this job.");
    await trx
      .updateTable("invoices")
      .set({ remind: on ? 1 : 0 })
      .where("id", "=", invoice.id)
      .execute();
    await audit("invoice-reminder-switched", `${invoice.number}: ${on ? "on" : "off"}`);
    return {
      ok: true,
      done: on
        ? `Invoice ${invoice.number} gets its one reminder if it is still unpaid 7 business days after it is due.`
        : `No reminder for invoice ${invoice.number}.`,
    };
  });
}

/** Why the invoices of a contract cancelled in time are voided, as each keeps it. */
export const CANCELLED_WITH_THE_CONTRACT = "The homeowner cancelled the contract within the three business days.";

/**
 * `job` was cancelled with its contract, in time: nothing is owed on it, so its open invoices are
 * voided, keeping their numbers. Call in the cancellation's transaction. What was already paid
 * shows on both pages as to be refunded.
 */
export async function voidInvoicesOfCancelledJob(
  trx: Db,
  job: { id: string; lead_id: string },
  now: Date,
): Promise<void> {
  const voided = await trx
    .updateTable("invoices")
    .set({ status: "void", void_reason: CANCELLED_WITH_THE_CONTRACT, voided_by: HOMEOWNER, voided_at: timestamp(now) })
    .where("job_id", "=", job.id)
    .where("status", "=", "open")
    .returning("number")
    .execute();
  if (voided.length > 0)
    await recordJobEvent(
      trx,
      job,
      HOMEOWNER,
      `Invoice${voided.length === 1 ? "" : "s"} ${voided.map((v) => v.number).join(", ")} voided with the contract`,
      now,
    );
}
