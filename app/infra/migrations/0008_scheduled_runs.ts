import { timestampType, type Migration } from "./migration";

export const scheduledRuns: Migration = {
  name: "0008_scheduled_runs",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // One row per periodic job that must run on one instance at a time (see scheduler.server.ts):
    // the instance whose conditional update moves `due_at` on runs it, and `running_until` keeps
    // another instance from starting it again while it runs.
    await db.schema
      .createTable("scheduled_runs")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("due_at", ts, (c) => c.notNull())
      .addColumn("running_until", ts)
      .addColumn("last_run_at", ts)
      .execute();
  },
};
