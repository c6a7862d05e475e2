/**
 * A job's money as both sides see it: the schedule the contract sets, the invoices sent against it,
 * the payments received, and what each invoice and the contract still owe. Read inside a change's
 * transaction (after the job is held) as well as for the pages, so a decision and the page it
 * came from count the same way.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { parseChangeOrder } from "~/jobs/change-order-content";
import { parseTerms } from "~/paperwork/contract-terms";
import type { PaymentTerms } from "~/paperwork/payment-terms";
import type { JobState } from "~/jobs/jobs-tables";
import type { PaymentMethod } from "./invoices-tables";
import {
  allocatePayments,
  invoiceState,
  owedOnInvoices,
  paymentSchedule,
  type InvoiceState,
  type ScheduledPayment,
  type ScheduledState,
} from "./payment-schedule";

type Db = Kysely<Database>;

export interface MoneyJob {
  id: string;
  base_cents: number;
  quote_version_id: string | null;
  state: JobState;
}

export interface InvoiceListing {
  id: string;
  number: string;
  scheduleKey: string;
  label: string;
  amountCents: number;
  paidCents: number;
  /** What is still asked of the homeowner on it: its unpaid part, within the contract's balance. */
  owedCents: number;
  issuedDay: string;
  dueDay: string;
  state: InvoiceState;
  documentId: string | null;
  voidReason: string | null;
  remind: boolean;
  remindedAt: Date | string | null;
}

export interface PaymentListing {
  id: string;
  amountCents: number;
  method: PaymentMethod;
  receivedDay: string;
  reference: string;
  receiptDocumentId: string | null;
  void: boolean;
  voidReason: string | null;
}

export interface ScheduleLine extends ScheduledPayment {
  state: ScheduledState;
  /** The invoice in force for it, if any. */
  invoiceNumber: string | null;
}

export interface JobMoney {
  contractTotalCents: number;
  collectedCents: number;
  /**
   * The contract total less every payment recorded: what the homeowner still owes in all. Below
   * zero, what was paid beyond it, to be refunded; a cancelled contract owes nothing, so all that
   * was paid on it is.
   */
  balanceCents: number;
  /** What the invoices sent ask for and the payments do not yet cover. */
  invoicedUnpaidCents: number;
  schedule: ScheduleLine[];
  invoices: InvoiceListing[];
  payments: PaymentListing[];
}

/** The payment terms the job's contract was sent with; null for small work started without a quote. */
async function termsOf(db: Db, job: MoneyJob): Promise<PaymentTerms | null> {
  if (!job.quote_version_id) return null;
  const version = await db
    .selectFrom("quote_versions")
    .select("terms")
    .where("id", "=", job.quote_version_id)
    .executeTakeFirst();
  if (!version?.terms) return null;
  return parseTerms(version.terms).facts.payment;
}

export async function jobMoney(db: Db, job: MoneyJob, today: string): Promise<JobMoney> {
  const [terms, changes, rows] = await Promise.all([
    termsOf(db, job),
    db
      .selectFrom("change_orders")
      .select(["number", "amount_cents", "content"])
      .where("job_id", "=", job.id)
      .where("status", "=", "accepted")
      .orderBy("number")
      .execute(),
    moneyRows(db, { column: "job_id", id: job.id }),
  ]);
  const signed = changes.map((row) => ({
    number: row.number,
    amountCents: row.amount_cents,
    dueWhenSigned: parseChangeOrder(row.content).dueWhenSigned === true,
  }));
  const contractTotalCents = job.base_cents + signed.reduce((sum, change) => sum + change.amountCents, 0);
  // A contract cancelled in time owes nothing: all that was paid on it is to be refunded.
  const dueCents = job.state === "cancelled" ? 0 : contractTotalCents;
  const { collectedCents, invoices, payments } = countMoney(rows, (collected) => dueCents - collected, today);
  const balanceCents = dueCents - collectedCents;
  const schedule = paymentSchedule(job.base_cents, terms, signed).map((line): ScheduleLine => {
    const inForce = invoices.find((invoice) => invoice.scheduleKey === line.key && invoice.state !== "void");
    const voided = invoices.some((invoice) => invoice.scheduleKey === line.key && invoice.state === "void");
    const state: ScheduledState = inForce
      ? inForce.state === "paid" || inForce.state === "settled"
        ? "paid"
        : "invoiced"
      : voided
        ? "void"
        : "not-yet-due";
    return { ...line, state, invoiceNumber: inForce?.number ?? null };
  });
  return {
    contractTotalCents,
    collectedCents,
    balanceCents,
    invoicedUnpaidCents: invoices.reduce((sum, invoice) => sum + invoice.owedCents, 0),
    schedule,
    invoices,
    payments,
  };
}

