import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const jobs: Migration = {
  name: "0015_jobs",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    const blob = blobType(dialect);
    // The work a homeowner agreed to, from acceptance to completion. Amounts are whole cents; days
    // are YYYY-MM-DD in New Jersey.
    await db.schema
      .createTable("jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("quote_version_id", "text", (c) => c.references("quote_versions.id").onDelete("set null"))
      .addColumn("state", "text", (c) =>
        c.notNull().check(sql`state in ('scheduled', 'started', 'completed', 'cancelled')`),
      )
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("base_cents", "integer", (c) => c.notNull())
      .addColumn("tax_rate_milli_percent", "integer", (c) => c.notNull())
      .addColumn("start_day", "text")
      .addColumn("completion_day", "text")
      .addColumn("dates_reason", "text")
      .addColumn("permit_number", "text")
      .addColumn("permit_issuer", "text")
      .addColumn("no_permit_reason", "text")
      .addColumn("warranty", "text", (c) => c.notNull())
      // The warranty letter given at completion, kept so the homeowner's page offers the same file.
      .addColumn("warranty_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .addColumn("started_at", ts)
      .addColumn("completed_at", ts)
      .addColumn("cancelled_at", ts)
      .execute();
    // At most one open job per lead, held by the database so two presses cannot make two.
    await db.schema
      .createIndex("jobs_one_open_per_lead")
      .unique()
      .on("jobs")
      .column("lead_id")
      .where(sql.ref("state"), "in", ["scheduled", "started"])
      .execute();
    await db.schema.createIndex("jobs_by_day").on("jobs").columns(["state", "start_day"]).execute();

    // The job's history, as the lead has one: who did what, when.
    await db.schema
      .createTable("job_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("job_events_job").on("job_events").columns(["job_id", "created_at"]).execute();

    // The homeowner's links to the job's page, stored as hashes: the accepted quote's link, then a
    // new one in each email the business sends about the job, since no stored form opens a link.
    await db.schema
      .createTable("job_links")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("job_links_job").on("job_links").column("job_id").execute();

    // Written changes to the contract, each signed by the homeowner like the contract itself. The
    // amount is signed (a change may take work out) and tax included; the number counts per job.
    await db.schema
      .createTable("change_orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('sent', 'accepted', 'declined')`))
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("completion_day", "text")
      .addColumn("document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("signed_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("accepted_at", ts)
      .addColumn("accepted_name", "text")
      .addColumn("accepted_ip", "text")
      .addColumn("accepted_user_agent", "text")
      .addColumn("accepted_sha256", "text")
      .addColumn("declined_at", ts)
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addUniqueConstraint("change_orders_number", ["job_id", "number"])
      .execute();

    // Progress photos for the homeowner, never public: stored upright and without metadata at a
    // viewing size, with a small copy for the job's page. A project made from the job can start
    // from the larger one.
    await db.schema
      .createTable("job_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.notNull().references("jobs.id").onDelete("cascade"))
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("upload_key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .addColumn("large", blob, (c) => c.notNull())
      .addColumn("small", blob, (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addUniqueConstraint("job_photos_upload_key", ["job_id", "upload_key"])
      .execute();
  },
};
