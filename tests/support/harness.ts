/**
 * Runs the server's back end the way the server does (environment variables, then
 * `startBackgroundWork()`), against SQLite in a temporary DATA_DIR or a fresh PostgreSQL database,
 * with a real SMTP server on loopback.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { getDatabase } from "~/infra/db.server";
import { getEnv, resetEnv, type Env } from "~/settings/env.server";
import { backgroundWorkReady, startBackgroundWork, stopBackgroundWork } from "~/server/background.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { dayOf } from "~/time/business-time";
import { readMailFiles } from "./delivered-mail";
import { createTestDatabase } from "./postgres";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

export type Backend = "sqlite" | "postgres";
const ALL_BACKENDS: readonly Backend[] = ["sqlite", "postgres"];

/**
 * The backends the suites run on: both, or the one TEST_BACKEND names, to run one backend's suites
 * alone (`TEST_BACKEND=sqlite npx vitest run --project integration`); files that name their backends
 * themselves keep them. A name it does not know stops the run rather than testing nothing.
 */
export function selectedBackends(name: string | undefined): readonly Backend[] {
  if (!name) return ALL_BACKENDS;
  const chosen = ALL_BACKENDS.find((backend) => backend === name);
  if (!chosen)
    throw new Error(`TEST_BACKEND is "${name}": it names one of ${ALL_BACKENDS.join(", ")}, or is unset for both`);
  return [chosen];
}

export const backends: readonly Backend[] = selectedBackends(process.env.TEST_BACKEND);

export const LEADS_TO = "owner@causeway.test";
export const MAIL_FROM = "Causeway Home Repair <estimates@causeway.test>";
export const SITE_URL = "https://site.causeway.test";

export interface HarnessOptions {
  /** Start the mail worker (default true). */
  worker?: boolean;
  /** Give the worker an SMTP server (default true); without one it writes .eml files. */
  smtp?: boolean;
  retryBaseMs?: number;
  /** MAIL_MAX_ATTACHMENTS_MB; unset by default (the configuration's default applies). */
  maxAttachmentsMb?: number;
  /** NODE_ENV; "test" by default. */
  nodeEnv?: string;
  /** LOG_LEVEL; TEST_LOG_LEVEL or "error" by default, so that error lines reach the console trap. */
  logLevel?: string;
}

export interface Harness {
  backend: Backend;
  env: Env;
  dataDir: string;
  /** Present unless started with `smtp: false`. */
  smtp: TestSmtpServer;
  db(): Promise<Kysely<Database>>;
  /**
   * Empties every table but the migrations' record and `app_meta` (the keys the site made for
   * itself at first start), the SMTP inbox and the mail files, between tests.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const VARIABLES = [
  "DATA_DIR",
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_RETRY_BASE_MS",
  "LEADS_TO",
  "MAIL_FROM",
  "SITE_URL",
  "LOG_LEVEL",
  "MAIL_MAX_ATTACHMENTS_MB",
  "NODE_ENV",
] as const;

export async function startHarness(backend: Backend, options: HarnessOptions = {}): Promise<Harness> {
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `leads-${backend}-`));
  readMailFiles(dataDir);
  const smtp = await startSmtpServer();
  const settings: Record<(typeof VARIABLES)[number], string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: backend === "postgres" ? await createTestDatabase(inject("postgresUrl")) : "",
    SMTP_URL: options.smtp === false ? "" : smtp.url,
    MAIL_RETRY_BASE_MS: String(options.retryBaseMs ?? 200),
    LEADS_TO,
    MAIL_FROM,
    SITE_URL,
    LOG_LEVEL: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "error",
    MAIL_MAX_ATTACHMENTS_MB: options.maxAttachmentsMb === undefined ? "" : String(options.maxAttachmentsMb),
    NODE_ENV: options.nodeEnv ?? "test",
  };
  Object.assign(process.env, settings);
  resetEnv();
  if (options.worker === false) await getDatabase();
  else {
    startBackgroundWork();
    await backgroundWorkReady();
  }

  const db = async () => (await getDatabase()).db;
  return {
    backend,
    env: getEnv(),
    dataDir,
    smtp,
    db,
    async reset() {
      const handle = await db();
      smtp.refuseWith(null);
      smtp.limitMessageSize(null);
      await smtp.start();
      // Let the previous test's mail go out first, or it would land in the next test's inbox. Mail
      // a test queued for later is not going out, and is deleted below.
      if (options.worker !== false)
        await eventually(
          async () =>
            (await handle
              .selectFrom("outbox")
              .select("id")
              .where("status", "in", ["pending", "sending"])
              .where("next_attempt_at", "<=", timestamp(new Date(Date.now() + 60_000)))
              .executeTakeFirst()) === undefined,
          20_000,
        );
      if (options.worker === false) await emptyTables(handle, backend);
      else await emptyTablesKeepingTodaysDigest(handle, backend);
      await fs.rm(path.join(dataDir, "outbox"), { recursive: true, force: true });
      smtp.clear();
    },
    async close() {
      await stopBackgroundWork();
      await smtp.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnv();
    },
  };
}

/** Tables a reset keeps: the schema's own record, and the secrets and keys the site made at first start. */
export const KEPT_TABLES: readonly string[] = ["schema_migrations", "app_meta"];

/** Every table in the database, read from its catalog, so a table added by a migration is included. */
export async function databaseTables(db: Kysely<Database>, backend: Backend): Promise<string[]> {
  const rows =
    backend === "postgres"
      ? await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

/** Deletes every row of every table but `KEPT_TABLES`; a table others refer to is emptied after them. */
async function emptyTables(db: Kysely<Database>, backend: Backend, alsoKept: readonly string[] = []): Promise<void> {
  let left = (await databaseTables(db, backend)).filter(
    (table) => !KEPT_TABLES.includes(table) && !alsoKept.includes(table),
  );
  while (left.length > 0) {
    const blocked: string[] = [];
    for (const table of left) {
      try {
        await sql`delete from ${sql.table(table)}`.execute(db);
      } catch {
        blocked.push(table);
      }
    }
    if (blocked.length === left.length) throw new Error(`could not empty ${blocked.join(", ")}`);
    left = blocked;
  }
}

/**
 * The background work runs the morning digest on the real clock: between 7:00 and noon in New
 * Jersey it would email every owner a test made, in the middle of tests about other mail. So
 * today's digest stays claimed (as sent) across resets; never deleted, so no tick can slip in
 * between. Tests of the digest give the scheduler a clock of their own, on other days.
 */
async function emptyTablesKeepingTodaysDigest(db: Kysely<Database>, backend: Backend): Promise<void> {
  const today = dayOf(new Date());
  await db
    .insertInto("digest_days")
    .values({ day: today, claimed_at: timestamp() })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  await emptyTables(db, backend, ["digest_days"]);
  await db.deleteFrom("digest_days").where("day", "<>", today).execute();
}

/** Polls until `check` returns something truthy. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function tableCounts(db: Kysely<Database>) {
  const count = async (table: keyof Database) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    leads: await count("leads"),
    photos: await count("lead_photos"),
    outbox: await count("outbox"),
    subscribers: await count("subscribers"),
    quarantined: Number(
      (
        await db
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("quarantined_at", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

/**
 * A harness for the enclosing `describe` block: started before its tests, reset before each one,
 * closed after them. Call the returned function inside a test to reach it.
 */
export function useHarness(backend: Backend, options: HarnessOptions = {}): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(backend, options);
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await harness?.reset();
  });
  return () => {
    if (!harness) throw new Error("the harness has not started");
    return harness;
  };
}
