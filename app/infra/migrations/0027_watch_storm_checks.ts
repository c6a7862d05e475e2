import type { Migration } from "./migration";
import { timestampType } from "./migration";

export const watchStormChecks: Migration = {
  name: "0027_watch_storm_checks",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // A storm check called on the desk: the towns it covers and the time every house is to be
    // checked by. Each plan in those towns gets one visit of it.
    await db.schema
      .createTable("watch_storms")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("towns", "text", (c) => c.notNull())
      .addColumn("due_by", ts, (c) => c.notNull())
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable("watch_visits")
      .addColumn("storm_id", "text", (c) => c.references("watch_storms.id").onDelete("set null"))
      .execute();
    await db.schema.alterTable("watch_visits").addColumn("due_by", ts).execute();
  },
};
