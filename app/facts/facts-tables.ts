/**
 * The business facts' table: every publish of the facts, the newest in force.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * module declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

export interface BusinessFactsTable {
  version: number;
  /** The facts as JSON, in the shape of `content/business-facts.json`. */
  facts: string;
  published_by: string;
  published_at: Timestamp;
  /** The version 'Restore' published again, when this publish was one. */
  restored_from: number | null;
}

declare module "~/infra/schema.server" {
  interface Database {
    business_facts: BusinessFactsTable;
  }
}
