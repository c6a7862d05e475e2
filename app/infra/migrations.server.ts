/**
 * One migration set for SQLite and PostgreSQL, applied in order at start.
 *
 * Kysely's own Migrator does not lock SQLite across processes (the server and `npm run leads` may
 * start together), so this small runner takes the database's own write lock instead: an advisory
 * transaction lock on PostgreSQL, `BEGIN IMMEDIATE` on SQLite. Each migration and its record in
 * `schema_migrations` commit together, so a crash leaves either both or neither.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely, type QueryExecutorProvider, type SchemaModule } from "kysely";
import webpush from "web-push";
import { postalAddress, profile } from "~/content/profile";
import type { Dialect } from "./db.server";
import { leadSearchText, timestamp } from "./schema.server";

/** What a migration may use: schema builders and raw SQL, never the typed tables it is creating. */
export type MigrationDb = { schema: SchemaModule } & QueryExecutorProvider;

export interface Migration {
  name: string;
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
}

/** Arbitrary, fixed: every instance of this application must use the same number. */
const MIGRATION_LOCK_ID = 7_305_118_442;

function blobType(dialect: Dialect) {
  return dialect === "postgres" ? sql`bytea` : sql`blob`;
}

function timestampType(dialect: Dialect) {
  return dialect === "postgres" ? sql`timestamptz` : sql`text`;
}

