/**
 * A home watch plan's money: its monthly invoices, the payments received against them, 'Record a
 * payment' and 'Void' on those payments, and each unpaid invoice's reminder switch. A plan has no
 * contract total: what is owed is what its invoices ask and its payments do not cover, so a
 * payment is never more than that.
 * Each payment is one desk change with the plan held, mailed to the homeowner as a receipt; the
 * form's key makes a press sent twice one payment, and the held plan makes two different presses
 * at once count one after the other.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { unsealWithServerKey } from "~/infra/seal.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { receiptFileName } from "~/invoices/invoice-document";
import { markPaymentVoid, paymentHow } from "~/invoices/payments.server";
import type { CarriedForms } from "~/forms/carried-answer";
import { countMoney, moneyRows, type InvoiceListing, type PaymentListing } from "~/invoices/job-money.server";
import { MONEY_FIELDS } from "~/invoices/money-intents.server";
import { invoiceView, paymentView } from "~/invoices/money-view";
import { allocatePayments } from "~/invoices/payment-schedule";
import {
  readPaymentForm,
  readVoidReason,
  receivedBeforeAgreement,
  RECEIVED_WITHIN_DAYS,
  type FieldErrors,
} from "~/invoices/payment-rules";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { contractorNow } from "~/paperwork/contractor.server";
import { contractorLines } from "~/paperwork/document";
import { renderRecordPdf } from "~/paperwork/document-pdf.server";
import { formatCents } from "~/paperwork/money";
import type { MailContext } from "~/settings/env.server";
import { addDays, dayOf } from "~/time/business-time";
import { watchReceiptEmail } from "./watch-emails.server";
import { planReceiptLines } from "./watch-invoice";
import { holdPlan } from "./watch-invoices.server";

type Db = Kysely<Database>;

export interface PlanMoney {
  invoices: InvoiceListing[];
  payments: PaymentListing[];
  collectedCents: number;
  /** What the invoices in force ask and the payments do not cover. */
  owedCents: number;
}

export type PlanMoneyChange = { ok: true; done: string } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

const refuse = (status: 400 | 404 | 409, message: string, field = "form"): PlanMoneyChange => ({
  ok: false,
  status,
  errors: { [field]: message },
});

const PLAN_GONE = "This plan no longer exists.";

/** A plan's invoices (oldest first) and payments, with what the payments cover of each invoice. */
export async function planMoney(db: Db, planId: string, today: string): Promise<PlanMoney> {
  const counted = countMoney(await moneyRows(db, { column: "plan_id", id: planId }), null, today);
  return { ...counted, owedCents: counted.invoices.reduce((sum, invoice) => sum + invoice.owedCents, 0) };
}

/** The invoices a payment of `amountCents` pays towards, oldest unpaid first, as the pages count them. */
function appliedTo(money: PlanMoney, amountCents: number): string[] {
  const invoices = money.invoices.map((i) => ({ id: i.id, amountCents: i.amountCents, void: i.state === "void" }));
  const before = allocatePayments(invoices, money.collectedCents).paid;
  const after = allocatePayments(invoices, money.collectedCents + amountCents).paid;
  return money.invoices.flatMap((invoice) => {
    const gained = (after.get(invoice.id) ?? 0) - (before.get(invoice.id) ?? 0);
    if (gained <= 0) return [];
    const whole = (after.get(invoice.id) ?? 0) >= invoice.amountCents;
    return [`${invoice.number} (${whole ? "paid" : `${formatCents(gained)} towards it`})`];
  });
}

