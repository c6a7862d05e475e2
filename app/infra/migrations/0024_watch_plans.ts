import { sql } from "kysely";
import { timestampType, type Migration } from "./migration";

export const watchPlans: Migration = {
  name: "0024_watch_plans",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // A season of home watch for one house, made from the homeowner's request (a lead) and deleted
    // with it. The access notes (lockbox, alarm code) are kept sealed with the server's key and
    // set to null when the plan ends. Once sent, `terms` holds what the homeowner was sent (the
    // business, the prices, the season, the checklist and the words), so a later edit of the plan
    // never changes a document already sent; acceptance records who typed what, from where, and the
    // fingerprint of the plan they accepted.
    await db.schema
      .createTable("watch_plans")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'sent', 'accepted', 'ended')`))
      .addColumn("homeowner_name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("town", "text", (c) => c.notNull())
      .addColumn("season_start", "text", (c) => c.notNull())
      .addColumn("season_end", "text", (c) => c.notNull())
      .addColumn("frequency", "text", (c) => c.notNull().check(sql`frequency in ('weekly', 'fortnightly')`))
      .addColumn("weekday", "integer", (c) => c.notNull())
      .addColumn("price_cents", "integer", (c) => c.notNull())
      .addColumn("storm_price_cents", "integer", (c) => c.notNull())
      .addColumn("access_sealed", "text")
      .addColumn("checklist", "text", (c) => c.notNull())
      .addColumn("terms", "text")
      .addColumn("sent_at", ts)
      .addColumn("token_hash", "text", (c) => c.unique())
      .addColumn("link_sealed", "text")
      .addColumn("document_id", "text")
      .addColumn("accepted_at", ts)
      .addColumn("accepted_name", "text")
      .addColumn("accepted_ip", "text")
      .addColumn("accepted_user_agent", "text")
      .addColumn("accepted_sha256", "text")
      .addColumn("accepted_document_id", "text")
      .addColumn("signed_document_id", "text")
      .addColumn("ended_at", ts)
      .addColumn("ended_reason", "text")
      .addColumn("created_by", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("updated_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("watch_plans_lead").on("watch_plans").column("lead_id").execute();
    await db.schema.createIndex("watch_plans_status").on("watch_plans").columns(["status", "season_end"]).execute();

    // Each visit a plan owes: the regular ones scheduled at acceptance across the season, a storm
    // check added later. One regular visit per plan and day.
    await db.schema
      .createTable("watch_visits")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("plan_id", "text", (c) => c.notNull().references("watch_plans.id").onDelete("cascade"))
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('regular', 'storm')`))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('scheduled', 'started', 'finished', 'cancelled')`),
      )
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("watch_visits_plan_day")
      .unique()
      .on("watch_visits")
      .columns(["plan_id", "day", "kind"])
      .execute();
    await db.schema.createIndex("watch_visits_day").on("watch_visits").columns(["day", "status"]).execute();
  },
};
