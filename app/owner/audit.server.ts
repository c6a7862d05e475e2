/**
 * The desk's audit log: who signed in (and how), wrong codes, downloads, deletions and changes to
 * the owners. Read with `npm run owner -- audit`. Lead details stay out of it, so deleting a lead
 * deletes the person's data while the log still shows that it was deleted, when and by whom.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";

export type AuditAction =
  | "owner-added"
  | "owner-removed"
  | "owner-name-changed"
  | "setup-link-issued"
  | "passkey-added"
  | "passkey-removed"
  | "signed-in"
  | "sign-in-refused"
  | "code-sent"
  | "code-failed"
  | "code-locked"
  | "signed-out"
  | "signed-out-everywhere"
  | "export-leads"
  | "export-subscribers"
  | "lead-deleted"
  | "lead-released"
  | "subscriber-removed"
  | "notice-published"
  | "notice-removed"
  | "closed-day-added"
  | "closed-day-removed"
  | "contract-facts-saved"
  | "quote-sent"
  | "contract-document-downloaded"
  | "review-hidden"
  | "review-shown"
  | "review-replied"
  | "review-auto-ask"
  | "project-saved"
  | "project-published"
  | "project-unpublished"
  | "project-deleted"
  | "job-started-without-quote"
  | "job-dates-saved"
  | "job-link-renewed"
  | "sealed-links-forgotten"
  | "job-marked-started"
  | "job-marked-completed"
  | "change-order-sent"
  | "job-photo-added"
  | "job-photo-removed"
  | "invoice-sent"
  | "invoice-voided"
  | "invoice-reminder-switched"
  | "payment-recorded"
  | "payment-voided"
  | "ways-to-pay-saved"
  | "export-invoices"
  | "export-payments"
  | "kept-record-downloaded"
  | "business-facts-published"
  | "site-page-published"
  | "site-page-taken-down"
  | "site-page-moved"
  | "site-page-draft-discarded"
  | "watch-plan-saved"
  | "watch-plan-sent"
  | "watch-plan-ended"
  | "watch-visit-started"
  | "watch-visit-finished"
  | "watch-repair-lead-opened"
  | "watch-storm-called"
  | "watch-photo-added";

export interface AuditEntry {
  actor?: string | null;
  action: AuditAction;
  detail?: string;
  client?: string | null;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: Date = new Date()): Promise<void> {
  await db
    .insertInto("owner_audit")
    .values({
      id: randomUUID(),
      at: timestamp(now),
      actor: entry.actor ?? null,
      action: entry.action,
      detail: (entry.detail ?? "").slice(0, 500),
      client: entry.client ?? null,
    })
    .execute();
}

export interface AuditRecord {
  at: Date;
  actor: string | null;
  action: string;
  detail: string;
  client: string | null;
}

/** Newest first. */
export async function listAudit(db: Kysely<Database>, limit = 100): Promise<AuditRecord[]> {
  const rows = await db
    .selectFrom("owner_audit")
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: toDate(row.at),
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    client: row.client,
  }));
}
