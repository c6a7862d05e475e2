/**
 * The money on /owner/stats: for each of the last six months, what was invoiced, what was
 * collected, and what was outstanding at the month's end; then every invoice overdue today with
 * its age. Amounts are summed here from bounded reads, so both databases give the same figures,
 * and an invoice's paid part is counted as the job's pages count it.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { dayOf } from "~/time/business-time";
import { overdueInvoices, type OverdueInvoice } from "./overdue.server";

export type { OverdueInvoice };

type Db = Kysely<Database>;

export const MONEY_MONTHS = 6;

export interface MoneyMonth {
  /** "2026-11" */
  month: string;
  invoicedCents: number;
  collectedCents: number;
  /** Invoiced and not collected, as it stood at the month's end (or today, for this month). */
  outstandingCents: number;
}

function monthsEndingWith(day: string, count: number): string[] {
  const [year = 0, month = 1] = day.split("-").map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

export async function moneyStats(
  db: Db,
  now: Date = new Date(),
): Promise<{ months: MoneyMonth[]; overdue: OverdueInvoice[] }> {
  const today = dayOf(now);
  const [invoices, payments] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(["job_id", "plan_id", "issued_day", "amount_cents"])
      .where("status", "=", "open")
      .execute(),
    db
      .selectFrom("payments")
      .select(["job_id", "plan_id", "received_day", "amount_cents"])
      .where("status", "=", "recorded")
      .execute(),
  ]);
  // Outstanding is counted job by job (and home watch plan by plan): money paid ahead on one does
  // not hide another's unpaid invoice.
  const whose = (row: { job_id: string | null; plan_id: string | null }) =>
    row.job_id ? `job:${row.job_id}` : row.plan_id ? `plan:${row.plan_id}` : "";
  const outstandingAt = (end: string) => {
    const byOwner = new Map<string, number>();
    for (const i of invoices)
      if (i.issued_day <= end) byOwner.set(whose(i), (byOwner.get(whose(i)) ?? 0) + i.amount_cents);
    for (const p of payments)
      if (p.received_day <= end) byOwner.set(whose(p), (byOwner.get(whose(p)) ?? 0) - p.amount_cents);
    return [...byOwner.values()].reduce((sum, owed) => sum + Math.max(0, owed), 0);
  };
  const months = monthsEndingWith(today, MONEY_MONTHS).map((month): MoneyMonth => {
    const end = `${month}-31`;
    const inMonth = (day: string) => day.startsWith(month);
    return {
      month,
      invoicedCents: invoices.filter((i) => inMonth(i.issued_day)).reduce((sum, i) => sum + i.amount_cents, 0),
      collectedCents: payments.filter((p) => inMonth(p.received_day)).reduce((sum, p) => sum + p.amount_cents, 0),
      outstandingCents: outstandingAt(end),
    };
  });
  return { months, overdue: await overdueInvoices(db, today) };
}
