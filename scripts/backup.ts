/**
 * `npm run backup`: a consistent copy of the site's database while the site runs, written to
 * BACKUP_DIR (default DATA_DIR/backups); only the newest BACKUP_KEEP are kept. `--list` shows them.
 * The nightly timer in deploy/causeway-backup.timer runs this. Logic: app/ops/backup.server.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { type Env } from "~/settings/env.server";
import { listBackups, takeBackup } from "~/ops/backup.server";
import { runWhenInvoked, type CommandIo } from "./command";

const HELP = `Usage: npm run backup [-- --list]

  (no options)   back up the database (DATABASE_URL if set, else DATA_DIR/site.db) to a new
                 file in BACKUP_DIR, then delete all but the newest BACKUP_KEEP backups
  --list         list the backups in BACKUP_DIR, oldest first

PostgreSQL is backed up with pg_dump (PG_BIN_DIR, else PATH, else /usr/lib/postgresql/<newest>/bin).
Restore with: npm run restore -- <file>`;

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function runBackupCommand(argv: readonly string[], env: Env, io: CommandIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(HELP);
    return 0;
  }
  const unknown = argv.find((arg) => arg !== "--list");
  if (unknown !== undefined) {
    io.err(`backup: unknown option ${unknown}\n\n${HELP}`);
    return 2;
  }
  if (argv.includes("--list")) {
    const files = listBackups(env.backupDir);
    if (files.length === 0) io.out(`No backups in ${env.backupDir} yet. Take one: npm run backup`);
    for (const file of files) io.out(`${path.basename(file)}  ${megabytes(fs.statSync(file).size)}`);
    return 0;
  }
  const result = await takeBackup(env);
  io.out(`Backed up to ${result.file} (${megabytes(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s).`);
  for (const file of result.pruned) io.out(`Deleted the older backup ${path.basename(file)}.`);
  return 0;
}

await runWhenInvoked(import.meta.url, "backup", runBackupCommand);
