/**
 * A throwaway PostgreSQL cluster for the integration tests: initdb in a temporary directory, a free
 * port on 127.0.0.1, stopped and deleted afterwards. `initdb` refuses to run as root (CI runs as
 * root), so as root the cluster belongs to the `postgres` OS user, created if missing.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
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

// --no-sync and the settings below trade durability for speed: a cluster lives for one test run.
const INITDB_ARGS = ["-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"];

/**
 * The data folder `initdb` makes, made once per machine and PostgreSQL version in the temporary
 * folder (under a name that changes with either), and copied for each cluster. Made under a name of
 * its own and renamed into place, so a process that finds it finds it whole, and two processes that
 * make it at once both succeed.
 */
async function clusterTemplate(initdb: string, owner: { uid: number; gid: number } | undefined): Promise<string> {
  const version = (await run(initdb, ["--version"])).stdout.trim();
  const key = createHash("sha256")
    .update([version, process.getuid?.() ?? "", ...INITDB_ARGS].join("\n"))
    .digest("hex")
    .slice(0, 12);
  const home = path.join(os.tmpdir(), `site-pg-template-${key}`);
  const template = path.join(home, "data");
  if (await fs.stat(path.join(template, "PG_VERSION")).catch(() => undefined)) return template;
  await fs.mkdir(home, { recursive: true });
  if (owner) await fs.chown(home, owner.uid, owner.gid);
  const making = path.join(home, `making-${process.pid}-${Date.now()}`);
  const args = ["-D", making, ...INITDB_ARGS];
  if (owner) await run("runuser", ["-u", "postgres", "--", initdb, ...args], { cwd: home });
  else await run(initdb, args, { cwd: home });
  try {
    await fs.rename(making, template);
  } catch {
    // Another process put its template in place first: the same cluster, so theirs serves.
    await fs.rm(making, { recursive: true, force: true });
  }
  return template;
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

  const owner = asRoot ? await ensurePostgresUser() : undefined;
  if (owner) await fs.chown(base, owner.uid, owner.gid);
  // A copy of a fresh cluster is that fresh cluster, in a tenth of initdb's time: a run starts a
  // dozen of them.
  const template = await clusterTemplate(initdb, owner);
  await as("cp", ["-a", template, dataDir]);
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
