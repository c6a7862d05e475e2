/**
 * The database: an embedded SQLite file by default, PostgreSQL when DATABASE_URL says so.
 *
 * The process keeps one handle, stored on `globalThis` because the server entry and the React Router
 * build each load their own copy of this module (and Vite reloads it in development); two handles on
 * one SQLite file would each keep their own write queue.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { getEnv, type Env } from "~/settings/env.server";
import { describeError, log } from "./log.server";
import { migrateToLatest } from "./migrations.server";
import { ImmediateSqliteDialect } from "./sqlite-dialect.server";
import type { Database } from "./schema.server";

export type Dialect = "sqlite" | "postgres";

/** The driver under Kysely, for libraries that bring their own queries (the rate limiter). */
export type RawClient =
  { dialect: "sqlite"; database: SqliteDatabase.Database } | { dialect: "postgres"; pool: pg.Pool };

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  raw: RawClient;
  close(): Promise<void>;
}

/** How long a SQLite connection waits for another process's write (e.g. `npm run leads --delete`). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "site.db");
}

/** Opens a handle without touching the schema; most callers want `getDatabase()`. */
export function openDatabase(config: Pick<Env, "databaseUrl" | "dataDir">): DatabaseHandle {
  if (config.databaseUrl) {
    // Each lead being stored (one per core at most) holds a connection for its transaction and asks
    // for a second one for the confirmation budgets, so the pool must hold two per core and more.
    const max = Math.max(10, 2 * os.availableParallelism() + 4);
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max, connectionTimeoutMillis: 10_000 });
    // A connection lost while the database restarts must not crash the process. The pool listens
    // only to its idle clients; one checked out between two queries (a transaction awaiting other
    // work) would otherwise raise an unhandled 'error' event. Every client gets a listener of its
    // own, so the pool's own event, emitted for idle clients, needs no second log line.
    pool.on("connect", (client) => {
      client.on("error", (error) => log("warn", "postgres connection lost", { error: describeError(error) }));
    });
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", raw: { dialect: "postgres", pool }, close: () => db.destroy() };
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = new SqliteDatabase(sqliteFile(config.dataDir));
  database.pragma("journal_mode = WAL");
  // FULL: a lead is on disk once we answer "success", even if the machine loses power right after.
  database.pragma("synchronous = FULL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  return { db, dialect: "sqlite", raw: { dialect: "sqlite", database }, close: () => db.destroy() };
}

/** Opens a handle and brings its schema up to date. */
export async function openMigratedDatabase(config: Pick<Env, "databaseUrl" | "dataDir">): Promise<DatabaseHandle> {
  const handle = openDatabase(config);
  try {
    const ran = await migrateToLatest(handle.db, handle.dialect);
    if (ran.length > 0) log("info", "database migrated", { dialect: handle.dialect, migrations: ran });
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

interface SharedDatabase {
  ready: Promise<DatabaseHandle>;
}

const GLOBAL_KEY = "__causewayHomeRepairDatabase";
const shared = globalThis as typeof globalThis & { [GLOBAL_KEY]?: SharedDatabase };

/** The process's database, opened from the configuration and migrated on first use. */
export function getDatabase(): Promise<DatabaseHandle> {
  const existing = shared[GLOBAL_KEY];
  if (existing) return existing.ready;
  const state: SharedDatabase = { ready: openMigratedDatabase(getEnv()) };
  shared[GLOBAL_KEY] = state;
  // A database that was down at start may be back for the next request: do not keep the failure.
  state.ready.catch(() => {
    if (shared[GLOBAL_KEY] === state) shared[GLOBAL_KEY] = undefined;
  });
  return state.ready;
}

/** Closes the process's database; the next `getDatabase()` opens it again from the configuration. */
export async function closeDatabase(): Promise<void> {
  const state = shared[GLOBAL_KEY];
  if (!state) return;
  shared[GLOBAL_KEY] = undefined;
  const handle = await state.ready.catch(() => undefined);
  await handle?.close();
}
