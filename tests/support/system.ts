/**
 * The set-up the system tests share: a PostgreSQL cluster, and the servers a test starts, stopped
 * after it in the reverse order (a restarted server shares its predecessor's data).
 */
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { Kysely } from "kysely";
import { openMigratedDatabase } from "~/infra/db.server";
import type { Database } from "~/infra/schema.server";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { signedInOwner } from "./owner";
import { createTestDatabase, startPostgres, type PostgresCluster } from "./postgres";

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Call in the file's body; the returned function gives the cluster inside a test. That is the run's
 * cluster where the project starts one (tests/support/global-setup.ts), else one for this file.
 * Every test makes a database of its own in it, so files share nothing else.
 */
export function postgresForThisFile(): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    const shared = inject("postgresUrl");
    // The run's cluster outlives the file: global-setup stops it.
    cluster = shared ? { url: shared, stop: async () => undefined } : await startPostgres();
  }, 120_000);
  afterAll(async () => cluster?.stop());
  return () => {
    if (!cluster) throw new Error("the PostgreSQL cluster has not started");
    return cluster;
  };
}

/** Call in the file's body; what is handed to the returned function is stopped after each test. */
export function stopAfterEachTest(): <T extends Stoppable>(item: T) => T {
  const running: Stoppable[] = [];
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.stop();
  });
  return (item) => {
    running.push(item);
    return item;
  };
}

export interface BuiltSite {
  servers: BuiltServer[];
  /** Each server's origin, at localhost as the desk's passkeys want. */
  origins: string[];
  db: Kysely<Database>;
  /** A signed-in owner's session cookie (pat@causeway.test). */
  cookie: string;
}

/**
 * Call in the file's body: one built server on SQLite, with a signed-in owner, for the whole file,
 * stopped after its last test. Each test reads what is stored, never what another left running.
 */
export function oneSqliteSiteForThisFile(): () => BuiltSite {
  const running: Stoppable[] = [];
  let site: BuiltSite | undefined;
  beforeAll(async () => {
    const start = builtSites(
      (item) => {
        running.push(item);
        return item;
      },
      () => {
        throw new Error("this file runs on SQLite only");
      },
    );
    site = await start("sqlite");
  }, 120_000);
  afterAll(async () => {
    for (const item of running.splice(0).reverse()) await item.stop();
  });
  return () => {
    if (!site) throw new Error("the file's server starts before its tests");
    return site;
  };
}

/**
 * Call in the file's body; the returned function starts the built server (or several instances on
 * one PostgreSQL database) with a signed-in owner, all stopped after the test.
 */
export function builtSites(
  stopAfterTest: <T extends Stoppable>(item: T) => T,
  postgres: () => PostgresCluster,
): (backend: "sqlite" | "postgres", instances?: number) => Promise<BuiltSite> {
  return async (backend, instances = 1) => {
    const databaseUrl = backend === "postgres" ? await createTestDatabase(postgres().url) : undefined;
    // Each keeps its log, for a test that reads what the server wrote (no token, say).
    const first = stopAfterTest(
      await startBuiltServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, { keepLog: true }),
    );
    const servers = [first];
    for (let n = 1; n < instances; n++)
      servers.push(stopAfterTest(await startBuiltServer({ DATABASE_URL: databaseUrl ?? "" }, { keepLog: true })));
    const handle = await openMigratedDatabase({ dataDir: first.dataDir, databaseUrl });
    stopAfterTest({ stop: () => handle.close() });
    const origins = servers.map((s) => s.origin.replace("127.0.0.1", "localhost"));
    const { cookie } = await signedInOwner(handle.db, origins[0] ?? "");
    return { servers, origins, db: handle.db, cookie };
  };
}

/**
 * Polls `check` every 25 ms until it holds; returns how long that took, for the figures a test
 * prints (a change reaching another instance), and fails past `timeoutMs`.
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Runs a test's write to the server's database while the server's own jobs run: on SQLite, a
 * transaction that read before another process wrote must start again, as a second instance would.
 */
export async function whileServerRuns<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 20 || !/database is locked|SQLITE_BUSY/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A request to the site as a browser without JavaScript sends it: a GET, or with `body` a form
 * post, with `headers` (a session cookie, an Origin), never following a redirect.
 */
export function sendTo(origin: string) {
  return (path: string, body?: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers,
      body: body ? new URLSearchParams(body) : undefined,
    });
}

/**
 * The page a desk form's redirect leads to, read as a browser would: the answer rides to it in the
 * sealed cookie the redirect sets.
 */
export async function followAnswer(site: BuiltSite, answer: Response): Promise<string> {
  const location = answer.headers.get("location") ?? "";
  const carried = (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const page = await fetch(`${site.origins[0] ?? ""}${location}`, {
    headers: { cookie: carried ? `${site.cookie}; ${carried}` : site.cookie },
  });
  return page.text();
}
