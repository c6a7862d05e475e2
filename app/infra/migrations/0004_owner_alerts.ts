import { sql } from "kysely";
import webpush from "web-push";
import { timestamp } from "../schema.server";
import { timestampType, type Migration } from "./migration";

export const ownerAlerts: Migration = {
  name: "0004_owner_alerts",
  async up(db, dialect) {
    const ts = timestampType(dialect);

    // The owners' devices that receive Web Push: one row per browser's push endpoint.
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id").onDelete("cascade"))
      .addColumn("endpoint", "text", (c) => c.notNull().unique())
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("device_name", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("push_subscriptions_owner").on("push_subscriptions").column("owner_id").execute();

    // Pushes share the outbox with mail; each worker claims only its channel. A push names its
    // device, so removing the device drops the pushes still queued for it.
    await db.schema
      .alterTable("outbox")
      .addColumn("channel", "text", (c) => c.notNull().defaultTo("mail"))
      .execute();
    await db.schema
      .alterTable("outbox")
      .addColumn("subscription_id", "text", (c) => c.references("push_subscriptions.id").onDelete("cascade"))
      .execute();
    await db.schema
      .createIndex("outbox_channel_due")
      .on("outbox")
      .columns(["channel", "status", "next_attempt_at"])
      .execute();

    // When the owners were reminded of a lead still New; set once, by whichever instance claims it.
    // Leads already stored count as reminded: the upgrade must not send a burst about old leads.
    await db.schema.alterTable("leads").addColumn("reminded_at", ts).execute();
    await sql`update leads set reminded_at = ${timestamp()}`.execute(db);

    // The key pair that signs every push (VAPID), made once so subscriptions outlive restarts;
    // VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take precedence when set.
    const keys = webpush.generateVAPIDKeys();
    await sql`insert into app_meta (key, value) values ('vapid_public_key', ${keys.publicKey})`.execute(db);
    await sql`insert into app_meta (key, value) values ('vapid_private_key', ${keys.privateKey})`.execute(db);
  },
};
