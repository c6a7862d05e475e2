import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { blobType, timestampType, type Migration } from "./migration";

export const initial: Migration = {
  name: "0001_initial",
  async up(db, dialect) {
    const ts = timestampType(dialect);

    await db.schema
      .createTable("leads")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("ip_hash", "text")
      .addColumn("user_agent", "text")
      .execute();
    await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();

    await db.schema
      .createTable("lead_photos")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("data", blobType(dialect), (c) => c.notNull())
      .addColumn("width", "integer", (c) => c.notNull())
      .addColumn("height", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("lead_photos_lead_id").on("lead_photos").columns(["lead_id", "position"]).execute();

    await db.schema
      .createTable("subscribers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
      .addColumn("confirm_token_hash", "text")
      .addColumn("confirm_requested_at", ts)
      .addColumn("unsubscribe_token_hash", "text")
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("confirmed_at", ts)
      .addColumn("unsubscribed_at", ts)
      .addCheckConstraint("subscribers_email_lowercase", sql`email = lower(email)`)
      .execute();
    await db.schema.createIndex("subscribers_confirm_token").on("subscribers").column("confirm_token_hash").execute();
    await db.schema
      .createIndex("subscribers_unsubscribe_token")
      .on("subscribers")
      .column("unsubscribe_token_hash")
      .execute();

    await db.schema
      .createTable("outbox")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("cascade"))
      .addColumn("recipient", "text", (c) => c.notNull())
      .addColumn("subject", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed')`))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", ts, (c) => c.notNull())
      .addColumn("last_error", "text")
      .addColumn("locked_until", ts)
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("sent_at", ts)
      .execute();
    await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema.createIndex("outbox_lead_id").on("outbox").column("lead_id").execute();

    await db.schema
      .createTable("app_meta")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
    // Keys the visitor IP hash, so the stored value cannot be reversed by hashing all IPv4 addresses.
    await sql`insert into app_meta (key, value) values ('ip_hash_secret', ${randomBytes(32).toString("hex")})`.execute(
      db,
    );
  },
};
