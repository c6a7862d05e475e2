/**
 * Table types shared by SQLite and PostgreSQL.
 *
 * Timestamps are written as ISO-8601 UTC strings in both dialects: SQLite stores them as text (which
 * sorts and compares correctly because the format is fixed), PostgreSQL casts them into `timestamptz`.
 * Reads therefore come back as a string (SQLite) or a Date (PostgreSQL); `toDate` evens that out.
 */
import type { ColumnType, Generated } from "kysely";

export type Timestamp = ColumnType<Date | string, string, string>;

export interface LeadsTable {
  id: string;
  created_at: Timestamp;
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  ip_hash: string | null;
  user_agent: string | null;
  /** Set while the lead is held as suspected spam: stored, not mailed, purged after a while. */
  quarantined_at: Timestamp | null;
  /** Why it was held, e.g. "honeypot". */
  spam_reason: string | null;
}

export interface LeadPhotosTable {
  id: string;
  lead_id: string;
  position: number;
  file_name: string;
  content_type: string;
  bytes: number;
  data: Buffer;
  width: number;
  height: number;
}

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

export interface SubscribersTable {
  id: string;
  email: string;
  status: SubscriberStatus;
  confirm_token_hash: string | null;
  confirm_requested_at: Timestamp | null;
  unsubscribe_token_hash: string | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
}

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

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

export interface Database {
  leads: LeadsTable;
  lead_photos: LeadPhotosTable;
  subscribers: SubscribersTable;
  outbox: OutboxTable;
  app_meta: MetaTable;
  rate_limits: RateLimitsTable;
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The one timestamp format written to the database. */
export function timestamp(date: Date = new Date()): string {
  return date.toISOString();
}
