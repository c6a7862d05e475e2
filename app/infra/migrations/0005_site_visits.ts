import { sql } from "kysely";
import { timestampType, type Migration } from "./migration";

export const siteVisits: Migration = {
  name: "0005_site_visits",
  async up(db, dialect) {
    const ts = timestampType(dialect);

    // A visit is what the owner proposed to one lead: one to three windows, of which the homeowner
    // confirms one. Times are instants in UTC; the New Jersey wall clock is only for display.
    await db.schema
      .createTable("site_visits")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('proposed', 'confirmed', 'cancelled', 'replaced')`),
      )
      .addColumn("proposed_by", "text", (c) => c.notNull())
      .addColumn("proposed_at", ts, (c) => c.notNull())
      .addColumn("confirmed_window_id", "text")
      .addColumn("confirmed_at", ts)
      .addColumn("starts_at", ts)
      .addColumn("ends_at", ts)
      .addColumn("ended_at", ts)
      // The calendar invitation's SEQUENCE: a cancellation must carry a higher one than the invitation.
      .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex("site_visits_lead").on("site_visits").columns(["lead_id", "status"]).execute();
    await db.schema.createIndex("site_visits_starts_at").on("site_visits").columns(["status", "starts_at"]).execute();

    await db.schema
      .createTable("visit_windows")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("visit_id", "text", (c) => c.notNull().references("site_visits.id").onDelete("cascade"))
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("starts_at", ts, (c) => c.notNull())
      .addColumn("ends_at", ts, (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("expires_at", ts, (c) => c.notNull())
      .addColumn("used_at", ts)
      .execute();
    await db.schema.createIndex("visit_windows_visit").on("visit_windows").column("visit_id").execute();

    // Set on the first change away from New: the lead history's text is for people, not for sums.
    await db.schema.alterTable("leads").addColumn("first_reply_at", ts).execute();
    const replies = await sql<{ lead_id: string; at: string | Date }>`
      select lead_id, min(created_at) as at from lead_events
      where kind = 'status' and detail like 'Status: New →%' group by lead_id`.execute(db);
    for (const reply of replies.rows) {
      const at = reply.at instanceof Date ? reply.at.toISOString() : reply.at;
      await sql`update leads set first_reply_at = ${at} where id = ${reply.lead_id}`.execute(db);
    }

    // 1 or 0 rather than a boolean, which the two databases spell differently.
    await db.schema
      .alterTable("owners")
      .addColumn("daily_digest", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    // One row per New Jersey day whose digest was sent: the primary key lets one instance claim it.
    await db.schema
      .createTable("digest_days")
      .addColumn("day", "text", (c) => c.primaryKey())
      .addColumn("claimed_at", ts, (c) => c.notNull())
      .execute();
  },
};
