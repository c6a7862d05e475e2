/**
 * The jobs' tables: the work a homeowner agreed to, from acceptance to completion, and its history.
 * Added to the one `Database` that every query is typed with (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export type JobState = "scheduled" | "started" | "completed" | "cancelled";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface JobsTable {
  id: string;
  lead_id: string;
  /** The accepted version the job came from; null for small work started without a quote. */
  quote_version_id: Nullable<string>;
  state: JobState;
  title: string;
  /** The accepted total (or the agreed price of small work), before any change order. */
  base_cents: number;
  /** The contract's sales tax rate, which a change order's items are taxed at. */
  tax_rate_milli_percent: number;
  /** YYYY-MM-DD in New Jersey. */
  start_day: Nullable<string>;
  completion_day: Nullable<string>;
  /** Why the dates last changed, as the owner wrote it for the homeowner. */
  dates_reason: Nullable<string>;
  permit_number: Nullable<string>;
  permit_issuer: Nullable<string>;
  no_permit_reason: Nullable<string>;
  /** The written warranty as the contract stated it; given to the homeowner at completion. */
  warranty: string;
  /** The warranty letter mailed at completion. */
  warranty_document_id: Nullable<string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Nullable<Date | string>;
  completed_at: Nullable<Date | string>;
  cancelled_at: Nullable<Date | string>;
}

export interface JobEventsTable {
  id: string;
  job_id: string;
  lead_id: string;
  actor: string;
  detail: string;
  created_at: Timestamp;
}

/** One link to the job's page: the accepted quote's, or one sent in a job email. */
export interface JobLinksTable {
  token_hash: string;
  job_id: string;
  lead_id: string;
  created_at: Timestamp;
  /** The token sealed with the server's key, to mail again; null for a link made before links were sealed. */
  sealed: string | null;
  /** When the link stopped opening the job: a new link was sent in its place. */
  ended_at: Timestamp | null;
}

export type ChangeOrderStatus = "sent" | "accepted" | "declined";

export interface ChangeOrdersTable {
  id: string;
  job_id: string;
  lead_id: string;
  /** 1, 2, 3… within the job. */
  number: number;
  status: ChangeOrderStatus;
  /** JSON: see `jobs/change-order-content.ts`. */
  content: string;
  /** What the change adds to the contract total, tax included; negative when it takes work out. */
  amount_cents: number;
  /** The completion date the change sets, when it moves it. */
  completion_day: Nullable<string>;
  /** The change order as sent: the file whose SHA-256 the homeowner's acceptance records. */
  document_id: Nullable<string>;
  signed_document_id: Nullable<string>;
  accepted_at: Nullable<Date | string>;
  accepted_name: Nullable<string>;
  accepted_ip: Nullable<string>;
  accepted_user_agent: Nullable<string>;
  accepted_sha256: Nullable<string>;
  declined_at: Nullable<Date | string>;
  created_by: string;
  created_at: Timestamp;
}

/** A progress photo: seen by the homeowner on the job's page, never by the public. */
export interface JobPhotosTable {
  id: string;
  job_id: string;
  lead_id: string;
  /** Chosen by the sender, so a retried upload stores one photo. */
  upload_key: string;
  position: number;
  description: string;
  /** Of `large`; `small` is always WebP. */
  content_type: string;
  width: number;
  height: number;
  large: Buffer;
  small: Buffer;
  created_by: string;
  created_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    jobs: JobsTable;
    job_events: JobEventsTable;
    job_links: JobLinksTable;
    change_orders: ChangeOrdersTable;
    job_photos: JobPhotosTable;
  }
}
