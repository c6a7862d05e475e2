import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { leadSearchText } from "../schema.server";
import { blobType, timestampType, type Migration } from "./migration";

export const ownerDesk: Migration = {
  name: "0003_owner_desk",
  async up(db, dialect) {
    const ts = timestampType(dialect);

    // Working a lead: where it stands, why it was lost, the page its form was sent from (unknown
    // for leads stored before this column), and one lower-case text the desk's search reads.
    await db.schema
      .alterTable("leads")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .execute();
    await db.schema.alterTable("leads").addColumn("lost_reason", "text").execute();
    await db.schema.alterTable("leads").addColumn("source_path", "text").execute();
    await db.schema
      .alterTable("leads")
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    const existing = await sql<{ id: string; name: string; email: string; phone: string; address: string }>`
      select id, name, email, phone, address from leads`.execute(db);
    for (const lead of existing.rows)
      await sql`update leads set search_text = ${leadSearchText(lead)} where id = ${lead.id}`.execute(db);
    // The list filters by status and quarantine and sorts by arrival: one index serves each view.
    await db.schema
      .createIndex("leads_desk_list")
      .on("leads")
      .columns(["quarantined_at", "status", "created_at"])
      .execute();
    await db.schema.createIndex("leads_desk_newest").on("leads").columns(["quarantined_at", "created_at"]).execute();

    await db.schema
      .createTable("owners")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addCheckConstraint("owners_email_lowercase", sql`email = lower(email)`)
      .execute();

    await db.schema
      .createTable("owner_passkeys")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id").onDelete("cascade"))
      .addColumn("public_key", blobType(dialect), (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("transports", "text")
      .addColumn("device_name", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("last_used_at", ts)
      .execute();
    await db.schema.createIndex("owner_passkeys_owner").on("owner_passkeys").column("owner_id").execute();

    await db.schema
      .createTable("owner_setup_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id").onDelete("cascade"))
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("expires_at", ts, (c) => c.notNull())
      .addColumn("used_at", ts)
      .execute();

    // Challenges of passkey ceremonies in progress, each usable once.
    await db.schema
      .createTable("owner_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("owner_id", "text", (c) => c.references("owners.id").onDelete("cascade"))
      .addColumn("expires_at", ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("owner_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id").onDelete("cascade"))
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("last_seen_at", ts, (c) => c.notNull())
      .addColumn("authenticated_at", ts, (c) => c.notNull())
      .addColumn("expires_at", ts, (c) => c.notNull())
      .addColumn("method", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("owner_sessions_owner").on("owner_sessions").column("owner_id").execute();

    // Codes are kept per address typed, owner or not, so the answer cannot tell the two apart.
    await db.schema
      .createTable("owner_sign_in_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .addColumn("expires_at", ts, (c) => c.notNull())
      .addColumn("used_at", ts)
      .execute();
    await db.schema
      .createIndex("owner_sign_in_codes_email")
      .on("owner_sign_in_codes")
      .columns(["email", "expires_at"])
      .execute();
    await db.schema
      .createTable("owner_code_failures")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("failed_at", ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("owner_code_failures_email")
      .on("owner_code_failures")
      .columns(["email", "failed_at"])
      .execute();

    await db.schema
      .createTable("owner_audit")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", ts, (c) => c.notNull())
      .addColumn("actor", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("client", "text")
      .execute();
    await db.schema.createIndex("owner_audit_at").on("owner_audit").column("at").execute();

    await db.schema
      .createTable("lead_notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("lead_notes_lead").on("lead_notes").columns(["lead_id", "created_at"]).execute();

    await db.schema
      .createTable("lead_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull())
      .addColumn("created_at", ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex("lead_events_lead").on("lead_events").columns(["lead_id", "created_at"]).execute();

    await sql`insert into app_meta (key, value) values ('owner_code_secret', ${randomBytes(32).toString("hex")})`.execute(
      db,
    );
  },
};
