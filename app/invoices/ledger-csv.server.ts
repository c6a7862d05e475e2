/**
 * 'Download for the accountant': a year's invoices in the columns QuickBooks Online's invoice
 * import maps by itself (Invoice number, Customer, Invoice date, Due date, Terms, Item
 * (Product/Service), Item Description, Item Quantity, Item Rate, Item Amount, Item tax code, Memo),
 * and a year's payments beside it. A voided invoice stays in the file at zero with its reason,
 * as QuickBooks shows a void, so the numbers run without a gap. Cells are defused as the leads'
 * export defuses them.
 */
import type { Kysely } from "kysely";
import { csvDownload } from "~/owner/export.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { dayOf } from "~/time/business-time";
import { csvDocument } from "~/infra/csv.server";
import type { Database } from "~/infra/schema.server";
import { PAYMENT_METHOD_LABELS } from "./invoice-document";
import { dueTermsText, daysBetween } from "./payment-schedule";

type Db = Kysely<Database>;

export const INVOICE_COLUMNS = [
  "Invoice number",
  "Customer",
  "Invoice date",
  "Due date",
  "Terms",
  "Item (Product/Service)",
  "Item Description",
  "Item Quantity",
  "Item Rate",
  "Item Amount",
  "Item tax code",
  "Memo",
] as const;

export const PAYMENT_COLUMNS = [
  "Date received",
  "Customer",
  "Amount",
  "Method",
  "Reference",
  "Job",
  "Status",
  "Memo",
] as const;

/** The product QuickBooks files every contract payment under; the accountant maps it once. */
export const LEDGER_ITEM = "Home improvement contract";
/** A home watch plan's monthly invoice, filed apart: a service, not a home improvement contract. */
export const WATCH_LEDGER_ITEM = "Home watch";
/** A home watch month's schedule key starts so (see `watch/watch-invoice.ts`). */
const WATCH_MONTH = "month-";

/** QuickBooks reads US dates as MM/DD/YYYY. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A year asked for in the address: four digits within the business's life. */
export function ledgerYear(raw: string | null, today: string): number | undefined {
  if (raw === null || raw === "") return Number(today.slice(0, 4));
  if (!/^\d{4}$/.test(raw)) return undefined;
  const year = Number(raw);
  return year >= 2000 && year <= Number(today.slice(0, 4)) + 1 ? year : undefined;
}

export async function invoicesCsv(db: Db, year: number): Promise<{ csv: string; count: number; totalCents: number }> {
  const rows = await db
    .selectFrom("invoices as i")
    .select([
      "i.number",
      "i.customer_name",
      "i.issued_day",
      "i.due_day",
      "i.label",
      "i.job_title",
      "i.amount_cents",
      "i.status",
      "i.void_reason",
      "i.tax_rate_milli_percent",
      "i.schedule_key",
    ])
    .where("i.year", "=", year)
    .orderBy("i.sequence")
    .execute();
  let totalCents = 0;
  const lines = rows.map((row) => {
    const voided = row.status === "void";
    const cents = voided ? 0 : row.amount_cents;
    totalCents += cents;
    const watch = row.schedule_key.startsWith(WATCH_MONTH);
    const tax = row.tax_rate_milli_percent
      ? `Includes sales tax at ${row.tax_rate_milli_percent / 1000}% as the contract states`
      : `No sales tax in the ${watch ? "plan" : "contract"}`;
    return [
      row.number,
      row.customer_name,
      usDate(row.issued_day),
      usDate(row.due_day),
      dueTermsText(daysBetween(row.issued_day, row.due_day)),
      watch ? WATCH_LEDGER_ITEM : LEDGER_ITEM,
      `${row.label}: ${row.job_title}`,
      1,
      dollars(cents),
      dollars(cents),
      "NON",
      voided ? `Void (was ${dollars(row.amount_cents)}): ${row.void_reason ?? ""}` : tax,
    ];
  });
  return { csv: csvDocument(INVOICE_COLUMNS, lines), count: rows.length, totalCents };
}

export async function paymentsCsv(db: Db, year: number): Promise<{ csv: string; count: number; totalCents: number }> {
  const rows = await db
    .selectFrom("payments")
    .select([
      "received_day",
      "customer_name",
      "amount_cents",
      "method",
      "reference",
      "job_title",
      "status",
      "void_reason",
    ])
    .where("received_day", ">=", `${year}-01-01`)
    .where("received_day", "<=", `${year}-12-31`)
    .orderBy("received_day")
    .orderBy("created_at")
    .execute();
  let totalCents = 0;
  const lines = rows.map((row) => {
    const voided = row.status === "void";
    if (!voided) totalCents += row.amount_cents;
    return [
      usDate(row.received_day),
      row.customer_name,
      dollars(voided ? 0 : row.amount_cents),
      PAYMENT_METHOD_LABELS[row.method],
      row.reference,
      row.job_title,
      voided ? "Void" : "Received",
      voided ? `Void (was ${dollars(row.amount_cents)}): ${row.void_reason ?? ""}` : "",
    ];
  });
  return { csv: csvDocument(PAYMENT_COLUMNS, lines), count: rows.length, totalCents };
}

const LEDGERS = {
  invoices: { action: "export-invoices", build: invoicesCsv },
  payments: { action: "export-payments", build: paymentsCsv },
} as const;

/** The download of a year's invoices or payments, the year in `?year=`; this year when none is given. */
export async function ledgerDownload(request: Request, context: unknown, ledger: keyof typeof LEDGERS) {
  const year = ledgerYear(new URL(request.url).searchParams.get("year"), dayOf(new Date()));
  if (year === undefined) {
    // Signed out, the answer is the same 401 as for a good year: nothing about the desk shows.
    await requireOwnerOr401(request, context);
    return new Response("Ask for a year such as 2026.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { action, build } = LEDGERS[ledger];
  return csvDownload(request, context, {
    action,
    fileStem: `${ledger}-${year}`,
    backTo: "/owner/stats",
    build: (db) => build(db, year),
  });
}
