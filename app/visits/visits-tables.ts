/**
 * The site visits' tables: each visit proposed to a lead and the windows the homeowner chooses
 * from.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { ColumnType } from "kysely";
import type { Timestamp } from "~/infra/schema.server";

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

declare module "~/infra/schema.server" {
  interface Database {
    site_visits: SiteVisitsTable;
    visit_windows: VisitWindowsTable;
  }
}
