/**
 * What a job's homeowner owes and when, from the contract's payment terms: the deposit and each
 * milestone as a percent of the accepted total, then the final payment, which takes what is left
 * so the schedule adds up to the contract total to the cent. A signed change order adds its amount
 * to the final payment, or is a payment of its own when it says so. Payments are applied to the
 * invoices oldest first, which is how a homeowner paying by check expects them to be counted, and
 * decides which invoice is paid. Pure; shared with the browser.
 */
import { mulDivRound } from "~/paperwork/money";
import type { PaymentTerms } from "~/paperwork/payment-terms";
import { addDays } from "~/time/business-time";

export const FINAL = "final";

/** Why the final payment's 'Send invoice' waits, in the words the button shows. */
export const FINAL_WAITS = "The final payment is due only when the work is complete: mark the job completed first.";

export interface ScheduledPayment {
  /** Stable within the job: "deposit", "milestone-1", "change-2", "final". */
  key: string;
  label: string;
  amountCents: number;
  /** The balance on completion: never invoiced before the work is complete. */
  final: boolean;
}

export interface SignedChange {
  number: number;
  amountCents: number;
  /** Due on its own when signed, instead of with the final payment. */
  dueWhenSigned: boolean;
}

/**
 * The schedule of a contract of `baseCents` under `terms` (null for small work started without a
 * quote: one payment on completion), with the change orders signed since.
 */
export function paymentSchedule(
  baseCents: number,
  terms: PaymentTerms | null,
  changes: readonly SignedChange[] = [],
): ScheduledPayment[] {
  const lines: ScheduledPayment[] = [];
  if (terms && terms.depositPercent > 0)
    lines.push({
      key: "deposit",
      label: `Deposit (${terms.depositPercent}%)`,
      amountCents: mulDivRound(baseCents, terms.depositPercent, 100),
      final: false,
    });
  terms?.milestones.forEach((milestone, index) =>
    lines.push({
      key: `milestone-${index + 1}`,
      label: `${milestone.percent}% ${milestone.label}`,
      amountCents: mulDivRound(baseCents, milestone.percent, 100),
      final: false,
    }),
  );
  let final = baseCents - lines.reduce((sum, line) => sum + line.amountCents, 0);
  let changed = false;
  for (const change of changes) {
    if (change.dueWhenSigned && change.amountCents > 0)
      lines.push({
        key: `change-${change.number}`,
        label: `Change order ${change.number}`,
        amountCents: change.amountCents,
        final: false,
      });
    else {
      final += change.amountCents;
      changed = true;
    }
  }
  // Work taken out beyond what the final payment holds comes off the payments before it, latest
  // first, so no payment is asked for below nothing.
  for (let index = lines.length - 1; final < 0 && index >= 0; index--) {
    const line = lines[index];
    if (!line) continue;
    const taken = Math.min(line.amountCents, -final);
    line.amountCents -= taken;
    final += taken;
  }
  const percentLeft = terms
    ? 100 - terms.depositPercent - terms.milestones.reduce((sum, m) => sum + m.percent, 0)
    : 100;
  lines.push({
    key: FINAL,
    label: terms
      ? `Final payment (${percentLeft}%${changed ? " and the change orders" : ""}, on completion)`
      : "Payment on completion",
    amountCents: Math.max(0, final),
    final: true,
  });
  return lines;
}

export interface InvoiceForAllocation {
  id: string;
  amountCents: number;
  void: boolean;
}

/**
 * How much of each invoice the payments cover, oldest invoice first (the list's order). A void
 * invoice takes nothing. What is left over is paid ahead of any invoice.
 */
export function allocatePayments(
  invoices: readonly InvoiceForAllocation[],
  collectedCents: number,
): { paid: Map<string, number>; aheadCents: number } {
  let left = collectedCents;
  const paid = new Map<string, number>();
  for (const invoice of invoices) {
    if (invoice.void) {
      paid.set(invoice.id, 0);
      continue;
    }
    const covered = Math.min(invoice.amountCents, Math.max(0, left));
    paid.set(invoice.id, covered);
    left -= covered;
  }
  return { paid, aheadCents: Math.max(0, left) };
}

/**
 * "settled": not paid in full, but nothing is owed on it any more, because a change order signed
 * after it was sent took the contract below what its invoices ask.
 */
export type InvoiceState = "paid" | "settled" | "due" | "overdue" | "void";

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  paid: "Paid",
  settled: "Nothing owed: reduced by a change order",
  due: "Due",
  overdue: "Overdue",
  void: "Void",
};

export function invoiceState(
  invoice: { amountCents: number; void: boolean; dueDay: string },
  paidCents: number,
  owedCents: number,
  today: string,
): InvoiceState {
  if (invoice.void) return "void";
  if (paidCents >= invoice.amountCents) return "paid";
  if (owedCents <= 0) return "settled";
  return invoice.dueDay < today ? "overdue" : "due";
}

/**
 * What is still owed on each invoice: its unpaid part, but never more in all than the contract's
 * balance. When a change order takes the contract below what was invoiced, the newest invoices
 * give way first.
 */
export function owedOnInvoices(
  invoices: readonly { id: string; unpaidCents: number }[],
  balanceCents: number,
): Map<string, number> {
  let excess = invoices.reduce((sum, invoice) => sum + invoice.unpaidCents, 0) - Math.max(0, balanceCents);
  const owed = new Map(invoices.map((invoice) => [invoice.id, invoice.unpaidCents]));
  for (let index = invoices.length - 1; excess > 0 && index >= 0; index--) {
    const invoice = invoices[index];
    if (!invoice) continue;
    const cut = Math.min(invoice.unpaidCents, excess);
    owed.set(invoice.id, invoice.unpaidCents - cut);
    excess -= cut;
  }
  return owed;
}

export type ScheduledState = "not-yet-due" | "invoiced" | "paid" | "void";

export const SCHEDULED_STATE_LABELS: Record<ScheduledState, string> = {
  "not-yet-due": "Not yet due",
  invoiced: "Invoiced",
  paid: "Paid",
  void: "Void",
};

/** "2026-0007" */
export function invoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

/** The day an invoice issued on `issuedDay` is due: the same day for 'Due on receipt'. */
export function dueDayOf(issuedDay: string, dueDays: number): string {
  return dueDays > 0 ? addDays(issuedDay, dueDays) : issuedDay;
}

export const dueTermsText = (dueDays: number) => (dueDays > 0 ? `Net ${dueDays}` : "Due on receipt");

/** Whole days from `fromDay` to `toDay` (both YYYY-MM-DD). */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T12:00:00Z`) - Date.parse(`${fromDay}T12:00:00Z`)) / 86_400_000);
}
