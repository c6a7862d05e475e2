/**
 * PostgreSQL's own client programs (pg_dump, pg_restore), found and run for the backup commands.
 *
 * Which copy: PG_BIN_DIR when set; else the one on PATH; else the newest under Debian's
 * /usr/lib/postgresql/<version>/bin. pg_dump refuses a server newer than itself, so a machine
 * with several versions installed should name the one matching the server in PG_BIN_DIR.
 *
 * The password never goes on the command line, where any user of the machine could read it in the
 * process list: it is handed over in PGPASSWORD, which only the same user can see.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type PgTool = "pg_dump" | "pg_restore";

const DEBIAN_POSTGRES_DIR = "/usr/lib/postgresql";

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The program's path, or an error saying where it was looked for. */
export function findPgTool(
  name: PgTool,
  pgBinDir: string | undefined,
  searchPath: string = process.env.PATH ?? "",
  debianDir: string = DEBIAN_POSTGRES_DIR,
): string {
  if (pgBinDir) {
    const file = path.join(pgBinDir, name);
    if (isExecutable(file)) return file;
    throw new Error(`${name} is not in PG_BIN_DIR (${pgBinDir})`);
  }
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  const versions = fs.existsSync(debianDir) ? fs.readdirSync(debianDir).filter((v) => /^\d+$/.test(v)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const file = path.join(debianDir, version, "bin", name);
    if (isExecutable(file)) return file;
  }
  throw new Error(
    `${name} not found on PATH or under ${debianDir}: install PostgreSQL's client programs (Debian: postgresql-client) or set PG_BIN_DIR`,
  );
}

/** The connection URL without its password, and the password apart. */
export function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { url: url.toString(), password };
}

export interface PgToolRun {
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL program against `databaseUrl`; rejects with its error output when it fails. */
export function runPgTool(
  file: string,
  args: readonly string[],
  databaseUrl: string | undefined,
  maxBuffer = 64 * 1024 * 1024,
): Promise<PgToolRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (databaseUrl) {
    const { password } = splitPassword(databaseUrl);
    if (password !== undefined) env.PGPASSWORD = password;
  }
  return new Promise((resolve, reject) => {
    execFile(file, [...args], { env, maxBuffer }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(file)} failed: ${stderr.trim() || error.message}`));
      else resolve({ stdout, stderr });
    });
  });
}
