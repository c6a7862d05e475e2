/**
 * `npm run restore`: puts a backup made by `npm run backup` back as the site's database.
 *
 * The file is checked before anything is touched: a SQLite copy must pass `PRAGMA integrity_check`
 * and hold the site's schema_migrations table; a PostgreSQL dump must be readable by
 * `pg_restore --list` and hold the same table. Neither may come from a newer release than this code
 * (its schema would have migrations this code does not know).
 *
 * A database that already holds leads, subscribers or owners is not overwritten unless asked
 * (`--force`), and then a backup of it is taken first, so a restore of the wrong file can itself be
 * undone. SQLite is restored through the online backup API into the live file, in one step, so
 * nothing ever sees half of it; PostgreSQL's tables are dropped and pg_restore recreates them in
 * one transaction.
 *
 * Stop the server first: it would otherwise keep serving from what it had cached (the mail
 * worker's queue, a session just checked) and may write into the old data while the restore runs.
 */
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { openDatabase, sqliteFile, type DatabaseHandle } from "~/infra/db.server";
import type { Env } from "~/settings/env.server";
import { migrations } from "~/infra/migrations.server";
import { giveToDataDirOwner, refuseLinksInDataDir, takeBackup } from "./backup.server";
import { findPgTool, runPgTool, splitPassword } from "./pg-tools.server";

type RestoreConfig = Pick<Env, "databaseUrl" | "dataDir" | "backupDir" | "backupKeep" | "pgBinDir">;

export class RestoreRefused extends Error {}

export interface CheckedBackup {
  kind: "sqlite" | "pgdump";
  /** Migrations recorded in the backup (SQLite only; a dump's rows are not read before restoring). */
  migrations?: string[];
}

const SQLITE_MAGIC = "SQLite format 3\0";
const PGDUMP_MAGIC = "PGDMP";
/** Tables that hold nothing of the business's: their rows come back by themselves. */
const HOUSEKEEPING_TABLES = new Set(["schema_migrations", "app_meta", "rate_limits", "live_version"]);

function fileKind(file: string): CheckedBackup["kind"] | undefined {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1") === SQLITE_MAGIC) return "sqlite";
  if (head.subarray(0, PGDUMP_MAGIC.length).toString("latin1") === PGDUMP_MAGIC) return "pgdump";
  return undefined;
}

