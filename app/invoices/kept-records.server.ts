/**
 * What outlives a lead's deletion: its signed contracts (with a cancellation's record), signed
 * change orders and warranty letters, its invoices and its payments, each with its PDF. Tax law
 * asks for the records that support income, and contract law for the signed agreement, for years
 * after the person asked to be forgotten; everything else about them goes. The period and its
 * reasons are in docs/decisions/0030-invoices-payments-and-kept-records.md.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { LeadDeletionStep } from "~/leads/record/delete.server";
import { formatCents } from "~/paperwork/money";
import { dayOf } from "~/time/business-time";
import type { KeptRecordKind } from "./invoices-tables";
import { inTransaction } from "~/infra/transaction.server";

type Db = Kysely<Database>;

/** Kept to the end of the seventh calendar year after the record's own year. */
export const KEEP_YEARS = 7;

export const keepUntilOf = (day: string) => `${Number(day.slice(0, 4)) + KEEP_YEARS}-12-31`;

interface Kept {
  kind: KeptRecordKind;
  title: string;
  amountCents: number;
  signedDay: string;
  documentId: string;
}

/** The signed records of a lead, as they would be kept. */
async function signedRecordsOf(db: Db, leadId: string): Promise<Kept[]> {
  const [versions, orders, jobs] = await Promise.all([
    db
      .selectFrom("quote_versions")
      .select([
        "version",
        "accepted_at",
        "accepted_total_cents",
        "accepted_document_id",
        "signed_document_id",
        "cancelled_at",
        "cancellation_document_id",
      ])
      .where("lead_id", "=", leadId)
      .where("accepted_at", "is not", null)
      .execute(),
    db
      .selectFrom("change_orders as c")
      .innerJoin("jobs as j", "j.id", "c.job_id")
      .select(["c.number", "c.amount_cents", "c.accepted_at", "c.signed_document_id", "j.title"])
      .where("c.lead_id", "=", leadId)
      .where("c.status", "=", "accepted")
      .execute(),
    db
      .selectFrom("jobs")
      .select(["title", "completed_at", "warranty_document_id"])
      .where("lead_id", "=", leadId)
      .where("warranty_document_id", "is not", null)
      .execute(),
  ]);
  const kept: Kept[] = [];
  for (const v of versions) {
    const documentId = v.signed_document_id ?? v.accepted_document_id;
    if (!v.accepted_at || !documentId) continue;
    const signedDay = dayOf(toDate(v.accepted_at));
    const amountCents = v.accepted_total_cents ?? 0;
    kept.push({ kind: "contract", title: `Contract, quote version ${v.version}`, amountCents, signedDay, documentId });
    if (v.cancelled_at && v.cancellation_document_id)
      kept.push({
        kind: "cancellation",
        title: `Cancellation of the contract, quote version ${v.version}`,
        amountCents,
        signedDay: dayOf(toDate(v.cancelled_at)),
        documentId: v.cancellation_document_id,
      });
  }
  for (const o of orders)
    if (o.accepted_at && o.signed_document_id)
      kept.push({
        kind: "change-order",
        title: `Change order ${o.number}: ${o.title}`,
        amountCents: o.amount_cents,
        signedDay: dayOf(toDate(o.accepted_at)),
        documentId: o.signed_document_id,
      });
  for (const j of jobs)
    if (j.completed_at && j.warranty_document_id)
      kept.push({
        kind: "warranty",
        title: `Written warranty: ${j.title}`,
        amountCents: 0,
        signedDay: dayOf(toDate(j.completed_at)),
        documentId: j.warranty_document_id,
      });
  return kept;
}

