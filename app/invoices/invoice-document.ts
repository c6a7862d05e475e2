/**
 * An invoice and a receipt as documents, in the shape of the quote's so its PDF code writes them.
 * Built only from what the invoice or payment stores when it is made, so the PDF the homeowner was
 * sent is the one kept. Pure; shared with the browser.
 */
import { dayLabel } from "~/jobs/job-rules";
import { contractorLines, type PaperDocument } from "~/paperwork/document";
import type { Contractor } from "~/paperwork/contract-terms";
import { formatCents, formatRate } from "~/paperwork/money";
import type { PaymentMethod } from "./invoices-tables";
import { howToPayLines, type WaysToPay } from "./ways-to-pay";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: "Check",
  cash: "Cash",
  card: "Card",
  transfer: "Bank transfer",
  other: "Other",
};

export interface InvoiceFacts {
  number: string;
  label: string;
  amountCents: number;
  issuedDay: string;
  dueDay: string;
  dueDays: number;
  contractor: Contractor;
  homeowner: { name: string; address: string; email: string };
  jobTitle: string;
  contractTotalCents: number;
  taxRateMilliPercent: number;
  paidSoFarCents: number;
  /** Of this invoice's amount, what payments already received cover (a check taken at signing). */
  paidOnItCents: number;
  waysToPay: WaysToPay;
}

export const invoiceFileName = (number: string) => `invoice-${number}.pdf`;
export const receiptFileName = (receivedDay: string, amountCents: number) =>
  `receipt-${receivedDay}-${(amountCents / 100).toFixed(2)}.pdf`;

/** How the contract treated sales tax, which the invoice repeats and never adds to. */
export function taxTreatment(taxRateMilliPercent: number): string {
  return taxRateMilliPercent > 0
    ? `The contract total includes New Jersey sales tax at ${formatRate(taxRateMilliPercent)}, as the contract states. This payment is part of that total: no tax is added to it.`
    : "The contract charges no sales tax, and none is added to this payment.";
}

export function invoiceDocument(invoice: InvoiceFacts): PaperDocument {
  const balance = invoice.contractTotalCents - invoice.paidSoFarCents;
  return {
    title: "Invoice",
    reference: `Invoice number ${invoice.number}`,
    contractor: contractorLines(invoice.contractor),
    homeowner: [invoice.homeowner.name, invoice.homeowner.address || "(address of the work as in the contract)"],
    dates: [
      `Invoice number: ${invoice.number}`,
      `Date issued: ${dayLabel(invoice.issuedDay)}`,
      invoice.dueDays > 0 ? `Due date: ${dayLabel(invoice.dueDay)}` : "Due on receipt",
      `Job: ${invoice.jobTitle}`,
    ],
    items: [
      {
        position: 0,
        description: `${invoice.label}, of the contract for: ${invoice.jobTitle}`,
        quantity: "1",
        unitPrice: formatCents(invoice.amountCents),
        amount: formatCents(invoice.amountCents),
        optional: false,
        included: true,
      },
    ],
    totals: [
      { label: "Contract total", amount: formatCents(invoice.contractTotalCents) },
      { label: "Paid so far", amount: formatCents(invoice.paidSoFarCents) },
      { label: "Balance of the contract", amount: formatCents(balance) },
      ...(invoice.paidOnItCents > 0
        ? [{ label: "Of this invoice, already received", amount: formatCents(invoice.paidOnItCents) }]
        : []),
      { label: "Amount due on this invoice", amount: formatCents(invoice.amountCents - invoice.paidOnItCents) },
    ],
    sections: [
      ...(invoice.paidOnItCents >= invoice.amountCents
        ? [{ heading: "Paid", paragraphs: ["This invoice is paid in full by payments already received. Thank you."] }]
        : []),
      { heading: "Sales tax", paragraphs: [taxTreatment(invoice.taxRateMilliPercent)] },
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
          `Call ${invoice.contractor.phone} or write to ${invoice.contractor.email}. Your job's page lists every invoice and payment.`,
        ],
      },
    ],
    consent: "",
    paperCopy: "",
  };
}

export interface ReceiptFacts {
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  receivedDay: string;
  homeownerName: string;
  jobTitle: string;
  contractTotalCents: number;
  paidSoFarCents: number;
  /** The invoices this payment settles or pays towards, e.g. "2026-0001 (paid)". */
  appliedTo: string[];
}

/** The receipt's lines, each a paragraph of the record PDF. */
export function receiptLines(receipt: ReceiptFacts): string[] {
  const how = `${PAYMENT_METHOD_LABELS[receipt.method]}${receipt.reference ? `, reference ${receipt.reference}` : ""}`;
  return [
    `Received from: ${receipt.homeownerName}`,
    `Amount received: ${formatCents(receipt.amountCents)}`,
    `Paid by: ${how}`,
    `Date received: ${dayLabel(receipt.receivedDay)}`,
    `For the job: ${receipt.jobTitle}`,
    receipt.appliedTo.length > 0
      ? `Counted towards invoice ${receipt.appliedTo.join(", ")}.`
      : "Paid ahead of any invoice.",
    `Contract total: ${formatCents(receipt.contractTotalCents)}. Paid so far, this payment included: ${formatCents(receipt.paidSoFarCents)}. Balance of the contract: ${formatCents(receipt.contractTotalCents - receipt.paidSoFarCents)}.`,
    "Thank you.",
  ];
}
