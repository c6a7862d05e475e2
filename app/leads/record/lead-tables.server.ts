/**
 * Which tables hold rows about a lead, read from the schema rather than kept by hand: every table
 * whose row has a `lead_id` column is either deleted with the lead or named below with the reason
 * it is kept, and `tsc` refuses a new one that is in neither list.
 */
import type { Database } from "~/infra/schema.server";

/** Every table of the schema whose rows carry a `lead_id`. */
export type TablesWithLeadId = {
  [Table in keyof Database]: "lead_id" extends keyof Database[Table] ? Table : never;
}[keyof Database];

/**
 * The tables deleted with a lead, children before their parents so that each delete satisfies the
 * foreign keys: windows before their visit, a job's rows before the job, the job before the quote
 * version it came from, quote versions before the documents they point to.
 * Their foreign keys delete them with the lead too; listed so that a database without foreign keys
 * enforced keeps no orphans.
 */
export const LEAD_CHILD_TABLES = [
  "lead_photos",
  "lead_notes",
  "lead_events",
  "outbox",
  "visit_windows",
  "site_visits",
  "idempotency_keys",
  "review_requests",
  "job_links",
  "job_events",
  "change_orders",
  "job_photos",
  "jobs",
  "quote_versions",
  // A plan's visits go with it (their foreign key), and its access notes with them.
  "watch_plans",
  "stored_documents",
] as const satisfies readonly TablesWithLeadId[];

/** Tables whose rows name a lead but outlive its deletion, each with why. */
export const NOT_DELETED_WITH_THE_LEAD = {
  reviews:
    "a review is what was published and holds no contact details; it outlives its lead " +
    "(docs/decisions/0021-reviews-from-real-customers.md)",
  projects:
    "a project is the owner's own public page, showing only the service and the town; its lead_id " +
    "only serves to refuse text naming the lead while the lead exists",
  invoices:
    "an invoice is a record the business must keep for its taxes; it names its customer itself, and " +
    "its lead_id becomes null (docs/decisions/0030-invoices-payments-and-kept-records.md)",
  payments:
    "a payment received is a record the business must keep for its taxes, kept as invoices are " +
    "(docs/decisions/0030-invoices-payments-and-kept-records.md)",
} as const satisfies Partial<Record<TablesWithLeadId, string>>;

type Listed = (typeof LEAD_CHILD_TABLES)[number] | keyof typeof NOT_DELETED_WITH_THE_LEAD;
type Unlisted = Exclude<TablesWithLeadId, Listed>;
type ListedTwice = Extract<(typeof LEAD_CHILD_TABLES)[number], keyof typeof NOT_DELETED_WITH_THE_LEAD>;

/**
 * Fails to compile, naming the table, when a table with a `lead_id` is in neither list (decide
 * whether it goes with the lead) or in both.
 */
export const EVERY_LEAD_TABLE_DECIDED: [Unlisted | ListedTwice] extends [never]
  ? true
  : { unlisted: Unlisted; listedTwice: ListedTwice } = true;
