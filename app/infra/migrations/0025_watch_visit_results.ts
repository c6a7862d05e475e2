import { sql } from "kysely";
import { timestampType, type Migration } from "./migration";

export const watchVisitResults: Migration = {
  name: "0025_watch_visit_results",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // A visit's arrival and departure as the phone recorded them when tapped (kept when plausible,
    // else the time the server heard of it), and who made it.
    await db.schema.alterTable("watch_visits").addColumn("started_at", ts).execute();
    await db.schema.alterTable("watch_visits").addColumn("finished_at", ts).execute();
    await db.schema.alterTable("watch_visits").addColumn("checked_by", "text").execute();

    // Each checklist item's result on a visit, with the item's words as they were that day. A
    // result is replaced only by one tapped later (`tapped_at`), so an entry retried after a
    // newer one never undoes it.
    await db.schema
      .createTable("watch_results")
      .addColumn("visit_id", "text", (c) => c.notNull().references("watch_visits.id").onDelete("cascade"))
      .addColumn("item_id", "text", (c) => c.notNull())
      .addColumn("area", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("result", "text", (c) => c.notNull().check(sql`result in ('ok', 'issue', 'skipped')`))
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("next_step", "text")
      .addColumn("tapped_at", ts, (c) => c.notNull())
      .addColumn("saved_at", ts, (c) => c.notNull())
      .addPrimaryKeyConstraint("watch_results_pk", ["visit_id", "item_id"])
      .execute();
  },
};
