/**
 * A home watch plan's month as an invoice: the visits made, each kind at the plan's price, and the
 * document its PDF and page are written from. The plan promised one invoice a month for the visits
 * made, due two weeks after it is sent, and never a charge for a visit not made: this is where
 * that is counted. Pure; shared with the browser.
 */
import { MONTHS } from "~/content/dates";
import type { Contractor } from "~/paperwork/contract-terms";
import { contractorLines, dayText, type PaperDocument } from "~/paperwork/document";
import { formatCents } from "~/paperwork/money";
import { howToPayLines, type WaysToPay } from "~/invoices/ways-to-pay";
import type { VisitKind } from "./watch-tables";

export interface BilledVisit {
  /** YYYY-MM-DD in New Jersey. */
  day: string;
  kind: VisitKind;
}

export interface PlanPrices {
  priceCents: number;
  stormPriceCents: number;
}

export interface BillLine {
  kind: VisitKind;
  days: string[];
  unitCents: number;
  amountCents: number;
}

export interface MonthBill {
  /** YYYY-MM: the month billed, the last of the visits' months. */
  month: string;
  lines: BillLine[];
  amountCents: number;
  /** "Home watch, November 2026: 4 visits, 1 storm check" */
  label: string;
}

/** The invoice's schedule key: one invoice in force per plan and month. */
export const monthKey = (month: string) => `month-${month}`;

/** "2026-11" → "November 2026" */
export function monthText(month: string): string {
  const name = MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
  return `${name} ${month.slice(0, 4)}`;
}

/** The month before the one `day` falls in, as YYYY-MM. */
export function monthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The bill for `visits` (finished, not yet billed) at the plan's prices; undefined when there is
 * nothing to bill. Whole cents times whole visits: exact.
 */
export function monthBill(visits: readonly BilledVisit[], prices: PlanPrices, month: string): MonthBill | undefined {
  const sorted = [...visits].sort((a, b) => a.day.localeCompare(b.day));
  const lines = (["regular", "storm"] as const).flatMap((kind): BillLine[] => {
    const days = sorted.filter((v) => v.kind === kind).map((v) => v.day);
    if (days.length === 0) return [];
    const unitCents = kind === "storm" ? prices.stormPriceCents : prices.priceCents;
    return [{ kind, days, unitCents, amountCents: unitCents * days.length }];
  });
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (lines.length === 0 || amountCents <= 0) return undefined;
  const counts = lines.map((line) =>
    line.kind === "storm"
      ? plural(line.days.length, "storm check", "storm checks")
      : plural(line.days.length, "visit", "visits"),
  );
  return { month, lines, amountCents, label: `Home watch, ${monthText(month)}: ${counts.join(", ")}` };
}

/** "Nov 6, Nov 13 and Nov 20" */
export function daysList(days: readonly string[]): string {
  const short = days.map(
    (day) => `${(MONTHS[Number(day.slice(5, 7)) - 1] ?? "").slice(0, 3)} ${Number(day.slice(8, 10))}`,
  );
  return short.length > 1 ? `${short.slice(0, -1).join(", ")} and ${short.at(-1) ?? ""}` : (short[0] ?? "");
}

export interface WatchInvoiceFacts {
  number: string;
  bill: MonthBill;
  issuedDay: string;
  dueDay: string;
  contractor: Contractor;
  homeowner: { name: string; address: string };
  planReference: string;
  waysToPay: WaysToPay;
}

export function watchInvoiceDocument(invoice: WatchInvoiceFacts): PaperDocument {
  const { bill } = invoice;
  return {
    title: "Invoice",
    reference: `Invoice number ${invoice.number}`,
    contractor: contractorLines(invoice.contractor),
    homeowner: [invoice.homeowner.name, `House: ${invoice.homeowner.address}`],
    dates: [
      `Invoice number: ${invoice.number}`,
      `Date issued: ${dayText(invoice.issuedDay)}`,
      `Due date: ${dayText(invoice.dueDay)}`,
      `For: ${invoice.planReference}, visits made in ${monthText(bill.month)}`,
    ],
    items: bill.lines.map((line, position) => ({
      position,
      description: `${line.kind === "storm" ? "Storm check" : "Home watch visit"}: ${daysList(line.days)}`,
      quantity: String(line.days.length),
      unitPrice: formatCents(line.unitCents),
      amount: formatCents(line.amountCents),
      optional: false,
      included: true,
    })),
    totals: [{ label: "Amount due", amount: formatCents(bill.amountCents) }],
    sections: [
      {
        heading: "What this is for",
        paragraphs: [
          "The visits made this month at the prices of your plan, each with its report. A visit that was not made is never charged.",
        ],
      },
      {
        heading: "Sales tax",
        paragraphs: ["Your plan's prices charge no sales tax, and none is added to this invoice."],
      },
      {
        heading: "How to pay",
        paragraphs: [
          ...howToPayLines(invoice.waysToPay),
          `Please write ${invoice.number} on your check or in the payment's note.`,
        ],
      },
      {
        heading: "Questions",
        paragraphs: [
          `Call ${invoice.contractor.phone} or write to ${invoice.contractor.email}. Your plan's page lists every visit, its report and every invoice.`,
        ],
      },
    ],
    consent: "",
    paperCopy: "",
  };
}

export interface PlanReceiptFacts {
  amountCents: number;
  /** "Check 1043" */
  how: string;
  receivedDay: string;
  homeownerName: string;
  address: string;
  /** The invoices it settles or pays towards, e.g. "2026-0001 (paid)". */
  appliedTo: string[];
  /** What the plan's invoices still ask, this payment counted. */
  owedCents: number;
}

/** A payment's receipt, each line a paragraph of the record PDF. */
export function planReceiptLines(receipt: PlanReceiptFacts): string[] {
  return [
    `Received from: ${receipt.homeownerName}`,
    `Amount received: ${formatCents(receipt.amountCents)}`,
    `Paid by: ${receipt.how}`,
    `Date received: ${dayText(receipt.receivedDay)}`,
    `For: home watch at ${receipt.address}`,
    `Counted towards invoice ${receipt.appliedTo.join(", ")}.`,
    receipt.owedCents > 0
      ? `Still owed on your plan's invoices: ${formatCents(receipt.owedCents)}.`
      : "Every invoice of your plan is paid.",
    "Thank you.",
  ];
}