export async function recordPlanPayment(
  db: Db,
  actor: Actor,
  planId: string,
  get: (name: string) => string,
  context: MailContext,
  now: Date = new Date(),
): Promise<PlanMoneyChange> {
  const today = dayOf(now);
  const read = readPaymentForm(get, today, addDays(today, -RECEIVED_WITHIN_DAYS));
  if (!read.ok) return { ok: false, status: 400, errors: read.errors };
  const payment = read.payment;
  // Scoped to the plan, so a key sent with another plan's or a job's form never answers for this one.
  const requestKey = `plan:${planId}:${get("paymentKey").trim().slice(0, 80) || randomUUID()}`;
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<PlanMoneyChange> => {
    const plan = await holdPlan(trx, planId);
    if (!plan) return refuse(404, PLAN_GONE);
    const repeated = await trx
      .selectFrom("payments")
      .select("amount_cents")
      .where("request_key", "=", requestKey)
      .executeTakeFirst();
    if (repeated) return { ok: true, done: `Payment of ${formatCents(repeated.amount_cents)} recorded.` };
    if (!plan.accepted_at) return refuse(409, "This plan was never accepted: nothing is owed on it.");
    const early = receivedBeforeAgreement(payment.receivedDay, dayOf(toDate(plan.accepted_at)));
    if (early) return refuse(400, early, "receivedDay");
    const money = await planMoney(trx, planId, today);
    if (money.owedCents <= 0) return refuse(409, "Nothing is owed: every invoice of this plan is paid.", "amount");
    if (payment.amountCents > money.owedCents)
      return refuse(
        400,
        `That is more than is owed: the plan's invoices ask ${formatCents(money.owedCents)}.`,
        "amount",
      );
    const how = paymentHow(payment);
    const owedAfter = money.owedCents - payment.amountCents;
    const contractor = contractorNow();
    const title = `Home watch at ${plan.address}`;
    const pdf = await renderRecordPdf({
      title: "Receipt",
      reference: `Payment received for: ${title}`,
      contractor: contractorLines(contractor),
      producer: contractor.shortName,
      madeAt: now,
      lines: planReceiptLines({
        amountCents: payment.amountCents,
        how,
        receivedDay: payment.receivedDay,
        homeownerName: plan.homeowner_name,
        address: plan.address,
        appliedTo: appliedTo(money, payment.amountCents),
        owedCents: owedAfter,
      }),
    });
    const fileName = receiptFileName(payment.receivedDay, payment.amountCents);
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: pdf, leadId: plan.lead_id },
      now,
    );
    await trx
      .insertInto("payments")
      .values({
        id: randomUUID(),
        job_id: null,
        lead_id: plan.lead_id,
        plan_id: plan.id,
        request_key: requestKey,
        customer_name: plan.homeowner_name,
        job_title: title,
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
    const token = plan.link_sealed ? unsealWithServerKey("watch-link", plan.link_sealed) : undefined;
    await enqueueMail(
      trx,
      watchReceiptEmail(
        { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email },
        { amountCents: payment.amountCents, receivedDay: payment.receivedDay, owedCents: owedAfter },
        { documentId: stored.id, fileName, contentType: "application/pdf" },
        token,
        context,
      ),
      now,
    );
    await audit("payment-recorded", `${title}: ${formatCents(payment.amountCents)} by ${how}`);
    return {
      ok: true,
      done: `Payment of ${formatCents(payment.amountCents)} recorded; the homeowner is emailed a receipt.`,
    };
  });
}

export async function voidPlanPayment(
  db: Db,
  actor: Actor,
  planId: string,
  paymentId: string,
  get: (name: string) => string,
  now: Date = new Date(),
): Promise<PlanMoneyChange> {
  const read = readVoidReason(get);
  if (!read.ok) return refuse(400, read.error, "reason");
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<PlanMoneyChange> => {
    const plan = await holdPlan(trx, planId);
    if (!plan) return refuse(404, PLAN_GONE);
    const voided = await markPaymentVoid(trx, { column: "plan_id", id: planId }, paymentId, read.reason, actor, now);
    if (!voided) return refuse(409, "That payment is not recorded on this plan, or is already void.");
    await audit(
      "payment-voided",
      `Home watch at ${plan.address}: ${formatCents(voided.amount_cents)} received ${voided.received_day}: ${read.reason}`,
    );
    return { ok: true, done: `Payment of ${formatCents(voided.amount_cents)} voided; its record is kept.` };
  });
}

/** Whether an unpaid invoice of the plan gets its one reminder. */
export async function switchPlanInvoiceReminder(
  db: Db,
  actor: Actor,
  planId: string,
  invoiceId: string,
  on: boolean,
  now: Date = new Date(),
): Promise<PlanMoneyChange> {
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<PlanMoneyChange> => {
    const switched = await trx
      .updateTable("invoices")
      .set({ remind: on ? 1 : 0 })
      .where("id", "=", invoiceId)
      .where("plan_id", "=", planId)
      .returning("number")
      .executeTakeFirst();
    if (!switched) return refuse(404, "No such invoice on this plan.");
    await audit("invoice-reminder-switched", `${switched.number}: ${on ? "on" : "off"}`);
    return {
      ok: true,
      done: on
        ? `Invoice ${switched.number} gets its one reminder if it is still unpaid 7 business days after it is due.`
        : `No reminder for invoice ${switched.number}.`,
    };
  });
}

/** The money forms' answers a post without JavaScript carries back to the plan's page. */
export const PLAN_MONEY_FORMS: CarriedForms = {
  intents: ["record-payment", "void-payment", "invoice-reminder"],
  fields: [...MONEY_FIELDS, "reason"],
};

/** The plan's money as its desk page shows it. */
export async function planMoneyDeskView(db: Db, planId: string, today: string) {
  const money = await planMoney(db, planId, today);
  const invoiced = money.invoices
    .filter((invoice) => invoice.state !== "void")
    .reduce((sum, invoice) => sum + invoice.amountCents, 0);
  return {
    money: {
      invoiced: formatCents(invoiced),
      collected: formatCents(money.collectedCents),
      owed: formatCents(money.owedCents),
      owedCents: money.owedCents,
      invoices: money.invoices.map(invoiceView),
      payments: money.payments.map(paymentView),
    },
    paymentKey: randomUUID(),
    today,
  };
}

export type PlanMoneyView = Awaited<ReturnType<typeof planMoneyDeskView>>["money"];
