/**
 * Mail written as files (DATA_DIR/outbox/*.eml) when there is no SMTP_URL.
 *
 * Each file is a whole message: an owner notification holds the lead's details and photos. So the
 * files follow the data they copy: a lead's files go when the lead is deleted, which is why the
 * lead's id is part of the name, and every file goes once it is older than sent mail is kept.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { toDate } from "./schema.server";

export function mailFileDirectory(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export interface MailFileRow {
  id: string;
  kind: string;
  lead_id: string | null;
  created_at: Date | string;
}

const leadSuffix = (leadId: string) => `-lead-${leadId}.eml`;

/** `<queued at>-<kind>-<message id>[-lead-<lead id>].eml`: sorted by time, findable by lead. */
export function mailFileName(row: MailFileRow): string {
  const created = toDate(row.created_at).toISOString().replace(/[:.]/g, "-");
  const base = `${created}-${row.kind}-${row.id}`;
  return row.lead_id ? `${base}${leadSuffix(row.lead_id)}` : `${base}.eml`;
}

async function emlFiles(dataDir: string): Promise<string[]> {
  const directory = mailFileDirectory(dataDir);
  try {
    const entries = await fs.readdir(directory, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".eml"))
      .map((entry) => path.join(directory, entry.name));
  } catch (error) {
    // No mail was ever written as a file.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function removeFile(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch (error) {
    // Removed meanwhile by another process (the server's clean-up and `npm run leads` may overlap).
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Deletes the mail files about one lead; returns how many there were. */
export async function deleteLeadMailFiles(dataDir: string, leadId: string): Promise<number> {
  const suffix = leadSuffix(leadId);
  let removed = 0;
  for (const file of await emlFiles(dataDir)) {
    if (path.basename(file).endsWith(suffix) && (await removeFile(file))) removed++;
  }
  return removed;
}

/**
 * Deletes the mail files last written before `cutoff`; returns how many. The time a file was written
 * is when its message was sent, the moment sent-mail retention counts from.
 */
export async function deleteMailFilesOlderThan(dataDir: string, cutoff: Date): Promise<number> {
  let removed = 0;
  for (const file of await emlFiles(dataDir)) {
    const stats = await fs.stat(file).catch(() => undefined);
    if (stats && stats.mtime < cutoff && (await removeFile(file))) removed++;
  }
  return removed;
}