function refuseUnknownMigrations(names: readonly string[]): void {
  const known = new Set(migrations.map((m) => m.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `the backup was made by a newer release (it has migrations this code does not know: ${unknown.join(", ")}); restore it with that release`,
    );
}

function checkSqliteBackup(file: string): string[] {
  let database: SqliteDatabase.Database;
  try {
    database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused(`${file} cannot be opened as SQLite: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (database.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (error) {
      throw new RestoreRefused(`${file} is damaged: ${(error as Error).message}`);
    }
    if (problems.join() !== "ok") throw new RestoreRefused(`${file} is damaged: ${problems.slice(0, 3).join("; ")}`);
    const table = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'")
      .get();
    if (!table) throw new RestoreRefused(`${file} is a SQLite database, but not this site's (no schema_migrations)`);
    const names = (
      database.prepare("select name from schema_migrations order by name").all() as { name: string }[]
    ).map((r) => r.name);
    refuseUnknownMigrations(names);
    return names;
  } finally {
    database.close();
  }
}

async function checkPgDump(config: RestoreConfig, file: string): Promise<void> {
  const pgRestore = findPgTool("pg_restore", config.pgBinDir);
  let listing: string;
  try {
    listing = (await runPgTool(pgRestore, ["--list", file], undefined)).stdout;
  } catch (error) {
    throw new RestoreRefused(`${file} is not a readable pg_dump archive: ${(error as Error).message}`);
  }
  if (!/\bTABLE DATA \S+ schema_migrations\b/.test(listing))
    throw new RestoreRefused(`${file} is a pg_dump archive, but not of this site's database (no schema_migrations)`);
}

/** Checks `file` is a backup this code can restore into the configured database; touches nothing. */
export async function checkBackupFile(config: RestoreConfig, file: string): Promise<CheckedBackup> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefused(`no file at ${file}`);
  const kind = fileKind(file);
  if (!kind) throw new RestoreRefused(`${file} is neither a SQLite backup nor a pg_dump archive`);
  if (kind === "sqlite" && config.databaseUrl)
    throw new RestoreRefused(`${file} is a SQLite backup, but DATABASE_URL points at PostgreSQL`);
  if (kind === "pgdump" && !config.databaseUrl)
    throw new RestoreRefused(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into`);
  if (kind === "sqlite") return { kind, migrations: checkSqliteBackup(file) };
  await checkPgDump(config, file);
  return { kind };
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const result =
    handle.dialect === "postgres"
      ? await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(handle.db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db);
  return result.rows.map((r) => r.name);
}

async function rowCount(db: Kysely<unknown>, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** Rows per table of the business's data (leads, photos, subscribers, owners…), empty tables left out. */
export async function dataRows(config: Pick<Env, "databaseUrl" | "dataDir">): Promise<Record<string, number>> {
  if (!config.databaseUrl && !fs.existsSync(sqliteFile(config.dataDir))) return {};
  const handle = openDatabase(config);
  try {
    const counts: Record<string, number> = {};
    for (const table of (await tableNames(handle)).sort()) {
      if (HOUSEKEEPING_TABLES.has(table)) continue;
      const n = await rowCount(handle.db as Kysely<unknown>, table);
      if (n > 0) counts[table] = n;
    }
    return counts;
  } finally {
    await handle.close();
  }
}

async function restoreSqlite(config: RestoreConfig, file: string): Promise<void> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(sqliteFile(config.dataDir), { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  giveToDataDirOwner(config.dataDir);
}

async function restorePostgres(config: RestoreConfig, databaseUrl: string, file: string): Promise<void> {
  const pgRestore = findPgTool("pg_restore", config.pgBinDir);
  const handle = openDatabase(config);
  try {
    // The restored schema is the backup's, whole: tables a later release added are dropped too, or
    // their migrations would find them already there and stop the server at start.
    await handle.db.transaction().execute(async (trx) => {
      for (const table of await tableNames({ ...handle, db: trx }))
        await sql`drop table if exists ${sql.table(table)} cascade`.execute(trx);
    });
  } finally {
    await handle.close();
  }
  await runPgTool(
    pgRestore,
    [
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${splitPassword(databaseUrl).url}`,
      file,
    ],
    databaseUrl,
  );
}

export interface RestoreResult {
  kind: CheckedBackup["kind"];
  /** The backup of what was there before, when something was. */
  safetyBackup?: string;
  /** Rows per table after the restore, empty tables left out. */
  rows: Record<string, number>;
}

/** Checks `file`, then makes it the site's database. Throws RestoreRefused when it will not. */
export async function restoreBackup(
  config: RestoreConfig,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const checked = await checkBackupFile(config, file);
  if (!config.databaseUrl)
    try {
      refuseLinksInDataDir(config.dataDir);
    } catch (error) {
      throw new RestoreRefused((error as Error).message);
    }
  const existing = await dataRows(config);
  let safetyBackup: string | undefined;
  if (Object.keys(existing).length > 0) {
    if (!options.force)
      throw new RestoreRefused(
        `the database is not empty (${Object.entries(existing)
          .map(([table, n]) => `${n} ${table}`)
          .join(", ")}); add --force to replace it (a backup of it is taken first)`,
      );
    safetyBackup = (await takeBackup(config, { prune: false })).file;
  }
  if (checked.kind === "sqlite") await restoreSqlite(config, path.resolve(file));
  else await restorePostgres(config, config.databaseUrl ?? "", path.resolve(file));
  return { kind: checked.kind, safetyBackup, rows: await dataRows(config) };
}
