/**
 * A job's money as the pages show it: amounts formatted, states in words, dates as people read
 * them. Built on the server from `jobMoney`, one view per audience: `moneyView` for the desk's job
 * page, with the schedule, voids and their reasons and the reminder switches; `homeownerMoneyView`
 * for the homeowner's, which names each field it passes on and none of the owner's. What a loader
 * returns is in the page's HTML and its `.data` whatever the screen draws, so the homeowner's view
 * is never the owner's with parts hidden. Pure; shared with the browser.
 */
import { dayLabel } from "~/jobs/job-rules";
import { formatCents } from "~/paperwork/money";
import { PAYMENT_METHOD_LABELS } from "./invoice-document";
import type { InvoiceListing, JobMoney, PaymentListing } from "./job-money.server";
import { INVOICE_STATE_LABELS, SCHEDULED_STATE_LABELS, type InvoiceState } from "./payment-schedule";

export interface ScheduleLineView {
  key: string;
  label: string;
  amount: string;
  state: string;
  invoiceNumber: string | null;
  /** 'Send invoice' may be pressed now. */
  canInvoice: boolean;
  /** Why it cannot yet, in the button's words; null when it can or when it is done. */
  waits: string | null;
}

/** An invoice as both sides read it. */
export interface InvoiceLine {
  id: string;
  number: string;
  label: string;
  amount: string;
  state: InvoiceState;
  stateLabel: string;
  /** "Due on receipt" or "Due by …". */
  due: string;
  issued: string;
  /** "$100.00 of it paid", when part is paid. */
  partly: string | null;
}

export interface InvoiceView extends InvoiceLine {
  documentId: string | null;
  voidReason: string | null;
  remind: boolean;
  reminded: boolean;
}

/** A payment as both sides read it. */
export interface PaymentLine {
  id: string;
  amount: string;
  how: string;
  received: string;
}

export interface PaymentView extends PaymentLine {
  receiptDocumentId: string | null;
  void: boolean;
  voidReason: string | null;
}

/** The totals both sides read. */
interface MoneyTotals {
  contractTotal: string;
  collected: string;
  /** The balance's amount, without its sign: `balanceLabel` says which way it goes. */
  balance: string;
  balanceLabel: string;
}

export interface MoneyView extends MoneyTotals {
  balanceCents: number;
  invoicedUnpaid: string;
  schedule: ScheduleLineView[];
  invoices: InvoiceView[];
  payments: PaymentView[];
}

function invoiceLine(invoice: InvoiceListing): InvoiceLine {
  return {
    id: invoice.id,
    number: invoice.number,
    label: invoice.label,
    amount: formatCents(invoice.amountCents),
    state: invoice.state,
    stateLabel: INVOICE_STATE_LABELS[invoice.state],
    due: invoice.dueDay === invoice.issuedDay ? "Due on receipt" : `Due by ${dayLabel(invoice.dueDay)}`,
    issued: dayLabel(invoice.issuedDay),
    partly:
      invoice.paidCents > 0 && invoice.paidCents < invoice.amountCents
        ? `${formatCents(invoice.paidCents)} of it paid`
        : null,
  };
}

function paymentLine(payment: PaymentListing): PaymentLine {
  return {
    id: payment.id,
    amount: formatCents(payment.amountCents),
    how: `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ""}`,
    received: dayLabel(payment.receivedDay),
  };
}

function moneyTotals(money: JobMoney): MoneyTotals {
  return {
    contractTotal: formatCents(money.contractTotalCents),
    collected: formatCents(money.collectedCents),
    balance: formatCents(Math.abs(money.balanceCents)),
    balanceLabel: money.balanceCents >= 0 ? "Balance of the contract" : "Paid beyond the contract, to be refunded",
  };
}

/** An invoice on the desk, with its PDF, its void's reason and its reminder. */
export const invoiceView = (invoice: InvoiceListing): InvoiceView => ({
  ...invoiceLine(invoice),
  documentId: invoice.documentId,
  voidReason: invoice.voidReason,
  remind: invoice.remind,
  reminded: invoice.remindedAt !== null,
});

/** A payment on the desk, with its receipt and its void's reason. */
export const paymentView = (payment: PaymentListing): PaymentView => ({
  ...paymentLine(payment),
  receiptDocumentId: payment.receiptDocumentId,
  void: payment.void,
  voidReason: payment.voidReason,
});

export function moneyView(
  money: JobMoney,
  options: { completed: boolean; open: boolean; finalWaits: string },
): MoneyView {
  return {
    ...moneyTotals(money),
    balanceCents: money.balanceCents,
    invoicedUnpaid: formatCents(money.invoicedUnpaidCents),
    schedule: money.schedule.map((line) => {
      const pending = line.state === "not-yet-due" || line.state === "void";
      const waits = pending && line.final && !options.completed && options.open ? options.finalWaits : null;
      return {
        key: line.key,
        label: line.label,
        amount: formatCents(line.amountCents),
        state: SCHEDULED_STATE_LABELS[line.state],
        invoiceNumber: line.invoiceNumber,
        canInvoice: pending && line.amountCents > 0 && waits === null && (options.open || options.completed),
        waits,
      };
    }),
    invoices: money.invoices.map(invoiceView),
    payments: money.payments.map(paymentView),
  };
}

/** An invoice on the homeowner's page: a voided one says so, without why, and has no PDF to open. */
export interface HomeownerInvoice extends InvoiceLine {
  documentId: string | null;
}

/** A payment received, with its receipt; voided payments are not on the homeowner's page. */
export interface HomeownerPayment extends PaymentLine {
  receiptDocumentId: string | null;
}

export interface HomeownerMoneyView extends MoneyTotals {
  invoices: HomeownerInvoice[];
  payments: HomeownerPayment[];
}

export function homeownerMoneyView(money: JobMoney): HomeownerMoneyView {
  return {
    ...moneyTotals(money),
    invoices: money.invoices.map((invoice) => ({
      ...invoiceLine(invoice),
      documentId: invoice.state === "void" ? null : invoice.documentId,
    })),
    payments: money.payments
      .filter((payment) => !payment.void)
      .map((payment) => ({ ...paymentLine(payment), receiptDocumentId: payment.receiptDocumentId })),
  };
}
