import { sql } from "kysely";
import type { Migration } from "./migration";

export const watchInvoices: Migration = {
  name: "0029_watch_invoices",
  async up(db) {
    // A home watch plan is billed through the same invoices and payments as a job: each names the
    // plan instead of a job, and keeps its customer in its own columns when the plan is deleted.
    await db.schema
      .alterTable("invoices")
      .addColumn("plan_id", "text", (c) => c.references("watch_plans.id").onDelete("set null"))
      .execute();
    await db.schema
      .alterTable("payments")
      .addColumn("plan_id", "text", (c) => c.references("watch_plans.id").onDelete("set null"))
      .execute();
    // One invoice in force per plan and month, however many instances bill at once.
    await db.schema
      .createIndex("invoices_one_open_per_plan_month")
      .unique()
      .on("invoices")
      .columns(["plan_id", "schedule_key"])
      .where(sql.ref("status"), "=", "open")
      .execute();
    await db.schema.createIndex("payments_by_plan").on("payments").columns(["plan_id"]).execute();
    // The invoice a visit was billed on: a visit is billed once, and one finished after its month's
    // invoice went out is billed on the next.
    await db.schema
      .alterTable("watch_visits")
      .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("set null"))
      .execute();
  },
};
