import { sql } from "kysely";
import { displayPhone, firstFacts, postalAddress } from "~/content/business-facts";
import { profile } from "~/content/profile";
import type { Migration } from "./migration";

export const contractTerms: Migration = {
  name: "0014_contract_terms",
  async up(db) {
    // What a version was sent with, copied onto it so a later change to the Site page cannot
    // reach a quote already sent (see paperwork/contract-terms.ts for the shape).
    await db.schema.alterTable("quote_versions").addColumn("terms", "text").execute();
    await db.schema
      .alterTable("quote_versions")
      .addColumn("cancellation_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .execute();
    // Versions already sent showed the facts as they are now: those are the ones they keep. The
    // words of their notices were never recorded; their terms leave them out (today's apply).
    const facts = await sql<{
      insurer_name: string;
      insurer_phone: string;
      consumer_affairs_phone: string;
      warranty: string;
      payment_terms: string;
      certificate_document_id: string | null;
    }>`select insurer_name, insurer_phone, consumer_affairs_phone, warranty, payment_terms, certificate_document_id
       from contract_facts where id = 1`.execute(db);
    const row = facts.rows[0];
    if (!row) return;
    // The business as the first install wrote it: this upgrade ran before any facts were
    // published, and it must copy the same terms on every database it runs on.
    const terms = JSON.stringify({
      contractor: {
        legalName: profile.legalName,
        shortName: profile.shortName,
        address: postalAddress(firstFacts),
        phone: displayPhone(firstFacts.phone),
        email: firstFacts.email,
        registration: firstFacts.hicRegistration,
      },
      facts: {
        insurerName: row.insurer_name,
        insurerPhone: row.insurer_phone,
        consumerAffairsPhone: row.consumer_affairs_phone,
        warranty: row.warranty,
        payment: JSON.parse(row.payment_terms) as unknown,
      },
      certificateDocumentId: row.certificate_document_id,
    });
    await sql`update quote_versions set terms = ${terms} where status <> 'draft' and terms is null`.execute(db);
  },
};
