/**
 * A document as every one of the business's PDFs lays it out: a title and reference, the
 * contractor's lines, the other party's, its dates, a table of items with totals, and sections of
 * paragraphs. A quote, a change order and an invoice each fill one in from their own records, so
 * they all read alike and one pen draws them (`document-pdf.server.ts`). Pure; shared with the
 * browser, where the quote's page shows the very lines its PDF draws.
 */
import type { Contractor } from "./contract-terms";

export interface DocumentItem {
  position: number;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  optional: boolean;
  included: boolean;
}

export interface DocumentSection {
  heading: string;
  paragraphs: string[];
  /** The law asks for the right to cancel in bold type. */
  bold?: boolean;
}

export interface PaperDocument {
  title: string;
  reference: string;
  contractor: string[];
  homeowner: string[];
  dates: string[];
  items: DocumentItem[];
  totals: { label: string; amount: string }[];
  sections: DocumentSection[];
  /** The consent the homeowner ticks to sign electronically, and how to have it on paper instead. */
  consent: string;
  paperCopy: string;
}

/** The business as every contract document's heading names it. */
export function contractorLines(contractor: Contractor): string[] {
  return [
    contractor.legalName,
    contractor.address,
    `${contractor.phone} · ${contractor.email}`,
    `New Jersey home improvement contractor registration number ${contractor.registration}`,
  ];
}

/** "Friday, December 11, 2026" for "2026-12-11", as every document writes a day; "not set" for none. */
export function dayText(day: string): string {
  if (!day) return "not set";
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  // Read at noon UTC: the day is already New Jersey's, and no zone may move it.
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}
