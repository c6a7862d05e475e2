/**
 * `npm run backup`: a consistent copy of the site's database, taken while the site keeps running.
 *
 * SQLite: the online backup API, told to copy every page in one step, so the copy is the database
 * as one read transaction saw it; writers carry on meanwhile (the file is in WAL mode), and a write
 * from the server between steps cannot make it start over and over. PostgreSQL: pg_dump's custom
 * format, which is one snapshot by design, compressed at zlib's fastest level.
 *
 * The copy is written under a temporary name and renamed when complete, so a backup cut short never
 * looks like a good one, and is readable by the site's user only: it holds every lead and photo.
 * After each backup only the newest BACKUP_KEEP are kept; other files in the folder are never touched.
 */
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sqliteFile } from "~/infra/db.server";
import type { Env } from "~/settings/env.server";
import { findPgTool, runPgTool, splitPassword } from "./pg-tools.server";

export type BackupKind = "sqlite" | "pgdump";

const FILE_PATTERN = /^site-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.(sqlite|pgdump)$/;

/** `site-2026-11-23T18-39-01-123Z.sqlite`: sorts by time as text, and says which database it is for. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `site-${at.toISOString().replace(/[:.]/g, "-")}.${kind}`;
}

/** What kind of backup a file name is, or undefined for any other file. */
export function backupKindOf(fileName: string): BackupKind | undefined {
  const match = FILE_PATTERN.exec(path.basename(fileName));
  return match ? (match[2] as BackupKind) : undefined;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups in `dir`; returns the files deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const all = listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) fs.rmSync(file, { force: true });
  return old;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  pruned: string[];
}

type BackupConfig = Pick<Env, "databaseUrl" | "dataDir" | "backupDir" | "backupKeep" | "pgBinDir">;

/**
 * The SQLite file and the -wal and -shm files SQLite may create beside it belong to whoever owns
 * DATA_DIR: run as root (by hand, not through deploy/causeway-command), a command would otherwise
 * leave files the server's user cannot write, and the server would not start.
 *
 * Only regular files are touched, opened without following a link and changed through that open
 * file: DATA_DIR belongs to the site's user, who could otherwise put a link there (`site.db-wal`
 * pointing at /etc/shadow) and have root hand them its target. A link swapped in between the
 * look and the change is refused by the open itself.
 */
export function giveToDataDirOwner(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  let owner: fs.Stats;
  try {
    owner = fs.lstatSync(dataDir);
  } catch {
    return;
  }
  if (!owner.isDirectory()) return;
  for (const suffix of ["", "-wal", "-shm"]) {
    const file = `${sqliteFile(dataDir)}${suffix}`;
    let fd: number;
    try {
      fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    } catch {
      // Missing, or a symbolic link (ELOOP): nothing of ours to hand over.
      continue;
    }
    try {
      if (fs.fstatSync(fd).isFile()) fs.fchownSync(fd, owner.uid, owner.gid);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/**
 * As root, refuses to let SQLite open the database when its file or a -wal, -shm or -journal file
 * beside it is anything but a regular file: SQLite follows a link, and would write through it with
 * root's rights. (The site's user could still swap a link in between this look and SQLite's open;
 * deploy/causeway-command runs the commands as that user, where a link gains nothing.)
 */
export function refuseLinksInDataDir(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    const file = `${sqliteFile(dataDir)}${suffix}`;
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(file);
    } catch {
      continue;
    }
    if (!stats.isFile())
      throw new Error(
        `${file} is not a regular file (a symbolic link?); as root this command will not open it. Run it as the site's user: deploy/causeway-command backup|restore …`,
      );
  }
}

async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}: nothing to back up`);
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // Another process may be writing: wait for its transaction rather than fail.
    database.pragma("busy_timeout = 5000");
    await database.backup(target, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }
}

async function backupPostgres(config: BackupConfig, databaseUrl: string, target: string): Promise<void> {
  const pgDump = findPgTool("pg_dump", config.pgBinDir);
  await runPgTool(
    pgDump,
    [
      "--format=custom",
      // Photos are most of the data and JPEG does not compress; the fastest level still shrinks
      // the hex text a dump writes them as. Measured on 600 photos: level 1 took 10 s for 163 MB,
      // the default level 28 s for 157 MB, none 1.7 s for 280 MB.
      "--compress=1",
      "--no-owner",
      "--no-privileges",
      `--file=${target}`,
      `--dbname=${splitPassword(databaseUrl).url}`,
    ],
    databaseUrl,
  );
}

/**
 * Takes a backup into `config.backupDir` and prunes old ones, unless `prune` is false (a restore's
 * safety copy must not delete the very backup about to be restored).
 */
export async function takeBackup(
  config: BackupConfig,
  { now = new Date(), prune = true }: { now?: Date; prune?: boolean } = {},
): Promise<BackupResult> {
  const started = performance.now();
  fs.mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
  const kind: BackupKind = config.databaseUrl ? "pgdump" : "sqlite";
  const file = path.join(config.backupDir, backupFileName(kind, now));
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  // Created empty first, so the copy is never readable by others, not even while it is written.
  fs.closeSync(fs.openSync(partial, "wx", 0o600));
  try {
    if (config.databaseUrl) await backupPostgres(config, config.databaseUrl, partial);
    else {
      try {
        refuseLinksInDataDir(config.dataDir);
        await backupSqlite(sqliteFile(config.dataDir), partial);
      } finally {
        // A backup cut short may leave the -wal and -shm files it made.
        giveToDataDirOwner(config.dataDir);
      }
    }
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  const pruned = prune ? pruneBackups(config.backupDir, config.backupKeep) : [];
  return { file, bytes: fs.statSync(file).size, ms: performance.now() - started, pruned };
}
