/**
 * The owner's view of stored leads, subscribers and undelivered mail, used by `npm run leads`
 * (scripts/leads.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { deleteLeadMailFiles } from "~/infra/mail-files.server";
import type { MailKind } from "~/infra/outbox.server";
import { timestamp, toDate, type Database, type OutboxStatus } from "~/infra/schema.server";
import { csvDocument } from "./csv.server";
import { normalizeNewsletterEmail } from "./newsletter-schema";

export interface LeadSummary {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  photoCount: number;
}

/** Leads proper, the ones held as suspected spam, or both. */
export type LeadSet = "leads" | "quarantined" | "all";

function leadsWithPhotoCount(db: Kysely<Database>, set: LeadSet = "leads") {
  return db
    .selectFrom("leads")
    .select(["id", "created_at", "name", "email", "phone", "address", "description"])
    .select(
      sql<number | string>`(select count(*) from lead_photos where lead_photos.lead_id = leads.id)`.as("photo_count"),
    )
    .$if(set === "leads", (qb) => qb.where("quarantined_at", "is", null))
    .$if(set === "quarantined", (qb) => qb.where("quarantined_at", "is not", null))
    .orderBy("created_at", "desc")
    .orderBy("id");
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadsWithPhotoCount>["execute"]>>[number];

function summary(row: LeadRow): LeadSummary {
  return {
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    description: row.description,
    // PostgreSQL's count() is a bigint, which node-postgres hands over as a string.
    photoCount: Number(row.photo_count),
  };
}

export async function countLeads(db: Kysely<Database>, set: LeadSet = "leads"): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .$if(set === "leads", (qb) => qb.where("quarantined_at", "is", null))
    .$if(set === "quarantined", (qb) => qb.where("quarantined_at", "is not", null))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export async function listLeads(db: Kysely<Database>, limit: number, set: LeadSet = "leads"): Promise<LeadSummary[]> {
  const rows = await leadsWithPhotoCount(db, set).limit(limit).execute();
  return rows.map(summary);
}

export type FindLeadResult =
  | { found: true; lead: LeadSummary }
  | { found: false; reason: "not-found" | "ambiguous" | "invalid-id"; matches?: LeadSummary[] };

/** One lead of `set`, given its ID or a unique prefix of it, as the list shows it. */
export async function findLead(db: Kysely<Database>, idOrPrefix: string, set: LeadSet): Promise<FindLeadResult> {
  const prefix = idPrefix(idOrPrefix);
  if (!prefix) return { found: false, reason: "invalid-id" };
  const matches = (await leadsWithPhotoCount(db, set).where("id", "like", `${prefix}%`).limit(5).execute()).map(
    summary,
  );
  const lead = matches[0];
  if (!lead) return { found: false, reason: "not-found" };
  if (matches.length > 1) return { found: false, reason: "ambiguous", matches };
  return { found: true, lead };
}

export interface LeadsExport {
  leads: number;
  photos: number;
  /** Where the photos went, beside the CSV; absent when there were none. */
  photoDir?: string;
}

/**
 * Writes every lead to `csvPath`, newest first, and their photos as files in a folder beside it
 * (`<name>-photos/`). The CSV's `photos` column lists the photo files relative to the CSV.
 */
export async function exportLeadsCsv(db: Kysely<Database>, csvPath: string): Promise<LeadsExport> {
  const csvDir = path.dirname(path.resolve(csvPath));
  const photoDirName = `${path.basename(csvPath, path.extname(csvPath))}-photos`;
  const photoDir = path.join(csvDir, photoDirName);
  const leads = (await leadsWithPhotoCount(db).execute()).map(summary);
  const header = ["id", "received", "name", "email", "phone", "address", "description", "photo_count", "photos"];
  const rows: (string | number)[][] = [];
  let photoTotal = 0;
  for (const lead of leads) {
    const files: string[] = [];
    if (lead.photoCount > 0) {
      const photos = await db
        .selectFrom("lead_photos")
        .select(["position", "file_name", "data"])
        .where("lead_id", "=", lead.id)
        .orderBy("position")
        .execute();
      await fs.mkdir(photoDir, { recursive: true });
      for (const photo of photos) {
        const fileName = `${lead.id.slice(0, 8)}-${photo.position + 1}-${photo.file_name}`;
        await fs.writeFile(path.join(photoDir, fileName), photo.data);
        files.push(`${photoDirName}/${fileName}`);
      }
      photoTotal += photos.length;
    }
    rows.push([
      lead.id,
      lead.createdAt.toISOString(),
      lead.name,
      lead.email,
      lead.phone,
      lead.address,
      lead.description,
      lead.photoCount,
      files.join("; "),
    ]);
  }
  await fs.writeFile(csvPath, csvDocument(header, rows));
  return { leads: leads.length, photos: photoTotal, photoDir: photoTotal > 0 ? photoDir : undefined };
}

/** Confirmed subscribers only: nobody else has agreed to receive a newsletter. */
export async function exportSubscribersCsv(db: Kysely<Database>, csvPath: string): Promise<number> {
  const rows = await db
    .selectFrom("subscribers")
    .select(["email", "confirmed_at"])
    .where("status", "=", "confirmed")
    .orderBy("confirmed_at")
    .execute();
  const cells = rows.map((row) => [row.email, row.confirmed_at ? toDate(row.confirmed_at).toISOString() : ""]);
  await fs.writeFile(csvPath, csvDocument(["email", "confirmed_at"], cells));
  return rows.length;
}

export type DeleteLeadResult =
  | { deleted: true; lead: LeadSummary; mailFiles: number }
  | { deleted: false; reason: "not-found" | "ambiguous" | "invalid-id"; matches?: LeadSummary[] };

/** Shortest ID prefix accepted, so a typo cannot match (and delete) a lead by chance. */
export const MIN_ID_PREFIX = 8;

/** The prefix as typed, lower-cased, or undefined when it is too short or cannot be part of an id. */
function idPrefix(idOrPrefix: string): string | undefined {
  const prefix = idOrPrefix.trim().toLowerCase();
  return prefix.length >= MIN_ID_PREFIX && /^[0-9a-f-]+$/.test(prefix) ? prefix : undefined;
}

/**
 * Deletes one lead, given its ID or a unique prefix of it; its photos, queued mail and the mail
 * files written about it under `dataDir` (when there is no SMTP server) go with it.
 */
export async function deleteLead(db: Kysely<Database>, idOrPrefix: string, dataDir: string): Promise<DeleteLeadResult> {
  const found = await findLead(db, idOrPrefix, "all");
  if (!found.found) return { deleted: false, reason: found.reason, matches: found.matches };
  const { lead } = found;
  const mailFiles = await db.transaction().execute(async (trx) => {
    // Also done by ON DELETE CASCADE; explicit so a database without foreign keys enforced keeps no orphans.
    await trx.deleteFrom("lead_photos").where("lead_id", "=", lead.id).execute();
    await trx.deleteFrom("outbox").where("lead_id", "=", lead.id).execute();
    await trx.deleteFrom("leads").where("id", "=", lead.id).execute();
    // Inside the transaction: if the files cannot be deleted, the lead stays and the command can be run again.
    return deleteLeadMailFiles(dataDir, lead.id);
  });
  return { deleted: true, lead, mailFiles };
}

export interface UndeliveredMail {
  id: string;
  kind: string;
  recipient: string;
  status: Exclude<OutboxStatus, "sent">;
  attempts: number;
  lastError: string | null;
  /** When the worker tries again; meaningless once failed. */
  nextAttemptAt: Date;
  createdAt: Date;
}

const UNDELIVERED: readonly Exclude<OutboxStatus, "sent">[] = ["failed", "sending", "pending"];

function undeliveredMail(db: Kysely<Database>) {
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "recipient", "status", "attempts", "last_error", "next_attempt_at", "created_at"])
    .where("status", "in", UNDELIVERED);
}

