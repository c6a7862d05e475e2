/**
 * The quote as a document: every line the homeowner reads, in order, built once from the stored
 * version and the business's facts, so the page, its print-out and the PDF say exactly the same.
 * The notices are written here in plain words (see docs/decisions/0022-written-quotes.md for what
 * they were checked against). Pure; shared with the browser.
 */
import { profile } from "~/content/profile";
import { paymentLines, type PaymentTerms } from "./contract-facts-rules";
import { formatCents, formatQuantity, formatRate, lineCents } from "./money";
import { totalsOf, type QuoteContent } from "./quote-content";

export interface QuoteFacts {
  insurerName: string;
  insurerPhone: string;
  consumerAffairsPhone: string;
  warranty: string;
  payment: PaymentTerms;
}

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
}

export const ESIGN_CONSENT_LABEL = "I agree to sign and receive this contract electronically";

export function paperCopyText(): string {
  return `You may ask for this contract on paper at no charge, and withdraw your agreement to sign electronically, by calling ${profile.phone.display} or writing to ${profile.email}. Keep the PDF sent with this quote, or print this page: it is your copy.`;
}

export function cancelNotice(legalName: string, address: string): string[] {
  return [
    "YOUR RIGHT TO CANCEL: You may cancel this contract for any reason until midnight (New Jersey time) of the third business day after you receive a copy of it signed by both of us.",
    `To cancel, give us written notice that you are cancelling, sent by certified mail or delivered by hand to ${legalName}, ${address}. While the deadline has not passed, you may also press 'Cancel this contract' at the link where you accepted it.`,
  ];
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

export function businessAddress(): string {
  const a = profile.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}

export interface DocumentInput {
  leadReference: string;
  version: number;
  /** YYYY-MM-DD the version was sent (or is being previewed). */
  sentDay: string;
  sentBy: string;
  content: QuoteContent;
  facts: QuoteFacts;
  homeowner: QuoteParty;
  chosen: ReadonlySet<number>;
}

export function quoteDocument(input: DocumentInput): QuoteDocument {
  const { content, facts, chosen } = input;
  const totals = totalsOf(content, chosen);
  const legalName = profile.legalName;
  const address = businessAddress();
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
    title: "Quote and home improvement contract",
    reference: `Quote ${input.leadReference.slice(0, 8).toUpperCase()}, version ${input.version}`,
    contractor: [
      legalName,
      address,
      `${profile.phone.display} · ${profile.email}`,
      `New Jersey home improvement contractor registration number ${profile.hicRegistration}`,
    ],
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
      { heading: "Payment", paragraphs: paymentLines(facts.payment) },
      { heading: "Warranty", paragraphs: [facts.warranty] },
      {
        heading: "Security interest",
        paragraphs: [
          content.securityInterest ||
            "None. We take no lien, mortgage or other security interest in your home or property for this work.",
        ],
      },
      {
        heading: "Insurance",
        paragraphs: [
          `Our commercial general liability insurer is ${facts.insurerName}, telephone ${facts.insurerPhone}. A copy of our certificate of liability insurance is part of this contract: it follows this page in the PDF.`,
        ],
      },
      {
        heading: "Questions or complaints",
        paragraphs: [
          `The New Jersey Division of Consumer Affairs registers home improvement contractors and takes complaints about them: ${facts.consumerAffairsPhone}.`,
        ],
      },
      { heading: "Your right to cancel", paragraphs: cancelNotice(legalName, address), bold: true },
      {
        heading: "Signing electronically",
        paragraphs: [
          `${legalName} signs this contract by sending it (sent by ${input.sentBy}). You sign it by typing your full name and accepting it online, after agreeing to sign and receive it electronically. ${paperCopyText()}`,
        ],
      },
    ],
  };
}