type MoneyRows = Awaited<ReturnType<typeof moneyRows>>;

/** The invoices (in number order) and payments (as received) of one job or one home watch plan. */
export async function moneyRows(db: Db, owner: { column: "job_id" | "plan_id"; id: string }) {
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom("invoices")
      .selectAll()
      .where(owner.column, "=", owner.id)
      .orderBy("year")
      .orderBy("sequence")
      .execute(),
    db
      .selectFrom("payments")
      .selectAll()
      .where(owner.column, "=", owner.id)
      .orderBy("received_day")
      .orderBy("created_at")
      .execute(),
  ]);
  return { invoices, payments };
}

/**
 * The invoices and payments as both sides' pages count them: the payments recorded cover the
 * invoices oldest first, a void invoice taking nothing; what an open invoice still asks is its
 * unpaid part, but never more in all than `balance` (of what was collected) allows, the newest
 * giving way first. A job's balance is its contract's; a plan has none, so its invoices ask all
 * they have not been paid.
 */
export function countMoney(
  rows: MoneyRows,
  balance: ((collectedCents: number) => number) | null,
  today: string,
): { collectedCents: number; invoices: InvoiceListing[]; payments: PaymentListing[] } {
  const collectedCents = rows.payments
    .filter((row) => row.status === "recorded")
    .reduce((sum, row) => sum + row.amount_cents, 0);
  const { paid } = allocatePayments(
    rows.invoices.map((row) => ({ id: row.id, amountCents: row.amount_cents, void: row.status === "void" })),
    collectedCents,
  );
  const unpaid = rows.invoices
    .filter((row) => row.status === "open")
    .map((row) => ({ id: row.id, unpaidCents: row.amount_cents - (paid.get(row.id) ?? 0) }));
  const owed = owedOnInvoices(
    unpaid,
    balance ? balance(collectedCents) : unpaid.reduce((sum, row) => sum + row.unpaidCents, 0),
  );
  const invoices = rows.invoices.map((row): InvoiceListing => {
    const paidCents = paid.get(row.id) ?? 0;
    const owedCents = owed.get(row.id) ?? 0;
    return {
      id: row.id,
      number: row.number,
      scheduleKey: row.schedule_key,
      label: row.label,
      amountCents: row.amount_cents,
      paidCents,
      owedCents,
      issuedDay: row.issued_day,
      dueDay: row.due_day,
      state: invoiceState(
        { amountCents: row.amount_cents, void: row.status === "void", dueDay: row.due_day },
        paidCents,
        owedCents,
        today,
      ),
      documentId: row.document_id,
      voidReason: row.void_reason,
      remind: row.remind === 1,
      remindedAt: row.reminded_at,
    };
  });
  const payments = rows.payments.map((row): PaymentListing => ({
    id: row.id,
    amountCents: row.amount_cents,
    method: row.method,
    receivedDay: row.received_day,
    reference: row.reference,
    receiptDocumentId: row.receipt_document_id,
    void: row.status === "void",
    voidReason: row.void_reason,
  }));
  return { collectedCents, invoices, payments };
}
