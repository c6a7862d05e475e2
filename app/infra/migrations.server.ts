/**
 * One migration set for SQLite and PostgreSQL, applied in order at start.
 *
 * Kysely's own Migrator does not lock SQLite across processes (the server and `npm run leads` may
 * start together), so this small runner takes the database's own write lock instead: an advisory
 * transaction lock on PostgreSQL, `BEGIN IMMEDIATE` on SQLite. Each migration and its record in
 * `schema_migrations` commit together, so a crash leaves either both or neither.
 */
import { sql, type Kysely } from "kysely";
import type { Dialect } from "./db.server";
import { initial } from "./migrations/0001_initial";
import { quarantineAndRateLimits } from "./migrations/0002_quarantine_and_rate_limits";
import { ownerDesk } from "./migrations/0003_owner_desk";
import { ownerAlerts } from "./migrations/0004_owner_alerts";
import { siteVisits } from "./migrations/0005_site_visits";
import { idempotencyKeys } from "./migrations/0006_idempotency_keys";
import { scheduledRuns } from "./migrations/0008_scheduled_runs";
import { liveSite } from "./migrations/0009_live_site";
import { reviews } from "./migrations/0011_reviews";
import { quotes } from "./migrations/0012_quotes";
import { projects } from "./migrations/0013_projects";
import { contractTerms } from "./migrations/0014_contract_terms";
import { jobs } from "./migrations/0015_jobs";
import { invoices } from "./migrations/0016_invoices";
import { oneLinkPerJob } from "./migrations/0017_one_link_per_job";
import { businessFacts } from "./migrations/0018_business_facts";
import { sentMailWithoutLinks } from "./migrations/0019_sent_mail_without_links";
import { sitePages } from "./migrations/0020_site_pages";
import { movedPages } from "./migrations/0021_moved_pages";
import { pageDrafts } from "./migrations/0022_page_drafts";
import { sitePhotos } from "./migrations/0023_site_photos";
import { watchPlans } from "./migrations/0024_watch_plans";
import { watchVisitResults } from "./migrations/0025_watch_visit_results";
import { watchRepairLeads } from "./migrations/0026_watch_repair_leads";
import { watchStormChecks } from "./migrations/0027_watch_storm_checks";
import { watchPhotos } from "./migrations/0028_watch_photos";
import { watchInvoices } from "./migrations/0029_watch_invoices";
import { ownerNames } from "./migrations/0030_owner_names";
import type { Migration, MigrationDb } from "./migrations/migration";
import { timestamp } from "./schema.server";

export type { Migration, MigrationDb } from "./migrations/migration";

/** Arbitrary, fixed: every instance of this application must use the same number. */
const MIGRATION_LOCK_ID = 7_305_118_442;

/**
 * In the order they apply, each in a file of `migrations/` named as its record in every database's
 * `schema_migrations`, so a name can never change. There is no 0007 or 0010: an old renumbering
 * left those gaps, and closing them would rename migrations that databases have already recorded
 * (which would then run again). New migrations take the next number after the last.
 */
export const migrations: readonly Migration[] = [
  initial,
  quarantineAndRateLimits,
  ownerDesk,
  ownerAlerts,
  siteVisits,
  idempotencyKeys,
  scheduledRuns,
  liveSite,
  reviews,
  quotes,
  projects,
  contractTerms,
  jobs,
  invoices,
  oneLinkPerJob,
  businessFacts,
  sentMailWithoutLinks,
  sitePages,
  movedPages,
  pageDrafts,
  sitePhotos,
  watchPlans,
  watchVisitResults,
  watchRepairLeads,
  watchStormChecks,
  watchPhotos,
  watchInvoices,
  ownerNames,
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
