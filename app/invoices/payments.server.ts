/**
 * 'Record a payment' and 'Void' on a job's payments. A payment may be part of what is due but
 * never more than the contract's balance; each is mailed to the homeowner as a receipt and goes in
 * the audit log. The form's key makes a press sent twice one payment, and the held job makes two
 * different presses at once count one after the other, so together they never pass the balance.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { agreedDayOf, holdJob, recordJobEvent } from "~/jobs/jobs.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { contractorNow } from "~/paperwork/contractor.server";
import { formatCents } from "~/paperwork/money";
import { contractorLines } from "~/paperwork/document";
import { renderRecordPdf } from "~/paperwork/document-pdf.server";
import { addDays, dayOf } from "~/time/business-time";
import { PAYMENT_METHOD_LABELS, receiptFileName, receiptLines } from "./invoice-document";
import { receiptEmail } from "./invoice-emails.server";
import { JOB_GONE, refuse, type MoneyChange } from "./invoices.server";
import type { PaymentMethod } from "./invoices-tables";
import { allocatePayments } from "./payment-schedule";
import { jobMoney } from "./job-money.server";
import { readPaymentForm, readVoidReason, receivedBeforeAgreement, RECEIVED_WITHIN_DAYS } from "./payment-rules";
import { jobLinkFor } from "~/jobs/job-link.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export async function recordPayment(
  db: Db,
  actor: Actor,
  jobId: string,
  get: (name: string) => string,
  context: MailContext,
  now: Date = new Date(),
): Promise<MoneyChange> {
  const today = dayOf(now);
  const read = readPaymentForm(get, today, addDays(today, -RECEIVED_WITHIN_DAYS));
  if (!read.ok) return { ok: false, status: 400, errors: read.errors };
  const payment = read.payment;
  // Scoped to the job, so a key sent with another job's form never answers for this one.
  const requestKey = `${jobId}:${get("paymentKey").trim().slice(0, 80) || randomUUID()}`;
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<MoneyChange> => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, JOB_GONE);
    const repeated = await trx
      .selectFrom("payments")
      .select("amount_cents")
      .where("request_key", "=", requestKey)
      .executeTakeFirst();
    if (repeated) return { ok: true, done: `Payment of ${formatCents(repeated.amount_cents)} recorded.` };
    if (job.state === "cancelled") return refuse(409, "This job was cancelled with its contract: nothing is due.");
    const early = receivedBeforeAgreement(payment.receivedDay, await agreedDayOf(trx, job));
    if (early) return refuse(400, early, "receivedDay");
    const money = await jobMoney(trx, job, today);
    if (money.balanceCents <= 0)
      return refuse(409, "Nothing is due on this job: the contract is paid in full.", "amount");
    if (payment.amountCents > money.balanceCents)
      return refuse(
        400,
        `That is more than is due: the balance of the contract is ${formatCents(money.balanceCents)}.`,
        "amount",
      );
    const paidSoFar = money.collectedCents + payment.amountCents;
    // Which invoices this payment pays towards: the oldest unpaid first, as the pages count them.
    const invoices = money.invoices.map((i) => ({ id: i.id, amountCents: i.amountCents, void: i.state === "void" }));
    const before = allocatePayments(invoices, money.collectedCents).paid;
    const after = allocatePayments(invoices, paidSoFar).paid;
    const appliedTo = money.invoices.flatMap((invoice) => {
      const gained = (after.get(invoice.id) ?? 0) - (before.get(invoice.id) ?? 0);
      if (gained <= 0) return [];
      return [
        `${invoice.number} (${(after.get(invoice.id) ?? 0) >= invoice.amountCents ? "paid" : `${formatCents(gained)} towards it`})`,
      ];
    });
    const contractor = contractorNow();
    const pdf = await renderRecordPdf({
      title: "Receipt",
      reference: `Payment received for: ${job.title}`,
      contractor: contractorLines(contractor),
      producer: contractor.shortName,
      madeAt: now,
      lines: receiptLines({
        ...payment,
        homeownerName: job.lead_name,
        jobTitle: job.title,
        contractTotalCents: money.contractTotalCents,
        paidSoFarCents: paidSoFar,
        appliedTo,
      }),
    });
    const fileName = receiptFileName(payment.receivedDay, payment.amountCents);
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: pdf, leadId: job.lead_id },
      now,
    );
    await trx
      .insertInto("payments")
      .values({
        id: randomUUID(),
        job_id: job.id,
        lead_id: job.lead_id,
        request_key: requestKey,
        customer_name: job.lead_name,
        job_title: job.title,
        amount_cents: payment.amountCents,
        method: payment.method,
        received_day: payment.receivedDay,
        reference: payment.reference,
        receipt_document_id: stored.id,
        status: "recorded",
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    const token = await jobLinkFor(trx, job, now);
    const to = { leadId: job.lead_id, name: job.lead_name, email: job.lead_email };
    const document = { documentId: stored.id, fileName, contentType: "application/pdf" };
    const mailed = { ...payment, jobTitle: job.title, balanceCents: money.contractTotalCents - paidSoFar };
    await enqueueMail(trx, receiptEmail(to, mailed, document, token, context), now);
    const how = paymentHow(payment);
    const line = `Payment recorded: ${formatCents(payment.amountCents)} by ${how}, received ${payment.receivedDay}`;
    await recordJobEvent(trx, job, actor.email, line, now);
    await audit("payment-recorded", `${job.title}: ${formatCents(payment.amountCents)} by ${how}`);
    return {
      ok: true,
      done: `Payment of ${formatCents(payment.amountCents)} recorded; the homeowner is emailed a receipt.`,
    };
  });
}

export async function voidPayment(
  db: Db,
  actor: Actor,
  jobId: string,
  paymentId: string,
  get: (name: string) => string,
  now: Date = new Date(),
): Promise<MoneyChange> {
  const read = readVoidReason(get);
  if (!read.ok) return refuse(400, read.error, "reason");
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<MoneyChange> => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, JOB_GONE);
    const voided = await markPaymentVoid(trx, { column: "job_id", id: jobId }, paymentId, read.reason, actor, now);
    if (!voided) return refuse(409, "That payment is not recorded on this job, or is already void.");
    const what = `${formatCents(voided.amount_cents)} received ${voided.received_day}`;
    await recordJobEvent(trx, job, actor.email, `Payment of ${what} voided: ${read.reason}`, now);
    await audit("payment-voided", `${job.title}: ${what}: ${read.reason}`);
    return { ok: true, done: `Payment of ${formatCents(voided.amount_cents)} voided; its record is kept.` };
  });
}

/** How a payment was made, as the history and the audit name it: "Check 1043". */
export const paymentHow = (payment: { method: PaymentMethod; reference: string }) =>
  `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ""}`;

/**
 * Voids a payment recorded on the job or plan, keeping its record with why and by whom; what it
 * was, or undefined when no such payment is recorded there.
 */
export function markPaymentVoid(
  trx: Db,
  owner: { column: "job_id" | "plan_id"; id: string },
  paymentId: string,
  reason: string,
  actor: Actor,
  now: Date,
) {
  return trx
    .updateTable("payments")
    .set({ status: "void", void_reason: reason, voided_by: actor.email, voided_at: timestamp(now) })
    .where("id", "=", paymentId)
    .where(owner.column, "=", owner.id)
    .where("status", "=", "recorded")
    .returning(["amount_cents", "received_day"])
    .executeTakeFirst();
}
