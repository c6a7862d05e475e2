import { sql } from "kysely";
import { timestampType, type Migration } from "./migration";

export const invoices: Migration = {
  name: "0016_invoices",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // The last invoice number given in each year. Taken by one update inside the transaction that
    // writes the invoice, so two instances never give the same number, and a refused invoice
    // rolls its number back with it: numbers run without gaps except where an invoice was voided,
    // and a voided invoice keeps its number.
    await db.schema
      .createTable("invoice_numbers")
      .addColumn("year", "integer", (c) => c.primaryKey())
      .addColumn("last", "integer", (c) => c.notNull())
      .execute();

    // Invoices and payments are the business's records as much as the homeowner's: they name the
    // customer in their own columns, and their job and lead become null when the lead is deleted
    // (docs/decisions/0030-invoices-payments-and-kept-records.md).
    await db.schema
      .createTable("invoices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("year", "integer", (c) => c.notNull())
      .addColumn("sequence", "integer", (c) => c.notNull())
      .addColumn("job_id", "text", (c) => c.references("jobs.id").onDelete("set null"))
      .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
      .addColumn("schedule_key", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("customer_email", "text", (c) => c.notNull())
      .addColumn("customer_address", "text", (c) => c.notNull())
      .addColumn("job_title", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
      // The contract's sales tax rate, kept with the invoice for the accountant's file.
      .addColumn("tax_rate_milli_percent", "integer", (c) => c.notNull())
      .addColumn("issued_day", "text", (c) => c.notNull())
      .addColumn("due_day", "text", (c) => c.notNull())
      .addColumn("document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'void')`))
      .addColumn("void_reason", "text")
      .addColumn("voided_by", "text")
      .addColumn("voided_at", ts)
      .addColumn("remind", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("reminded_at", ts)
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addUniqueConstraint("invoices_year_sequence", ["year", "sequence"])
      .execute();
    // One invoice in force per scheduled payment of a job: two presses of 'Send invoice' make one.
    await db.schema
      .createIndex("invoices_one_open_per_payment")
      .unique()
      .on("invoices")
      .columns(["job_id", "schedule_key"])
      .where(sql.ref("status"), "=", "open")
      .execute();
    await db.schema.createIndex("invoices_by_day").on("invoices").columns(["issued_day"]).execute();

    await db.schema
      .createTable("payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("job_id", "text", (c) => c.references("jobs.id").onDelete("set null"))
      .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
      // The form's own key, so a press sent twice records one payment.
      .addColumn("request_key", "text", (c) => c.notNull().unique())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("job_title", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn("method", "text", (c) =>
        c.notNull().check(sql`method in ('check', 'cash', 'card', 'transfer', 'other')`),
      )
      .addColumn("received_day", "text", (c) => c.notNull())
      .addColumn("reference", "text", (c) => c.notNull())
      .addColumn("receipt_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('recorded', 'void')`))
      .addColumn("void_reason", "text")
      .addColumn("voided_by", "text")
      .addColumn("voided_at", ts)
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payments_by_job").on("payments").columns(["job_id"]).execute();
    await db.schema.createIndex("payments_by_day").on("payments").columns(["received_day"]).execute();

    // How the homeowner pays, as the owner sets it on the Site page: one row.
    await db.schema
      .createTable("payment_settings")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("checks_payable_to", "text", (c) => c.notNull())
      .addColumn("transfer_line", "text", (c) => c.notNull())
      .addColumn("pay_online_url", "text", (c) => c.notNull())
      .addColumn("due_days", "integer", (c) => c.notNull())
      .addColumn("updated_by", "text", (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .execute();

    // A signed contract or change order, kept when its lead is deleted: what it was, with whom, and
    // its PDF, until the end of the period the decision record gives.
    await db.schema
      .createTable("kept_records")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("customer_name", "text", (c) => c.notNull())
      .addColumn("customer_address", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("amount_cents", "integer", (c) => c.notNull())
      .addColumn("signed_day", "text", (c) => c.notNull())
      .addColumn("document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
      .addColumn("keep_until", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
  },
};
