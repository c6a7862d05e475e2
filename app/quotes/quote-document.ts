/**
 * The quote as a document: every line the homeowner reads, in order, built once from the stored
 * version and the terms it was sent with, so the page, its print-out and the PDF say exactly the
 * same. The notices' words are `contract-terms.ts`'s (docs/decisions/0022-written-quotes.md says
 * what they were checked against). Pure; shared with the browser.
 */
import type { Contractor, ContractTerms } from "./contract-terms";
import { formatCents, formatQuantity, formatRate, lineCents } from "./money";
import { totalsOf, type QuoteContent } from "./quote-content";

export interface QuoteParty {
  name: string;
  address: string;
  email: string;
}

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

export interface QuoteDocument {
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

const dayText = (day: string) => {
  if (!day) return "not set";
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
};

export interface DocumentInput {
  leadReference: string;
  version: number;
  /** YYYY-MM-DD the version was sent (or is being previewed). */
  sentDay: string;
  content: QuoteContent;
  /** What the version was sent with (see `contract-terms.ts`). */
  terms: ContractTerms;
  homeowner: QuoteParty;
  chosen: ReadonlySet<number>;
}

export function quoteDocument(input: DocumentInput): QuoteDocument {
  const { content, terms, chosen } = input;
  const { contractor, facts, wording } = terms;
  const totals = totalsOf(content, chosen);
  const items = content.items.map((item, position) => ({
    position,
    description: item.description,
    quantity: `${formatQuantity(item.quantityHundredths)}${item.unit ? ` ${item.unit}` : ""}`,
    unitPrice: formatCents(item.unitCents),
    amount: formatCents(lineCents(item.quantityHundredths, item.unitCents)),
    optional: item.optional,
    included: !item.optional || chosen.has(position),
  }));
  return {
    title: wording.title,
    reference: `Quote ${input.leadReference.slice(0, 8).toUpperCase()}, version ${input.version}`,
    contractor: contractorLines(contractor),
    homeowner: [
      input.homeowner.name,
      input.homeowner.address || "(address of the work to be confirmed)",
      input.homeowner.email,
    ],
    dates: [`Written on ${dayText(input.sentDay)}`, `This price holds until the end of ${dayText(content.validUntil)}`],
    items,
    totals: [
      { label: "Subtotal", amount: formatCents(totals.subtotalCents) },
      { label: `Sales tax (${formatRate(content.taxRateMilliPercent)})`, amount: formatCents(totals.taxCents) },
      { label: "Total price (no finance charges)", amount: formatCents(totals.totalCents) },
    ],
    sections: [
      { heading: "The work", paragraphs: [content.work || "As listed above."] },
      { heading: "Principal products and materials", paragraphs: [content.materials || "As listed above."] },
      {
        heading: "When",
        paragraphs: [`Start: ${dayText(content.startDay)}.`, `Completion: ${dayText(content.completionDay)}.`],
      },
      { heading: "Payment", paragraphs: wording.payment },
      { heading: "Warranty", paragraphs: [facts.warranty] },
      { heading: "Security interest", paragraphs: [content.securityInterest || wording.noSecurityInterest] },
      { heading: "Insurance", paragraphs: [wording.insurance] },
      { heading: "Questions or complaints", paragraphs: [wording.complaints] },
      { heading: "Your right to cancel", paragraphs: wording.cancel, bold: true },
      { heading: "Signing electronically", paragraphs: [wording.signing] },
    ],
    consent: wording.consent,
    paperCopy: wording.paperCopy,
  };
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