type UndeliveredRow = Awaited<ReturnType<ReturnType<typeof undeliveredMail>["execute"]>>[number];

function mailSummary(row: UndeliveredRow): UndeliveredMail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status as UndeliveredMail["status"],
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: toDate(row.next_attempt_at),
    createdAt: toDate(row.created_at),
  };
}

/**
 * Messages not sent: failed ones first, newest first, since they wait for the owner; then those
 * still queued, in the order the worker will try them.
 */
export async function listUndeliveredMail(
  db: Kysely<Database>,
  limit: number,
): Promise<{ messages: UndeliveredMail[]; total: number }> {
  const rows = (await undeliveredMail(db).execute()).map(mailSummary);
  rows.sort((a, b) => {
    if ((a.status === "failed") !== (b.status === "failed")) return a.status === "failed" ? -1 : 1;
    if (a.status === "failed") return b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
    return a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id);
  });
  return { messages: rows.slice(0, limit), total: rows.length };
}

export type RetryMailResult =
  | { retried: true; mail: UndeliveredMail }
  | { retried: false; reason: "invalid-id" | "not-found"; matches?: undefined }
  | { retried: false; reason: "ambiguous"; matches: UndeliveredMail[] }
  | { retried: false; reason: "not-failed"; matches: [UndeliveredMail] };

