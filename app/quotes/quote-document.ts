/**
 * The quote as a document: every line the homeowner reads, in order, built once from the stored
 * version and the terms it was sent with, so the page, its print-out and the PDF say exactly the
 * same. The notices' words are `paperwork/contract-terms.ts`'s (docs/decisions/0022-written-quotes.md
 * says what they were checked against). Pure; shared with the browser.
 */
import type { ContractTerms } from "~/paperwork/contract-terms";
import { contractorLines, dayText, type PaperDocument } from "~/paperwork/document";
import { formatCents, formatQuantity, formatRate, lineCents } from "~/paperwork/money";
import { totalsOf, type QuoteContent } from "./quote-content";

export interface QuoteParty {
  name: string;
  address: string;
  email: string;
}

export interface DocumentInput {
  leadReference: string;
  version: number;
  /** YYYY-MM-DD the version was sent (or is being previewed). */
  sentDay: string;
  content: QuoteContent;
  /** What the version was sent with (see `paperwork/contract-terms.ts`). */
  terms: ContractTerms;
  homeowner: QuoteParty;
  chosen: ReadonlySet<number>;
}

export function quoteDocument(input: DocumentInput): PaperDocument {
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
