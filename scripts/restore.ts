/**
 * `npm run restore -- <file> [--force]`: makes a backup from `npm run backup` the site's database.
 * The file is checked first; a database holding data is replaced only with --force, after a backup
 * of it. Stop the server before, start it after. Logic: app/ops/restore.server.ts.
 */
import path from "node:path";
import { type Env } from "~/settings/env.server";
import { restoreBackup, RestoreRefused } from "~/ops/restore.server";
import { runWhenInvoked, type CommandIo } from "./command";

const HELP = `Usage: npm run restore -- <file> [--force]

  <file>    a backup written by npm run backup (a .sqlite copy or a .pgdump archive)
  --force   replace a database that already holds leads, subscribers or owners; a backup of
            it is taken first, into BACKUP_DIR

Stop the server first (systemctl stop causeway), and start it again afterwards: it brings an older
backup's schema up to date as it starts. The file is checked before anything is changed.`;

export async function runRestoreCommand(
  argv: readonly string[],
  env: Env,
  io: CommandIo,
  cwd: string = process.cwd(),
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(HELP);
    return 0;
  }
  const force = argv.includes("--force");
  const unknown = argv.find((arg) => arg.startsWith("-") && arg !== "--force");
  const files = argv.filter((arg) => !arg.startsWith("-"));
  if (unknown !== undefined || files.length !== 1) {
    io.err(`restore: ${unknown ? `unknown option ${unknown}` : "name one backup file"}\n\n${HELP}`);
    return 2;
  }
  const file = path.resolve(cwd, files[0] ?? "");
  try {
    const result = await restoreBackup(env, file, { force });
    if (result.safetyBackup) io.out(`What was there before is saved in ${result.safetyBackup}.`);
    const rows = Object.entries(result.rows).map(([table, n]) => `${n} ${table}`);
    io.out(`Restored ${path.basename(file)}: ${rows.length > 0 ? rows.join(", ") : "no rows"}.`);
    io.out("Start the server again; it brings the schema up to date if the backup is older.");
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    io.err(`restore: nothing was changed: ${error.message}`);
    return 1;
  }
}

await runWhenInvoked(import.meta.url, "restore", runRestoreCommand);