/**
 * Queues a failed message again, given its id or a unique prefix of it: due now, with a fresh count
 * of attempts, so the worker gives it the full series of retries once more.
 */
export async function retryMail(
  db: Kysely<Database>,
  idOrPrefix: string,
  now: Date = new Date(),
): Promise<RetryMailResult> {
  const prefix = idPrefix(idOrPrefix);
  if (!prefix) return { retried: false, reason: "invalid-id" };
  const matches = (await undeliveredMail(db).where("id", "like", `${prefix}%`).limit(5).execute()).map(mailSummary);
  const mail = matches[0];
  if (!mail) return { retried: false, reason: "not-found" };
  if (matches.length > 1) return { retried: false, reason: "ambiguous", matches };
  if (mail.status !== "failed") return { retried: false, reason: "not-failed", matches: [mail] };
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: timestamp(now), last_error: null, locked_until: null })
    .where("id", "=", mail.id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  // Retried by someone else a moment ago: it is queued either way.
  if (Number(result.numUpdatedRows) === 0) return { retried: false, reason: "not-failed", matches: [mail] };
  return { retried: true, mail: { ...mail, status: "pending", attempts: 0, lastError: null, nextAttemptAt: now } };
}

const NEWSLETTER_KINDS: readonly MailKind[] = ["newsletter-confirm", "newsletter-welcome"];

export interface UnsubscribeResult {
  email: string;
  /** Whether the address was a subscriber (in any state). */
  subscriber: boolean;
  /** Newsletter messages to it that were not sent yet, now deleted. */
  unsentMail: number;
}

/**
 * Removes a newsletter subscriber outright, as when someone asks by phone or letter: the row goes
 * (not just marked unsubscribed), and so does any newsletter mail to them not sent yet.
 */
export async function removeSubscriber(db: Kysely<Database>, rawEmail: string): Promise<UnsubscribeResult> {
  const email = normalizeNewsletterEmail(rawEmail);
  return db.transaction().execute(async (trx) => {
    const subscriber = await trx.deleteFrom("subscribers").where("email", "=", email).executeTakeFirst();
    const mail = await trx
      .deleteFrom("outbox")
      .where("kind", "in", NEWSLETTER_KINDS)
      .where("recipient", "=", email)
      .where("status", "!=", "sent")
      .executeTakeFirst();
    return { email, subscriber: Number(subscriber.numDeletedRows) > 0, unsentMail: Number(mail.numDeletedRows) };
  });
}