async function countOf(db: Db, table: "invoices" | "payments", leadId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("lead_id", "=", leadId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface KeptOnDeletion {
  contracts: number;
  changeOrders: number;
  /** Warranty letters and records of a cancellation. */
  letters: number;
  invoices: number;
  payments: number;
}

/** What deleting the lead would keep, for the desk to say before it deletes. */
export async function keptOnDeletion(db: Db, leadId: string): Promise<KeptOnDeletion> {
  const [signed, invoices, payments] = await Promise.all([
    signedRecordsOf(db, leadId),
    countOf(db, "invoices", leadId),
    countOf(db, "payments", leadId),
  ]);
  return {
    contracts: signed.filter((k) => k.kind === "contract").length,
    changeOrders: signed.filter((k) => k.kind === "change-order").length,
    letters: signed.filter((k) => k.kind === "warranty" || k.kind === "cancellation").length,
    invoices,
    payments,
  };
}

/**
 * The deletion step: the signed records become kept records naming the customer, invoices and
 * payments let go of the lead and its job, and every kept PDF is detached from the lead so the
 * deletion that follows leaves it. Returns how many records were kept.
 */
export const keepBusinessRecords: LeadDeletionStep = {
  name: "recordsKept",
  queuesMail: false,
  async run(trx, lead, _context, now) {
    const signed = await signedRecordsOf(trx, lead.id);
    for (const record of signed)
      await trx
        .insertInto("kept_records")
        .values({
          id: randomUUID(),
          kind: record.kind,
          customer_name: lead.name,
          customer_address: lead.address,
          title: record.title,
          amount_cents: record.amountCents,
          signed_day: record.signedDay,
          document_id: record.documentId,
          keep_until: keepUntilOf(record.signedDay),
          created_at: timestamp(now),
        })
        .execute();
    const [invoices, payments] = await Promise.all([
      trx.selectFrom("invoices").select("document_id").where("lead_id", "=", lead.id).execute(),
      trx.selectFrom("payments").select("receipt_document_id").where("lead_id", "=", lead.id).execute(),
    ]);
    const documents = [
      ...signed.map((record) => record.documentId),
      ...invoices.flatMap((row) => (row.document_id ? [row.document_id] : [])),
      ...payments.flatMap((row) => (row.receipt_document_id ? [row.receipt_document_id] : [])),
    ];
    if (documents.length > 0)
      await trx.updateTable("stored_documents").set({ lead_id: null }).where("id", "in", documents).execute();
    // The invoice keeps the name and address it was made out to; the email address was only for
    // sending it, and goes with the rest of the person's details.
    await trx
      .updateTable("invoices")
      .set({ lead_id: null, job_id: null, customer_email: "" })
      .where("lead_id", "=", lead.id)
      .execute();
    await trx.updateTable("payments").set({ lead_id: null, job_id: null }).where("lead_id", "=", lead.id).execute();
    return signed.length + invoices.length + payments.length;
  },
};

export interface KeptListing {
  id: string;
  title: string;
  customer: string;
  day: string;
  keepUntil: string;
  documentId: string | null;
}

/** What is kept from deleted leads: signed records, invoices and receipts, newest first. */
export async function keptRecords(db: Db): Promise<KeptListing[]> {
  const [records, invoices, payments] = await Promise.all([
    db
      .selectFrom("kept_records")
      .select(["id", "customer_name", "title", "signed_day", "document_id", "keep_until"])
      .orderBy("signed_day", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("invoices")
      .select(["id", "number", "label", "customer_name", "issued_day", "document_id"])
      .where("lead_id", "is", null)
      .orderBy("issued_day", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("payments")
      .select(["id", "amount_cents", "customer_name", "received_day", "receipt_document_id"])
      .where("lead_id", "is", null)
      .orderBy("received_day", "desc")
      .limit(200)
      .execute(),
  ]);
  const lastDayOf = (day: string) => keepUntilOf(day);
  return [
    ...records.map((r) => ({
      id: r.id,
      title: r.title,
      customer: r.customer_name,
      day: r.signed_day,
      keepUntil: r.keep_until,
      documentId: r.document_id,
    })),
    ...invoices.map((i) => ({
      id: i.id,
      title: `Invoice ${i.number}: ${i.label}`,
      customer: i.customer_name,
      day: i.issued_day,
      keepUntil: lastDayOf(i.issued_day),
      documentId: i.document_id,
    })),
    ...payments.map((p) => ({
      id: p.id,
      title: `Receipt for ${formatCents(p.amount_cents)}`,
      customer: p.customer_name,
      day: p.received_day,
      keepUntil: lastDayOf(p.received_day),
      documentId: p.receipt_document_id,
    })),
  ].sort((a, b) => b.day.localeCompare(a.day));
}

/** A kept record's PDF, for the desk: one of a deleted lead's signed records, invoices or receipts. */
export async function keptDocument(db: Db, documentId: string) {
  const [record, invoice, payment] = await Promise.all([
    db.selectFrom("kept_records").select("id").where("document_id", "=", documentId).executeTakeFirst(),
    db
      .selectFrom("invoices")
      .select("id")
      .where("document_id", "=", documentId)
      .where("lead_id", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("payments")
      .select("id")
      .where("receipt_document_id", "=", documentId)
      .where("lead_id", "is", null)
      .executeTakeFirst(),
  ]);
  if (!record && !invoice && !payment) return undefined;
  return db
    .selectFrom("stored_documents")
    .select(["file_name", "content_type", "data"])
    .where("id", "=", documentId)
    .executeTakeFirst();
}

/**
 * Past their period, kept records go with their PDFs, and so do the invoices and payments whose
 * lead was deleted, once their year is as old. Those of a lead still on the desk stay with it.
 */
export async function pruneKeptRecords(db: Db, now: Date): Promise<number> {
  const today = dayOf(now);
  const lastKeptYear = Number(today.slice(0, 4)) - KEEP_YEARS - 1;
  return inTransaction(db, async (trx) => {
    const expired = await trx
      .selectFrom("kept_records")
      .select(["id", "document_id"])
      .where("keep_until", "<", today)
      .execute();
    const oldInvoices = await trx
      .selectFrom("invoices")
      .select(["id", "document_id"])
      .where("lead_id", "is", null)
      .where("year", "<=", lastKeptYear)
      .execute();
    const oldPayments = await trx
      .selectFrom("payments")
      .select(["id", "receipt_document_id"])
      .where("lead_id", "is", null)
      .where("received_day", "<=", `${lastKeptYear}-12-31`)
      .execute();
    if (expired.length > 0)
      await trx
        .deleteFrom("kept_records")
        .where(
          "id",
          "in",
          expired.map((r) => r.id),
        )
        .execute();
    if (oldInvoices.length > 0)
      await trx
        .deleteFrom("invoices")
        .where(
          "id",
          "in",
          oldInvoices.map((r) => r.id),
        )
        .execute();
    if (oldPayments.length > 0)
      await trx
        .deleteFrom("payments")
        .where(
          "id",
          "in",
          oldPayments.map((r) => r.id),
        )
        .execute();
    const documents = [
      ...expired.map((r) => r.document_id),
      ...oldInvoices.map((r) => r.document_id),
      ...oldPayments.map((r) => r.receipt_document_id),
    ].filter((id): id is string => id !== null);
    if (documents.length > 0)
      await trx.deleteFrom("stored_documents").where("id", "in", documents).where("lead_id", "is", null).execute();
    return expired.length + oldInvoices.length + oldPayments.length;
  });
}

/** What deleting keeps, in a sentence for the delete button's section; null when nothing is kept. */
export function keptSentence(kept: KeptOnDeletion): string | null {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    kept.contracts > 0 ? plural(kept.contracts, "signed contract", "signed contracts") : null,
    kept.changeOrders > 0 ? plural(kept.changeOrders, "signed change order", "signed change orders") : null,
    kept.letters > 0
      ? plural(kept.letters, "warranty or cancellation letter", "warranty and cancellation letters")
      : null,
    kept.invoices > 0 ? plural(kept.invoices, "invoice", "invoices") : null,
    kept.payments > 0 ? plural(kept.payments, "payment", "payments") : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Kept: ${list}, with their PDFs and the homeowner's name and address on them. Tax and contract law require the business to keep them for ${KEEP_YEARS} years after their year; they stay under Numbers, and go by themselves after that.`;
}
