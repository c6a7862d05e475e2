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

export interface OwnersTable {
  id: string;
  email: string;
  created_at: Timestamp;
  /** 1: the owner gets the morning digest; 0: switched off on the account page. */
  daily_digest: ColumnType<number, number | undefined, number>;
}

export type VisitStatus = "proposed" | "confirmed" | "cancelled" | "replaced";

export interface SiteVisitsTable {
  id: string;
  lead_id: string;
  status: VisitStatus;
  proposed_by: string;
  proposed_at: Timestamp;
  confirmed_window_id: string | null;
  confirmed_at: Timestamp | null;
  /** The confirmed window's times, copied so the visit list reads one table. */
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  /** When it was cancelled or replaced by a new proposal. */
  ended_at: Timestamp | null;
  sequence: ColumnType<number, number | undefined, number>;
}

export interface VisitWindowsTable {
  id: string;
  visit_id: string;
  lead_id: string;
  position: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The hash of the token in the homeowner's link; the token itself is only in the email. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface DigestDaysTable {
  /** YYYY-MM-DD in New Jersey. */
  day: string;
  claimed_at: Timestamp;
}

export interface OwnerPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  owner_id: string;
  public_key: Buffer;
  /** bigint: node-postgres hands it over as a string. */
  counter: number | string;
  /** JSON array of transport names, as the browser reported them. */
  transports: string | null;
  device_name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface OwnerSetupTokensTable {
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OwnerChallengesTable {
  challenge: string;
  purpose: string;
  owner_id: string | null;
  expires_at: Timestamp;
}

export interface OwnerSessionsTable {
  id: string;
  token_hash: string;
  owner_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** When the owner last proved who they are (passkey or code): downloads want it recent. */
  authenticated_at: Timestamp;
  /** The absolute end, however active the session is. */
  expires_at: Timestamp;
  method: string;
}

export interface OwnerSignInCodesTable {
  id: string;
  email: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * Wrong codes as an older release counted them. No longer written (the code lock counts in
 * `rate_limits`, see app/owner/code-lock.server.ts); kept because migrations keep every row, and
 * emptied by the hourly clean-up.
 */
export interface OwnerCodeFailuresTable {
  id: string;
  email: string;
  failed_at: Timestamp;
}

export interface OwnerAuditTable {
  id: string;
  at: Timestamp;
  /** The owner's email, or null for the command line and for strangers. */
  actor: string | null;
  action: string;
  detail: string;
  /** The client key (an IPv4 address or an IPv6 /64), when a request did it. */
  client: string | null;
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

export interface PushSubscriptionsTable {
  id: string;
  owner_id: string;
  /** The push service's address for this browser; only hosts in PUSH_SERVICE_HOSTS are kept. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url: what the payload is encrypted to. */
  p256dh: string;
  auth: string;
  device_name: string;
  created_at: Timestamp;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** An estimate request's idempotency key and the lead it stored; kept for a day. */
export interface IdempotencyKeysTable {
  key: string;
  lead_id: string;
  /** Hash of the request's text fields: the same key with other text is a different request. */
  fingerprint: string;
  created_at: Timestamp;
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

/** A single row (id 1): the version of what public pages show, bumped by every publish. */
export interface LiveVersionTable {
  id: number;
  version: number | string;
  changed_at: Timestamp;
}

export interface SiteNoticesTable {
  id: string;
  /** Plain text; at most one link, written as [words](address). */
  body: string;
  /** See `notices/notice-text.ts`. */
  tone: "info" | "urgent";
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  published_by: string;
  published_at: Timestamp;
  removed_by: string | null;
  removed_at: Timestamp | null;
}

export interface ClosedDaysTable {
  id: string;
  /** YYYY-MM-DD in New Jersey, inclusive. */
  first_day: string;
  last_day: string;
  label: string;
  added_by: string;
  added_at: Timestamp;
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

export interface ContractFactsTable {
  id: number;
  insurer_name: string;
  insurer_phone: string;
  consumer_affairs_phone: string;
  warranty: string;
  /** JSON: see `quotes/contract-facts-rules.ts`. */
  payment_terms: string;
  certificate_document_id: string | null;
  updated_by: string;
  updated_at: Timestamp;
}

export type QuoteStatus = "draft" | "sent" | "replaced" | "accepted" | "cancelled";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface QuoteVersionsTable {
  id: string;
  lead_id: string;
  version: number;
  status: QuoteStatus;
  /** JSON: see `quotes/quote-content.ts`. */
  content: string;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Nullable<Date | string>;
  /** YYYY-MM-DD in New Jersey: the last day it can be accepted. */
  valid_until: Nullable<string>;
  token_hash: Nullable<string>;
  forward_key: Nullable<string>;
  forward_sealed: Nullable<string>;
  document_id: Nullable<string>;
  /**
   * JSON, set when the version is sent: the business, the contract facts, the certificate and the
   * notices' words it was sent with (see `quotes/contract-terms.ts`). Null on a draft.
   */
  terms: Nullable<string>;
  remind: ColumnType<number, number | undefined, number>;
  reminded_at: Nullable<Date | string>;
  accepted_at: Nullable<Date | string>;
  accepted_name: Nullable<string>;
  accepted_ip: Nullable<string>;
  accepted_user_agent: Nullable<string>;
  /** JSON array of the optional items' positions the homeowner chose. */
  accepted_items: Nullable<string>;
  accepted_total_cents: Nullable<number>;
  /** SHA-256 (hex) of the PDF the homeowner accepted, stored as `accepted_document_id`. */
  accepted_sha256: Nullable<string>;
  accepted_document_id: Nullable<string>;
  signed_document_id: Nullable<string>;
  cancel_until: Nullable<Date | string>;
  cancelled_at: Nullable<Date | string>;
  /** The record of the homeowner's cancellation, mailed to both sides. */
  cancellation_document_id: Nullable<string>;
}

/** The one request for a review a lead gets; see `reviews/review-requests.server.ts`. */
export interface ReviewRequestsTable {
  lead_id: string;
  /** Where it was sent, so a homeowner who said "no more" is not asked again for another job. */
  email: string;
  token_hash: string;
  /** The owner's email, or "automatic". */
  requested_by: string;
  requested_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  declined_at: Timestamp | null;
}

export type ReviewHiddenReason = "personal-information" | "offensive" | "not-our-work" | "duplicate";

export interface ReviewsTable {
  id: string;
  lead_id: string;
  rating: number;
  body: string;
  display_name: string;
  town: string;
  created_at: Timestamp;
  hidden_reason: ReviewHiddenReason | null;
  hidden_by: string | null;
  hidden_at: Timestamp | null;
  reply_body: string | null;
  reply_by: string | null;
  reply_at: Timestamp | null;
}

export interface ProjectsTable {
  id: string;
  /** The page's address under /projects/; never reused. */
  slug: string;
  title: string;
  /** A service slug (`content/services.ts`). */
  service: string;
  town: string;
  /** YYYY-MM. */
  finished: string;
  /** Plain paragraphs and "- " lists; see `projects/project-rules.ts`. */
  story: string;
  status: "draft" | "published";
  ever_published: ColumnType<number, number | undefined, number>;
  /** The won lead it was made from; never shown. */
  lead_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
}

export interface ProjectPhotosTable {
  id: string;
  project_id: string;
  /** Chosen by the sender, so a retried upload stores one photo. */
  upload_key: string;
  position: number;
  description: string;
  label: "before" | "after" | null;
  is_cover: ColumnType<number, number | undefined, number>;
  state: "waiting" | "ready" | "refused";
  original: Buffer | null;
  original_format: string | null;
  width: number | null;
  height: number | null;
  hash: string | null;
  /** Why a photo could not be used, in the owner's words. */
  problem: string | null;
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ProjectPhotoFilesTable {
  name: string;
  photo_id: string;
  format: "avif" | "webp";
  width: number;
  bytes: number;
  data: Buffer;
}

export interface GoneProjectsTable {
  slug: string;
  gone_at: Timestamp;
}

export interface Database {
  leads: LeadsTable;
  lead_photos: LeadPhotosTable;
  subscribers: SubscribersTable;
  outbox: OutboxTable;
  app_meta: MetaTable;
  rate_limits: RateLimitsTable;
  owners: OwnersTable;
  owner_passkeys: OwnerPasskeysTable;
  owner_setup_tokens: OwnerSetupTokensTable;
  owner_challenges: OwnerChallengesTable;
  owner_sessions: OwnerSessionsTable;
  owner_sign_in_codes: OwnerSignInCodesTable;
  owner_code_failures: OwnerCodeFailuresTable;
  owner_audit: OwnerAuditTable;
  lead_notes: LeadNotesTable;
  lead_events: LeadEventsTable;
  push_subscriptions: PushSubscriptionsTable;
  site_visits: SiteVisitsTable;
  visit_windows: VisitWindowsTable;
  digest_days: DigestDaysTable;
  idempotency_keys: IdempotencyKeysTable;
  scheduled_runs: ScheduledRunsTable;
  live_version: LiveVersionTable;
  site_notices: SiteNoticesTable;
  closed_days: ClosedDaysTable;
  stored_documents: StoredDocumentsTable;
  contract_facts: ContractFactsTable;
  quote_versions: QuoteVersionsTable;
  review_requests: ReviewRequestsTable;
  reviews: ReviewsTable;
  projects: ProjectsTable;
  project_photos: ProjectPhotosTable;
  project_photo_files: ProjectPhotoFilesTable;
  gone_projects: GoneProjectsTable;
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
