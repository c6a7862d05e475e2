/**
 * The invoices' and receipts' PDFs, served only where the page that lists them is: to the owner for
 * a lead's documents, to the homeowner behind their job's or home watch plan's link.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";

type Db = Kysely<Database>;

/** `inForce`: only an invoice not voided and a payment not voided, as the homeowner's page lists them. */
async function isMoneyDocument(
  db: Db,
  documentId: string,
  owner: { column: "lead_id" | "job_id" | "plan_id"; id: string },
  inForce: boolean,
) {
  const [invoice, payment] = await Promise.all([
    db
      .selectFrom("invoices")
      .select("id")
      .where(owner.column, "=", owner.id)
      .where("document_id", "=", documentId)
      .$if(inForce, (q) => q.where("status", "=", "open"))
      .executeTakeFirst(),
    db
      .selectFrom("payments")
      .select("id")
      .where(owner.column, "=", owner.id)
      .where("receipt_document_id", "=", documentId)
      .$if(inForce, (q) => q.where("status", "=", "recorded"))
      .executeTakeFirst(),
  ]);
  return invoice !== undefined || payment !== undefined;
}

const documentById = (db: Db, documentId: string) =>
  db
    .selectFrom("stored_documents")
    .select(["file_name", "content_type", "data"])
    .where("id", "=", documentId)
    .executeTakeFirst();

/** An invoice or receipt of the lead, for the desk. */
export async function leadMoneyDocument(db: Db, leadId: string, documentId: string) {
  return (await isMoneyDocument(db, documentId, { column: "lead_id", id: leadId }, false))
    ? documentById(db, documentId)
    : undefined;
}

/** An invoice or receipt of the job, for the homeowner's link. */
export async function jobMoneyDocument(db: Db, jobId: string, documentId: string) {
  return (await isMoneyDocument(db, documentId, { column: "job_id", id: jobId }, true))
    ? documentById(db, documentId)
    : undefined;
}

/** An invoice or receipt of the home watch plan, for the homeowner's link. */
export async function planMoneyDocument(db: Db, planId: string, documentId: string) {
  return (await isMoneyDocument(db, documentId, { column: "plan_id", id: planId }, true))
    ? documentById(db, documentId)
    : undefined;
}
