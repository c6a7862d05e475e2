/**
 * The terms a sent quote is fixed to: the business as the contract names it, the contract facts
 * of the Site page, the certificate of insurance, and the words of every notice. They are copied
 * onto the version when it is sent; its page, its PDFs, its acceptance and its cancellation are
 * all made from that copy. So renewing the certificate or rewriting the warranty on the Site page
 * changes only the quotes sent afterwards, and the accepted document can be made again, byte for
 * byte, from what the version holds. Pure; shared with the browser.
 */
import { displayPhone, postalAddress, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { paymentLines, type PaymentTerms } from "./payment-terms";

/** Contracts over this many cents must carry everything the law lists. */
export const WRITTEN_CONTRACT_OVER_CENTS = 500_00;

/** Who the records name for what the homeowner did at a link: signing, cancelling, declining, paying. */
export const HOMEOWNER = "the homeowner";

/** What the owner enters on the Site page and every contract states. */
export interface QuoteFacts {
  insurerName: string;
  insurerPhone: string;
  consumerAffairsPhone: string;
  warranty: string;
  payment: PaymentTerms;
}

/** The business as a contract names it. */
export interface Contractor {
  legalName: string;
  /** The name in emails' subjects and the PDF's producer. */
  shortName: string;
  address: string;
  phone: string;
  email: string;
  registration: string;
}

/** The words of the contract's notices, as they were when it was sent. */
export interface ContractWording {
  title: string;
  payment: string[];
  noSecurityInterest: string;
  insurance: string;
  complaints: string;
  cancel: string[];
  signing: string;
  paperCopy: string;
  consent: string;
}

export interface ContractTerms {
  contractor: Contractor;
  facts: QuoteFacts;
  /** The stored certificate of liability insurance the contract carries; never deleted while a version names it. */
  certificateDocumentId: string | null;
  wording: ContractWording;
}

/** What a contract names of the facts the owner publishes. */
export type ContractorFacts = Pick<BusinessFacts, "address" | "phone" | "email" | "hicRegistration">;

/** The business as a contract made with `facts` names it: those in force when it is made. */
export function contractorOf(facts: ContractorFacts): Contractor {
  return {
    legalName: profile.legalName,
    shortName: profile.shortName,
    address: postalAddress(facts),
    phone: displayPhone(facts.phone),
    email: facts.email,
    registration: facts.hicRegistration,
  };
}

export function paperCopyText(contractor: Contractor): string {
  return `You may ask for this contract on paper at no charge, and withdraw your agreement to sign electronically, by calling ${contractor.phone} or writing to ${contractor.email}. Keep the PDF sent with this quote, or print this page: it is your copy.`;
}

export function cancelNotice(contractor: Contractor): string[] {
  return [
    "YOUR RIGHT TO CANCEL: You may cancel this contract for any reason until midnight (New Jersey time) of the third business day after you receive a copy of it signed by both of us.",
    `To cancel, give us written notice that you are cancelling, sent by certified mail or delivered by hand to ${contractor.legalName}, ${contractor.address}. While the deadline has not passed, you may also press 'Cancel this contract' at the link where you accepted it.`,
  ];
}

/**
 * The notices in today's words, for a version being sent now. They name the business, never the
 * owner who pressed 'Send': an owner's own address is theirs, not the homeowner's to keep.
 */
export function contractWording(contractor: Contractor, facts: QuoteFacts): ContractWording {
  return {
    title: "Quote and home improvement contract",
    payment: paymentLines(facts.payment),
    noSecurityInterest:
      "None. We take no lien, mortgage or other security interest in your home or property for this work.",
    insurance: `Our commercial general liability insurer is ${facts.insurerName}, telephone ${facts.insurerPhone}. A copy of our certificate of liability insurance is part of this contract: it follows this page in the PDF.`,
    complaints: `The New Jersey Division of Consumer Affairs registers home improvement contractors and takes complaints about them: ${facts.consumerAffairsPhone}.`,
    cancel: cancelNotice(contractor),
    signing: `${contractor.legalName} signs this contract by sending it. You sign it by typing your full name and accepting it online, after agreeing to sign and receive it electronically. ${paperCopyText(contractor)}`,
    paperCopy: paperCopyText(contractor),
    consent: "I agree to sign and receive this contract electronically",
  };
}

/** The terms of a version sent now: today's business, facts, certificate and words. */
export function contractTerms(
  contractor: Contractor,
  facts: QuoteFacts,
  certificateDocumentId: string | null,
): ContractTerms {
  return { contractor, facts, certificateDocumentId, wording: contractWording(contractor, facts) };
}

/**
 * Stored terms back to terms. Versions sent before terms were copied had their facts and
 * certificate copied by the upgrade, but not the words of their notices, which were never
 * recorded: those are today's, as they always were for such a version.
 */
export function parseTerms(json: string): ContractTerms {
  const stored = JSON.parse(json) as Omit<ContractTerms, "wording"> & { wording?: ContractWording };
  if (!stored.contractor || !stored.facts) throw new Error("contract terms without contractor or facts");
  return { ...stored, wording: stored.wording ?? contractWording(stored.contractor, stored.facts) };
}
