/**
 * A sent version's documents, made only from what the version holds: its content, the terms it was
 * sent with (the certificate among them) and the homeowner's details. The quote as sent, the
 * accepted contract, the signed copy with its acceptance record, and the record of a cancellation.
 * The accepted contract is made by one function at acceptance and whenever it is checked again,
 * so a recorded hash can be compared with the document made anew.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { readDocument } from "~/infra/stored-documents.server";
import { dayOf } from "~/time/business-time";
import type { ContractTerms } from "~/paperwork/contract-terms";
import type { QuoteContent } from "./quote-content";
import type { PaperDocument } from "~/paperwork/document";
import { quoteDocument, type QuoteParty } from "./quote-document";
import { renderRecordPdf, renderDocumentPdf } from "~/paperwork/document-pdf.server";

type Db = Kysely<Database>;

/** A version as its documents need it. */
export interface SentVersion {
  leadId: string;
  version: number;
  sentAt: Date;
  content: QuoteContent;
  terms: ContractTerms;
  homeowner: QuoteParty;
}

export type QuoteFileKind = "sent" | "accepted" | "signed" | "cancellation";

const SUFFIX: Record<QuoteFileKind, string> = {
  sent: "",
  accepted: "-accepted",
  signed: "-signed",
  cancellation: "-cancellation",
};

/** `quote-v2-accepted.pdf`: what the homeowner's attachment and the desk's download are called. */
export const quoteFileName = (version: number, kind: QuoteFileKind) => `quote-v${version}${SUFFIX[kind]}.pdf`;

export function documentOf(sent: SentVersion, chosen: ReadonlySet<number>): PaperDocument {
  return quoteDocument({
    leadReference: sent.leadId,
    version: sent.version,
    sentDay: dayOf(sent.sentAt),
    content: sent.content,
    terms: sent.terms,
    homeowner: sent.homeowner,
    chosen,
  });
}

async function certificateOf(db: Db, terms: ContractTerms): Promise<Uint8Array | undefined> {
  if (!terms.certificateDocumentId) return undefined;
  return (await readDocument(db, terms.certificateDocumentId))?.data;
}

/** The quote with the optional items `chosen`, its certificate after it, and an acceptance record when given. */
export async function quotePdf(
  db: Db,
  sent: SentVersion,
  chosen: ReadonlySet<number>,
  auditLines?: string[],
): Promise<Uint8Array> {
  return renderDocumentPdf(documentOf(sent, chosen), {
    madeAt: sent.sentAt,
    producer: sent.terms.contractor.shortName,
    certificate: await certificateOf(db, sent.terms),
    audit: auditLines ? { lines: auditLines } : undefined,
  });
}

/** The accepted contract: the quote with the homeowner's choices and the certificate, nothing else. */
export function acceptedPdf(db: Db, sent: SentVersion, chosen: ReadonlySet<number>): Promise<Uint8Array> {
  return quotePdf(db, sent, chosen);
}

export function cancellationPdf(
  sent: SentVersion,
  record: { acceptedName: string; acceptedAt: string; cancelledAt: string; acceptedSha256: string },
  madeAt: Date,
): Promise<Uint8Array> {
  const document = documentOf(sent, new Set());
  return renderRecordPdf({
    title: "Contract cancelled by the homeowner",
    reference: document.reference,
    contractor: document.contractor,
    producer: sent.terms.contractor.shortName,
    madeAt,
    lines: [
      `Homeowner: ${sent.homeowner.name}, ${sent.homeowner.email}`,
      `The contract ${quoteFileName(sent.version, "accepted")} (SHA-256 ${record.acceptedSha256}) was accepted and signed by ${record.acceptedName} on ${record.acceptedAt}.`,
      `The homeowner cancelled it online on ${record.cancelledAt}, within the three business days the contract gives to cancel.`,
      "The contract is void. Nothing more is owed, and any payment made under it will be returned.",
      `${sent.terms.contractor.legalName}, ${sent.terms.contractor.address}, ${sent.terms.contractor.phone}`,
    ],
  });
}
