/**
 * Table types shared by SQLite and PostgreSQL: infra's own tables, the one `Database` interface
 * every query is typed with, and the helpers every table's code uses.
 *
 * Each feature's tables live beside the feature, in `app/<feature>/<feature>-tables.ts` (for
 * example `app/quotes/quotes-tables.ts`), and add themselves to `Database` below by declaration
 * merging (`declare module "~/infra/schema.server"`). Infra imports no feature, not even a type,
 * so this file cannot list them; TypeScript puts the pieces together, since every file under app/
 * is part of the compilation.
 *
 * Timestamps are written as ISO-8601 UTC strings in both dialects: SQLite stores them as text (which
 * sorts and compares correctly because the format is fixed), PostgreSQL casts them into `timestamptz`.
 * Reads therefore come back as a string (SQLite) or a Date (PostgreSQL); `toDate` evens that out.
 */
import type { ColumnType, Generated } from "kysely";

export type Timestamp = ColumnType<Date | string, string, string>;

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

/** Which worker delivers a row: the mail worker or the push worker. */
export type OutboxChannel = "mail" | "push";

export interface OutboxTable {
  id: string;
  kind: string;
  /** Set for mail about a lead, so deleting the lead also deletes the copies of its details here. */
  lead_id: string | null;
  recipient: string;
  subject: string;
  /** JSON: bodies, headers and attachment references (see `outbox.server.ts`). */
  payload: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  channel: ColumnType<OutboxChannel, OutboxChannel | undefined, OutboxChannel>;
  /** For a push: the device it goes to (deleting the device deletes it). */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Owned by rate-limiter-flexible; `expire` is a Unix time in milliseconds. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** A periodic job run on one instance at a time; see `scheduler.server.ts`. */
export interface ScheduledRunsTable {
  name: string;
  /** The job is next due at this time; the instance that moves it on runs the job. */
  due_at: Timestamp;
  /** Set while an instance runs the job; a lease that a crashed run lets expire. */
  running_until: Timestamp | null;
  last_run_at: Timestamp | null;
}

/** A file mail attaches by reference; see `outbox.server.ts`. */
export interface StoredDocumentsTable {
  id: string;
  lead_id: string | null;
  file_name: string;
  content_type: string;
  sha256: string;
  bytes: number;
  data: Buffer;
  created_at: Timestamp;
}

/**
 * Infra's tables; each feature adds its own (see above). Migrations' bookkeeping
 * (`schema_migrations`) is read with raw SQL by the runner alone, so it has no type here.
 */
export interface Database {
  outbox: OutboxTable;
  app_meta: MetaTable;
  rate_limits: RateLimitsTable;
  scheduled_runs: ScheduledRunsTable;
  stored_documents: StoredDocumentsTable;
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The one timestamp format written to the database. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}

/**
 * What the desk's search looks in: name, email, address and phone, lower case, with the phone also
 * as bare digits so "6095550100" finds "(609) 555-0100". Written with the lead and kept in one
 * column so a search reads one narrow value per row.
 */
export function leadSearchText(lead: { name: string; email: string; phone: string; address: string }): string {
  return [lead.name, lead.email, lead.address, lead.phone, lead.phone.replace(/\D/g, "")].join("\n").toLowerCase();
}
