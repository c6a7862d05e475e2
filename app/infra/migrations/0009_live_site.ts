import { sql } from "kysely";
import { timestamp } from "../schema.server";
import { timestampType, type Migration } from "./migration";

export const liveSite: Migration = {
  name: "0009_live_site",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // One row: bumped in the transaction of every change to what public pages show, so each
    // instance learns, by a cheap poll or a notification, that it must render its pages again.
    await db.schema
      .createTable("live_version")
      .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("changed_at", ts, (c) => c.notNull())
      .execute();
    await sql`insert into live_version (id, version, changed_at) values (1, 0, ${timestamp()})`.execute(db);

    // Notices on every public page. Removed ones stay, as the history the desk lists.
    await db.schema
      .createTable("site_notices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("tone", "text", (c) => c.notNull().check(sql`tone in ('info', 'urgent')`))
      .addColumn("starts_at", ts)
      .addColumn("ends_at", ts)
      .addColumn("published_by", "text", (c) => c.notNull())
      .addColumn("published_at", ts, (c) => c.notNull())
      .addColumn("removed_by", "text")
      .addColumn("removed_at", ts)
      .execute();
    await db.schema.createIndex("site_notices_published_at").on("site_notices").column("published_at").execute();

    // Days the business is closed (a holiday), as New Jersey calendar days, first to last.
    await db.schema
      .createTable("closed_days")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("first_day", "text", (c) => c.notNull())
      .addColumn("last_day", "text", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("added_by", "text", (c) => c.notNull())
      .addColumn("added_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("closed_days_last_day").on("closed_days").column("last_day").execute();
  },
};
