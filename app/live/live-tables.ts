/**
 * The live site's table: the version of what public pages show.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

/** A single row (id 1): the version of what public pages show, bumped by every publish. */
export interface LiveVersionTable {
  id: number;
  version: number | string;
  changed_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    live_version: LiveVersionTable;
  }
}
