/**
 * Payment terms: a deposit and milestones in percent of the total, and what they leave due on
 * completion. The quote states them, the invoices follow them, so they live below both. Pure;
 * shared with the browser.
 */

export interface Milestone {
  percent: number;
  label: string;
}

export interface PaymentTerms {
  depositPercent: number;
  milestones: Milestone[];
}

/** The payment terms in words, as the quote and its PDF state them. */
export function paymentLines(payment: PaymentTerms): string[] {
  const final = 100 - payment.depositPercent - payment.milestones.reduce((sum, m) => sum + m.percent, 0);
  const lines: string[] = [];
  if (payment.depositPercent > 0) lines.push(`${payment.depositPercent}% of the total as a deposit when you accept.`);
  for (const m of payment.milestones) lines.push(`${m.percent}% ${m.label}.`);
  lines.push(`${final}% when the work is finished. The final payment is never due before the work is complete.`);
  return lines;
}