export const migrations: readonly Migration[] = [
  {
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
  },
  {
    name: "0002_quarantine_and_rate_limits",
    async up(db, dialect) {
      const ts = timestampType(dialect);
      // A post that trips the spam trap is kept, flagged, instead of dropped: a person whose browser
      // filled the hidden field must not lose their request without anyone knowing.
      await db.schema.alterTable("leads").addColumn("quarantined_at", ts).execute();
      await db.schema.alterTable("leads").addColumn("spam_reason", "text").execute();
      await db.schema.createIndex("leads_quarantined_at").on("leads").column("quarantined_at").execute();

      // The store of rate-limiter-flexible, in the shape it expects: one row per budget and client,
      // so every server instance on this database draws on the same budget.
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
    },
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    name: "0006_idempotency_keys",
    async up(db, dialect) {
      const ts = timestampType(dialect);
      // One row per estimate request sent with a key, written in the lead's own transaction: the
      // primary key is what makes two copies of one request, racing on two connections or two
      // server instances, store one lead. Deleting the lead deletes its key with it.
      await db.schema
        .createTable("idempotency_keys")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("idempotency_keys_created_at").on("idempotency_keys").column("created_at").execute();
    },
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    name: "0012_quotes",
    async up(db, dialect) {
      const ts = timestampType(dialect);
      // Files made or uploaded at run time that mail attaches by reference (a quote's PDF, the
      // insurance certificate); a lead's go with the lead.
      await db.schema
        .createTable("stored_documents")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("cascade"))
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("data", blobType(dialect), (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("stored_documents_lead").on("stored_documents").column("lead_id").execute();

      // One row: what every written contract must state about the business.
      await db.schema
        .createTable("contract_facts")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("insurer_name", "text", (c) => c.notNull())
        .addColumn("insurer_phone", "text", (c) => c.notNull())
        .addColumn("consumer_affairs_phone", "text", (c) => c.notNull())
        .addColumn("warranty", "text", (c) => c.notNull())
        .addColumn("payment_terms", "text", (c) => c.notNull())
        .addColumn("certificate_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .execute();

      // Each version of a lead's quote. A sent version never changes: a change is a new version,
      // and the one before is marked replaced. Amounts are whole cents.
      await db.schema
        .createTable("quote_versions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c.notNull().check(sql`status in ('draft', 'sent', 'replaced', 'accepted', 'cancelled')`),
        )
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .addColumn("sent_at", ts)
        .addColumn("valid_until", "text")
        .addColumn("token_hash", "text", (c) => c.unique())
        // The public half of a key pair derived from the link's token: the next version's link is
        // sealed to it, so only someone holding this link can read where the new one is.
        .addColumn("forward_key", "text")
        .addColumn("forward_sealed", "text")
        .addColumn("document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
        .addColumn("remind", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("reminded_at", ts)
        .addColumn("accepted_at", ts)
        .addColumn("accepted_name", "text")
        .addColumn("accepted_ip", "text")
        .addColumn("accepted_user_agent", "text")
        .addColumn("accepted_items", "text")
        .addColumn("accepted_total_cents", "integer")
        .addColumn("accepted_sha256", "text")
        .addColumn("accepted_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
        .addColumn("signed_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
        .addColumn("cancel_until", ts)
        .addColumn("cancelled_at", ts)
        .addUniqueConstraint("quote_versions_lead_version", ["lead_id", "version"])
        .execute();
      await db.schema
        .createIndex("quote_versions_status")
        .on("quote_versions")
        .columns(["status", "sent_at"])
        .execute();
    },
  },
  {
    name: "0013_projects",
    async up(db, dialect) {
      const ts = timestampType(dialect);
      const blob = blobType(dialect);
      // Finished jobs the owner shows on the public site. `ever_published` marks a project whose
      // address search engines may know: unpublished, it answers 410 rather than 404.
      await db.schema
        .createTable("projects")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("service", "text", (c) => c.notNull())
        .addColumn("town", "text", (c) => c.notNull())
        .addColumn("finished", "text", (c) => c.notNull())
        .addColumn("story", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'published')`))
        .addColumn("ever_published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lead_id", "text")
        .addColumn("created_at", ts, (c) => c.notNull())
        .addColumn("updated_at", ts, (c) => c.notNull())
        .addColumn("published_at", ts)
        .execute();
      await db.schema.createIndex("projects_status_finished").on("projects").columns(["status", "finished"]).execute();

      // A photo as sent waits in `original` (metadata and all) until the background job has made
      // its AVIF and WebP files; the original is then dropped.
      await db.schema
        .createTable("project_photos")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("upload_key", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.check(sql`label in ('before', 'after')`))
        .addColumn("is_cover", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('waiting', 'ready', 'refused')`))
        .addColumn("original", blob)
        .addColumn("original_format", "text")
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("hash", "text")
        .addColumn("problem", "text")
        // Set by the instance processing it; a crashed instance's claim runs out.
        .addColumn("claimed_until", ts)
        .addColumn("created_at", ts, (c) => c.notNull())
        .addUniqueConstraint("project_photos_upload_key", ["project_id", "upload_key"])
        .execute();
      await db.schema
        .createIndex("project_photos_state")
        .on("project_photos")
        .columns(["state", "created_at"])
        .execute();

      // Each photo's encoded files, named by content hash so they can be cached for a year.
      await db.schema
        .createTable("project_photo_files")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("photo_id", "text", (c) => c.notNull().references("project_photos.id").onDelete("cascade"))
        .addColumn("format", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("data", blob, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("project_photo_files_photo").on("project_photo_files").column("photo_id").execute();

      // The addresses of deleted projects that were public, so they answer 410 and are never reused.
      await db.schema
        .createTable("gone_projects")
        .addColumn("slug", "text", (c) => c.primaryKey())
        .addColumn("gone_at", ts, (c) => c.notNull())
        .execute();
    },
  },
  {
    name: "0014_contract_terms",
    async up(db) {
      // What a version was sent with, copied onto it so a later change to the Site page cannot
      // reach a quote already sent (see quotes/contract-terms.ts for the shape).
      await db.schema.alterTable("quote_versions").addColumn("terms", "text").execute();
      await db.schema
        .alterTable("quote_versions")
        .addColumn("cancellation_document_id", "text", (c) => c.references("stored_documents.id").onDelete("set null"))
        .execute();
      // Versions already sent showed the facts as they are now: those are the ones they keep. The
      // words of their notices were never recorded; their terms leave them out (today's apply).
      const facts = await sql<{
        insurer_name: string;
        insurer_phone: string;
        consumer_affairs_phone: string;
        warranty: string;
        payment_terms: string;
        certificate_document_id: string | null;
      }>`select insurer_name, insurer_phone, consumer_affairs_phone, warranty, payment_terms, certificate_document_id
         from contract_facts where id = 1`.execute(db);
      const row = facts.rows[0];
      if (!row) return;
      const terms = JSON.stringify({
        contractor: {
          legalName: profile.legalName,
          shortName: profile.shortName,
          address: postalAddress(),
          phone: profile.phone.display,
          email: profile.email,
          registration: profile.hicRegistration,
        },
        facts: {
          insurerName: row.insurer_name,
          insurerPhone: row.insurer_phone,
          consumerAffairsPhone: row.consumer_affairs_phone,
          warranty: row.warranty,
          payment: JSON.parse(row.payment_terms) as unknown,
        },
        certificateDocumentId: row.certificate_document_id,
      });
      await sql`update quote_versions set terms = ${terms} where status <> 'draft' and terms is null`.execute(db);
    },
  },
];

async function appliedMigrations(db: MigrationDb): Promise<Set<string>> {
  const result = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  return new Set(result.rows.map((row) => row.name));
}

async function applyPending(db: MigrationDb, dialect: Dialect, list: readonly Migration[]): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at text not null)`.execute(db);
  const applied = await appliedMigrations(db);
  const ran: string[] = [];
  for (const migration of list) {
    if (applied.has(migration.name)) continue;
    await migration.up(db, dialect);
    await sql`insert into schema_migrations (name, applied_at) values (${migration.name}, ${timestamp()})`.execute(db);
    ran.push(migration.name);
  }
  return ran;
}

/**
 * Brings the schema up to date; returns the names of the migrations it applied (none when another
 * process got there first). Safe to call from several processes at once.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  list: readonly Migration[] = migrations,
): Promise<string[]> {
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
      return applyPending(trx, dialect, list);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const ran = await applyPending(connection, dialect, list);
      await sql`commit`.execute(connection);
      return ran;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
