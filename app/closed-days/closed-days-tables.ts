/**
 * The closed days' table: the days the business is closed.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

export interface ClosedDaysTable {
  id: string;
  /** YYYY-MM-DD in New Jersey, inclusive. */
  first_day: string;
  last_day: string;
  label: string;
  added_by: string;
  added_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    closed_days: ClosedDaysTable;
  }
}
