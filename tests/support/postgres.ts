/**
 * A throwaway PostgreSQL cluster for the integration tests: initdb in a temporary directory, a free
 * port on 127.0.0.1, stopped and deleted afterwards. `initdb` refuses to run as root (CI runs as
 * root), so as root the cluster belongs to the `postgres` OS user, created if missing.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./ports";

const run = promisify(execFile);

export interface PostgresCluster {
  /** Connection URL of the cluster's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

async function osUserIds(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const uid = Number((await run("id", ["-u", name])).stdout.trim());
    const gid = Number((await run("id", ["-g", name])).stdout.trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  const existing = await osUserIds("postgres");
  if (existing) return existing;
  try {
    await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
  } catch {
    // The group exists without the user (a half-removed package): join it.
    await run("useradd", [
      "--system",
      "--gid",
      "postgres",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      "postgres",
    ]);
  }
  const created = await osUserIds("postgres");
  if (!created) throw new Error("could not create the postgres OS user");
  return created;
}

/** The PostgreSQL binaries: on PATH, else where Debian's packages put them. */
async function binary(name: string): Promise<string> {
  try {
    await run(name, ["--version"]);
    return name;
  } catch {
    const versions = await fs.readdir("/usr/lib/postgresql").catch(() => [] as string[]);
    for (const version of versions.sort().reverse()) {
      const candidate = path.join("/usr/lib/postgresql", version, "bin", name);
      if (await fs.stat(candidate).catch(() => undefined)) return candidate;
    }
    throw new Error(`${name} not found: install PostgreSQL's server binaries (Debian: postgresql-15)`);
  }
}

export async function startPostgres(): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const initdb = await binary("initdb");
  const pgCtl = await binary("pg_ctl");
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "leads-pg-"));
  const dataDir = path.join(base, "data");
  const logFile = path.join(base, "server.log");
  const as = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", command, ...args], { cwd: base })
      : run(command, args, { cwd: base });

  if (asRoot) {
    const { uid, gid } = await ensurePostgresUser();
    await fs.chown(base, uid, gid);
  }
  // --no-sync and the settings below trade durability for speed: this cluster lives for one test run.
  await as(initdb, ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${base}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  try {
    await as(pgCtl, ["-D", dataDir, "-l", logFile, "-o", settings, "-w", "-t", "60", "start"]);
  } catch (error) {
    const log = await fs.readFile(logFile, "utf8").catch(() => "");
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`);
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await as(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A new, empty database in the cluster at `clusterUrl`; returns its URL. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `leads_test_${process.pid}_${Date.now()}_${counter++}`;
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
