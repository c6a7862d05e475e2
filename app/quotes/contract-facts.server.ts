/**
 * The business's contract facts in the database (one row), entered on the Site page, and the
 * certificate of liability insurance as an uploaded PDF. Every change goes in the audit log.
 */
import type { Kysely } from "kysely";
import { storeDocument } from "~/infra/stored-documents.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import type { BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { cleanPdf } from "~/paperwork/pdf-pages.server";
import type { PaymentTerms } from "~/paperwork/payment-terms";
import { milestonesText, type CheckedFacts, type ContractFactsInput } from "./contract-facts-rules";
import type { ContractFactsPresence } from "./quote-content";
import type { QuoteFacts } from "~/paperwork/contract-terms";

export interface ContractFacts extends QuoteFacts {
  certificateDocumentId: string | null;
  certificateName: string | null;
  updatedBy: string;
  updatedAt: Date;
}

export async function readContractFacts(db: Kysely<Database>): Promise<ContractFacts | undefined> {
  const row = await db
    .selectFrom("contract_facts as f")
    .leftJoin("stored_documents as d", "d.id", "f.certificate_document_id")
    .select([
      "f.insurer_name",
      "f.insurer_phone",
      "f.consumer_affairs_phone",
      "f.warranty",
      "f.payment_terms",
      "f.certificate_document_id",
      "f.updated_by",
      "f.updated_at",
      "d.file_name",
    ])
    .where("f.id", "=", 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    insurerName: row.insurer_name,
    insurerPhone: row.insurer_phone,
    consumerAffairsPhone: row.consumer_affairs_phone,
    warranty: row.warranty,
    payment: JSON.parse(row.payment_terms) as PaymentTerms,
    certificateDocumentId: row.certificate_document_id,
    certificateName: row.file_name ?? null,
    updatedBy: row.updated_by,
    updatedAt: toDate(row.updated_at),
  };
}

/**
 * Which facts are there: what `missingForSending` checks. `business` is what the owner has
 * published, as the quote would be sent with it now.
 */
export function factsPresence(
  facts: ContractFacts | undefined,
  business: Pick<BusinessFacts, "address" | "hicRegistration">,
): ContractFactsPresence {
  return {
    legalName: profile.legalName.trim().length > 0,
    address: business.address.street.trim().length > 0,
    registration: business.hicRegistration.trim().length > 0,
    insurerName: Boolean(facts?.insurerName),
    insurerPhone: Boolean(facts?.insurerPhone),
    certificate: Boolean(facts?.certificateDocumentId),
    consumerAffairsPhone: Boolean(facts?.consumerAffairsPhone),
    warranty: Boolean(facts?.warranty),
    paymentTerms: Boolean(facts?.payment),
  };
}

export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

/** An uploaded certificate once it holds only what its pages draw: the only kind that is stored. */
export interface CleanedCertificate {
  fileName: string;
  data: Uint8Array;
  cleaned: true;
}

/**
 * The certificate as the site keeps it (`cleanPdf`): no script, action, attachment or form of the
 * original reaches a contract. Undefined when it is not a PDF whose pages can be copied.
 */
export async function cleanCertificate(fileName: string, data: Uint8Array): Promise<CleanedCertificate | undefined> {
  const cleaned = await cleanPdf(data);
  return cleaned && { fileName, data: cleaned, cleaned: true };
}

/** Saves checked facts, with a new certificate when one was uploaded (else the one before stays). */
export async function saveContractFacts(
  db: Kysely<Database>,
  facts: CheckedFacts,
  certificate: CleanedCertificate | undefined,
  actor: Actor,
  now: Date = new Date(),
): Promise<void> {
  await deskChange(db, actor, now, async ({ trx, audit }) => {
    const existing = await trx
      .selectFrom("contract_facts")
      .select("certificate_document_id")
      .where("id", "=", 1)
      .executeTakeFirst();
    let certificateId = existing?.certificate_document_id ?? null;
    if (certificate) {
      const stored = await storeDocument(
        trx,
        { fileName: certificate.fileName, contentType: "application/pdf", data: certificate.data },
        now,
      );
      certificateId = stored.id;
    }
    const values = {
      insurer_name: facts.insurerName,
      insurer_phone: facts.insurerPhone,
      consumer_affairs_phone: facts.consumerAffairsPhone,
      warranty: facts.warranty,
      payment_terms: JSON.stringify(facts.payment),
      certificate_document_id: certificateId,
      updated_by: actor.email,
      updated_at: timestamp(now),
    };
    await trx
      .insertInto("contract_facts")
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await audit("contract-facts-saved", certificate ? "with a new insurance certificate" : "");
  });
}

/** The form's fields as the stored facts fill them, or empty before the first save. */
export function contractFactsFormValues(facts: ContractFacts | undefined): ContractFactsInput {
  if (!facts)
    return {
      insurerName: "",
      insurerPhone: "",
      consumerAffairsPhone: "",
      warranty: "",
      depositPercent: "",
      milestones: "",
    };
  return {
    insurerName: facts.insurerName,
    insurerPhone: facts.insurerPhone,
    consumerAffairsPhone: facts.consumerAffairsPhone,
    warranty: facts.warranty,
    depositPercent: String(facts.payment.depositPercent),
    milestones: milestonesText(facts.payment.milestones),
  };
}
