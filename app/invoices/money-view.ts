/**
 * A job's money as the pages show it: amounts formatted, states in words, dates as people read
 * them. Built on the server from `jobMoney` and sent to the desk's job page and the homeowner's.
 * Pure; shared with the browser.
 */
import { dayLabel } from "~/jobs/job-rules";
import { formatCents } from "~/quotes/money";
import { PAYMENT_METHOD_LABELS } from "./invoice-document";
import type { JobMoney } from "./job-money.server";
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

export interface InvoiceView {
  id: string;
  number: string;
  label: string;
  amount: string;
  state: InvoiceState;
  stateLabel: string;
  /** "Due on receipt, Nov 28, 2026" or "Due by …". */
  due: string;
  issued: string;
  /** "$100.00 paid of it", when part is paid. */
  partly: string | null;
  documentId: string | null;
  voidReason: string | null;
  remind: boolean;
  reminded: boolean;
}

export interface PaymentView {
  id: string;
  amount: string;
  how: string;
  received: string;
  receiptDocumentId: string | null;
  void: boolean;
  voidReason: string | null;
}

export interface MoneyView {
  contractTotal: string;
  collected: string;
  /** The balance's amount, without its sign: `balanceLabel` says which way it goes. */
  balance: string;
  balanceLabel: string;
  balanceCents: number;
  invoicedUnpaid: string;
  schedule: ScheduleLineView[];
  invoices: InvoiceView[];
  payments: PaymentView[];
}

export function moneyView(
  money: JobMoney,
  options: { completed: boolean; open: boolean; finalWaits: string },
): MoneyView {
  return {
    contractTotal: formatCents(money.contractTotalCents),
    collected: formatCents(money.collectedCents),
    balance: formatCents(Math.abs(money.balanceCents)),
    balanceLabel: money.balanceCents >= 0 ? "Balance of the contract" : "Paid beyond the contract, to be refunded",
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
    invoices: money.invoices.map((invoice) => ({
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
      documentId: invoice.documentId,
      voidReason: invoice.voidReason,
      remind: invoice.remind,
      reminded: invoice.remindedAt !== null,
    })),
    payments: money.payments.map((payment) => ({
      id: payment.id,
      amount: formatCents(payment.amountCents),
      how: `${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` ${payment.reference}` : ""}`,
      received: dayLabel(payment.receivedDay),
      receiptDocumentId: payment.receiptDocumentId,
      void: payment.void,
      voidReason: payment.voidReason,
    })),
  };
}
