/**
 * The leads' tables: each estimate request, its photos, notes and history, the idempotency key it
 * was sent with, and the newsletter's subscribers.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

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
  /** Where the owner stands with it; see `leads/record/status.ts`. */
  status: ColumnType<string, string | undefined, string>;
  lost_reason: string | null;
  /** The site page the form was sent from; null for leads stored before it was recorded. */
  source_path: ColumnType<string | null, string | null | undefined, string | null>;
  /** Lower-case name, email, address and phone (as typed and as digits), for the desk's search. */
  search_text: ColumnType<string, string | undefined, string>;
  /** When the owners were reminded that it was still New; set once. */
  reminded_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the lead first left New (a reply, a visit proposed…); null while it waits. */
  first_reply_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The service of the job, a slug of `content/services.ts`; set by the owner on the lead page. */
  service: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the lead last became Won; the automatic review request counts from it. */
  won_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
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

export interface LeadNotesTable {
  id: string;
  lead_id: string;
  author: string;
  body: string;
  created_at: Timestamp;
}

export interface LeadEventsTable {
  id: string;
  lead_id: string;
  actor: string;
  kind: string;
  detail: string;
  created_at: Timestamp;
}

/** An estimate request's idempotency key and the lead it stored; kept for a day. */
export interface IdempotencyKeysTable {
  key: string;
  lead_id: string;
  /** Hash of the request's text fields: the same key with other text is a different request. */
  fingerprint: string;
  created_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    leads: LeadsTable;
    lead_photos: LeadPhotosTable;
    subscribers: SubscribersTable;
    lead_notes: LeadNotesTable;
    lead_events: LeadEventsTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}
