import { sql } from "kysely";
import { timestampType, type Migration } from "./migration";

export const reviews: Migration = {
  name: "0011_reviews",
  async up(db, dialect) {
    const ts = timestampType(dialect);
    // The service of the job (a service page shows its reviews), and when the lead was won (the
    // automatic review request waits three days from it). Leads won before this release have
    // none, so the upgrade asks nobody by itself.
    await db.schema.alterTable("leads").addColumn("service", "text").execute();
    await db.schema.alterTable("leads").addColumn("won_at", ts).execute();

    // One request per lead: the primary key on lead_id is what makes "once" hold across instances.
    // Only the hash of the link's token is kept.
    await db.schema
      .createTable("review_requests")
      .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("requested_by", "text", (c) => c.notNull())
      .addColumn("requested_at", ts, (c) => c.notNull())
      .addColumn("expires_at", ts, (c) => c.notNull())
      .addColumn("used_at", ts)
      .addColumn("declined_at", ts)
      .execute();
    await db.schema.createIndex("review_requests_email").on("review_requests").column("email").execute();

    // A review outlives its lead's deletion only as what was published: no reference to the lead.
    await db.schema
      .createTable("reviews")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().unique())
      .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("display_name", "text", (c) => c.notNull())
      .addColumn("town", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("hidden_reason", "text", (c) =>
        c.check(sql`hidden_reason in ('personal-information', 'offensive', 'not-our-work', 'duplicate')`),
      )
      .addColumn("hidden_by", "text")
      .addColumn("hidden_at", ts)
      .addColumn("reply_body", "text")
      .addColumn("reply_by", "text")
      .addColumn("reply_at", ts)
      .execute();
    await db.schema.createIndex("reviews_created_at").on("reviews").column("created_at").execute();
  },
};
