/**
 * The owner's view of stored leads and subscribers, used by `npm run leads` (scripts/leads.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { deleteLeadMailFiles } from "~/infra/mail-files.server";
import { toDate, type Database } from "~/infra/schema.server";

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

function leadsWithPhotoCount(db: Kysely<Database>) {
  return db
    .selectFrom("leads")
    .select(["id", "created_at", "name", "email", "phone", "address", "description"])
    .select(
      sql<number | string>`(select count(*) from lead_photos where lead_photos.lead_id = leads.id)`.as("photo_count"),
    )
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

export async function countLeads(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first. */
export async function listLeads(db: Kysely<Database>, limit: number): Promise<LeadSummary[]> {
  const rows = await leadsWithPhotoCount(db).limit(limit).execute();
  return rows.map(summary);
}

/** Quotes a CSV cell, and defuses values a spreadsheet would run as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Excel reads a UTF-8 file as such only when it starts with a byte order mark. */
const UTF8_BOM = "\uFEFF";

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
  const lines = [
    UTF8_BOM + csvLine(["id", "received", "name", "email", "phone", "address", "description", "photo_count", "photos"]),
  ];
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
    lines.push(
      csvLine([
        lead.id,
        lead.createdAt.toISOString(),
        lead.name,
        lead.email,
        lead.phone,
        lead.address,
        lead.description,
        lead.photoCount,
        files.join("; "),
      ]),
    );
  }
  await fs.writeFile(csvPath, lines.join(""));
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
  const lines = [UTF8_BOM + csvLine(["email", "confirmed_at"])];
  for (const row of rows)
    lines.push(csvLine([row.email, row.confirmed_at ? toDate(row.confirmed_at).toISOString() : ""]));
  await fs.writeFile(csvPath, lines.join(""));
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
  const prefix = idPrefix(idOrPrefix);
  if (!prefix) return { deleted: false, reason: "invalid-id" };
  const matches = (await leadsWithPhotoCount(db).where("id", "like", `${prefix}%`).limit(5).execute()).map(summary);
  const lead = matches[0];
  if (!lead) return { deleted: false, reason: "not-found" };
  if (matches.length > 1) return { deleted: false, reason: "ambiguous", matches };
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
