/**
 * Home watch's tables: each season's plan for one house, and the visits it owes.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

export type PlanStatus = "draft" | "sent" | "accepted" | "ended";
export type Frequency = "weekly" | "fortnightly";

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface WatchPlansTable {
  id: string;
  lead_id: string;
  status: PlanStatus;
  homeowner_name: string;
  email: string;
  phone: string;
  address: string;
  town: string;
  /** YYYY-MM-DD in New Jersey: the season's first and last day. */
  season_start: string;
  season_end: string;
  frequency: Frequency;
  /** 0 Sunday … 6 Saturday, as `time/business-time.ts`'s `weekdayOf`. */
  weekday: number;
  price_cents: number;
  storm_price_cents: number;
  /** The lockbox and alarm codes, sealed with the server's key; null once the plan ends. */
  access_sealed: Nullable<string>;
  /** JSON: see `watch/checklist.ts`. */
  checklist: string;
  /** JSON, set when sent: see `watch/plan-terms.ts`. */
  terms: Nullable<string>;
  sent_at: Nullable<Date | string>;
  token_hash: Nullable<string>;
  /** The homeowner's link, sealed, so later emails (reports, storm checks) can carry it again. */
  link_sealed: Nullable<string>;
  document_id: Nullable<string>;
  accepted_at: Nullable<Date | string>;
  accepted_name: Nullable<string>;
  accepted_ip: Nullable<string>;
  accepted_user_agent: Nullable<string>;
  accepted_sha256: Nullable<string>;
  accepted_document_id: Nullable<string>;
  signed_document_id: Nullable<string>;
  ended_at: Nullable<Date | string>;
  ended_reason: Nullable<string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type VisitKind = "regular" | "storm";
export type WatchVisitStatus = "scheduled" | "started" | "finished" | "cancelled";

export interface WatchVisitsTable {
  id: string;
  plan_id: string;
  /** YYYY-MM-DD in New Jersey. */
  day: string;
  kind: VisitKind;
  status: WatchVisitStatus;
  created_at: Timestamp;
  /** The arrival and departure, as tapped (see `watch/visit-entries.ts`). */
  started_at: Nullable<Date | string>;
  finished_at: Nullable<Date | string>;
  /** The owner who made the visit, by email. */
  checked_by: Nullable<string>;
  /** Their name as the account page gave it when the visit started; null or "" when none was given. */
  checked_by_name: Nullable<string>;
  /** A storm check's storm, and the time the house is to be checked by. */
  storm_id: Nullable<string>;
  due_by: Nullable<Date | string>;
  /** The invoice it was billed on: each finished visit is billed once. */
  invoice_id: Nullable<string>;
}

export interface WatchStormsTable {
  id: string;
  /** JSON array of the towns' names. */
  towns: string;
  due_by: Timestamp;
  created_by: string;
  created_at: Timestamp;
}

export type ItemResult = "ok" | "issue" | "skipped";

export interface WatchResultsTable {
  visit_id: string;
  item_id: string;
  area: string;
  /** The item's words on the day of the visit. */
  label: string;
  result: ItemResult;
  note: string;
  /** For an Issue: what happens next (see `watch/visit-entries.ts`). */
  next_step: Nullable<string>;
  tapped_at: Timestamp;
  saved_at: Timestamp;
  /** The lead 'Quote this repair' opened for this Issue. */
  repair_lead_id: Nullable<string>;
}

export type PhotoTakenFrom = "camera" | "arrival";

export interface WatchPhotosTable {
  id: string;
  plan_id: string;
  /** Null for the item's baseline photo on the plan. */
  visit_id: Nullable<string>;
  item_id: string;
  /** Chosen by the sender, so a retried upload stores one photo. */
  upload_key: string;
  /** Of `large`; `small` is always WebP. */
  content_type: string;
  width: number;
  height: number;
  large: Buffer;
  small: Buffer;
  /** The time shown: the camera's own when plausible (`camera`), else the photo's arrival. */
  taken_at: Timestamp;
  taken_from: PhotoTakenFrom;
  created_by: string;
  created_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    watch_plans: WatchPlansTable;
    watch_visits: WatchVisitsTable;
    watch_results: WatchResultsTable;
    watch_storms: WatchStormsTable;
    watch_photos: WatchPhotosTable;
  }
}
