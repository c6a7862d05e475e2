import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const quotes: Migration = {
  name: "0012_quotes",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // Files made or uploaded at run time that mail attaches by reference (a quote's PDF, the
    // insurance certificate); a lead's go with the lead.
    await db.schema
      .createTable("stored_documents")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("cascade"))
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("sha256", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("data", blobType(dialect), (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("stored_documents_lead").on("stored_documents").column("lead_id").execute();

    // One row: what every written contract must state about the business.
    await db.schema
      .createTable("contract_facts")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("insurer_name", "text", (c) => c.notNull())
      .addColumn("insurer_phone", "text", (c) => c.notNull())
      .addColumn("consumer_affairs_phone", "text", (c) => c.notNull())
      .addColumn("warranty", "text", (c) => c.notNull())
      .addColumn("payment_terms", "text", (c) => c.notNull())
      .addColumn("certificate_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .execute();

    // Each version of a lead's quote. A sent version never changes: a change is a new version,
    // and the one before is marked replaced. Amounts are whole cents.
    await db.schema
      .createTable("quote_versions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('draft', 'sent', 'replaced', 'accepted', 'cancelled')`),
      )
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .addColumn("sent_at", ts)
      .addColumn("valid_until", "text")
      .addColumn("token_hash", "text", (c) => c.unique())
      // The public half of a key pair derived from the link's token: the next version's link is
      // sealed to it, so only someone holding this link can read where the new one is.
      .addColumn("forward_key", "text")
      .addColumn("forward_sealed", "text")
      .addColumn("document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("remind", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("reminded_at", ts)
      .addColumn("accepted_at", ts)
      .addColumn("accepted_name", "text")
      .addColumn("accepted_ip", "text")
      .addColumn("accepted_user_agent", "text")
      .addColumn("accepted_items", "text")
      .addColumn("accepted_total_cents", "integer")
      .addColumn("accepted_sha256", "text")
      .addColumn("accepted_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("signed_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("cancel_until", ts)
      .addColumn("cancelled_at", ts)
      .addUniqueConstraint("quote_versions_lead_version", ["lead_id", "version"])
      .execute();
    await db.schema.createIndex("quote_versions_status").on("quote_versions").columns(["status", "sent_at"]).execute();
  },
};
