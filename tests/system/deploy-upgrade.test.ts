/**
 * Upgrades: a database made by the previous release (tests/fixtures/previous-release, committed)
 * is migrated by this code, on SQLite and on PostgreSQL, and keeps every row it had; the upgraded
 * site serves its lead. And migrations started by several processes at the same moment run once.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase, openMigratedDatabase } from "~/infra/db.server";
import { migrateToLatest, migrations } from "~/infra/migrations.server";
import { startBuiltServer } from "../support/built-server";
import { createTestDatabase } from "../support/postgres";
import { postgresForThisFile, stopAfterEachTest } from "../support/system";
import { signedInOwner } from "../support/owner";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const fixtures = path.resolve(import.meta.dirname, "../fixtures/previous-release");
const FIXTURE_LEAD = "0b9c6a6e-5f0e-4d43-9b7a-2f0f0c1d0001";
/** The owner the previous release's database holds (tests/fixtures/previous-release/make.ts). */
const FIXTURE_OWNER_EMAIL = "pat@causewayhomerepair.example";

type Row = Record<string, unknown>;
type Tables = Map<string, Row[]>;

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-upgrade-"));
  stopAfterTest({ stop: async () => fs.rmSync(dir, { recursive: true, force: true }) });
  return dir;
}

/** Every row of every table, each table's rows in a stable order. */
async function readAll(query: (text: string) => Promise<Row[]>, tables: string[]): Promise<Tables> {
  const all: Tables = new Map();
  for (const table of tables) {
    const rows = await query(`select * from ${table}`);
    all.set(
      table,
      rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
  }
  return all;
}

/** Tables whose later migrations add rows of their own: each applied migration, and the keys they make. */
const GROWN_BY_MIGRATIONS = new Set(["schema_migrations", "app_meta"]);

/** Each row of `before` is in `after` with the same values (columns added since may hold anything). */
function expectKept(before: Tables, after: Tables): void {
  for (const [table, rows] of before) {
    expect(rows.length, `${table} has rows in the fixture`).toBeGreaterThan(0);
    const now = after.get(table) ?? [];
    // Sorted again once projected: columns added since must not change the order compared.
    const projected = now
      .map((row) => Object.fromEntries(Object.keys(rows[0] ?? {}).map((key) => [key, row[key]])))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (GROWN_BY_MIGRATIONS.has(table)) {
      for (const row of rows) expect(projected, table).toContainEqual(row);
    } else {
      expect(projected, table).toEqual(rows);
    }
  }
}

const allMigrations = migrations.map((m) => m.name).sort();

describe("the previous release's database", () => {
  it("on SQLite: migrates to this release, keeps every row, and the site serves its lead", async () => {
    const dataDir = tempDir();
    fs.copyFileSync(path.join(fixtures, "site.db"), path.join(dataDir, "site.db"));
    const file = new Database(path.join(dataDir, "site.db"));
    const query = async (text: string) => file.prepare(text).all() as Row[];
    const tables = (
      file.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    const before = await readAll(query, tables);
    file.close();
    expect([...before.keys()].sort()).toContain("schema_migrations");

    const handle = await openMigratedDatabase({ dataDir, databaseUrl: undefined });
    let cookie: string;
    try {
      const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(handle.db);
      expect(applied.rows.map((row) => row.name)).toEqual(allMigrations);
      // A second start finds nothing to do.
      expect(await migrateToLatest(handle.db, "sqlite")).toEqual([]);
      ({ cookie } = await signedInOwner(handle.db, "http://127.0.0.1", { email: FIXTURE_OWNER_EMAIL }));
    } finally {
      await handle.close();
    }
    const reopened = new Database(path.join(dataDir, "site.db"), { readonly: true });
    const after = await readAll(async (text) => reopened.prepare(text).all() as Row[], tables);
    reopened.close();
    expectKept(new Map([...before].filter(([table]) => table !== "owner_sessions")), after);
    // The session just started is the one row added.
    expect(after.get("owner_sessions")).toHaveLength((before.get("owner_sessions")?.length ?? 0) + 1);

    const site = stopAfterTest(await startBuiltServer({ DATA_DIR: dataDir }));
    const page = await fetch(`${site.origin}/owner/leads/${FIXTURE_LEAD}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Maria Keller");
    expect(html).toContain("Called back; visit on Thursday.");
  }, 60_000);

  it("on PostgreSQL: migrates to this release and keeps every row", async () => {
    const databaseUrl = await createTestDatabase(postgres().url);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    stopAfterTest({ stop: () => client.end() });
    await client.query(fs.readFileSync(path.join(fixtures, "postgres.sql"), "utf8"));
    // The dump empties search_path for its own statements; this session goes back to the default.
    await client.query("set search_path to default");
    const tables = (
      await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")
    ).rows.map((row) => row.name);
    const query = async (text: string) => (await client.query<Row>(text)).rows;
    const before = await readAll(query, tables);

    const handle = await openMigratedDatabase({ dataDir: tempDir(), databaseUrl });
    try {
      const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(handle.db);
      expect(applied.rows.map((row) => row.name)).toEqual(allMigrations);
    } finally {
      await handle.close();
    }
    expectKept(before, await readAll(query, tables));
  }, 60_000);
});

describe("migrations started at the same moment", () => {
  it("on SQLite run once when four commands open a new database together", async () => {
    const dataDir = tempDir();
    // Separate processes, as the server and the owner's commands are: the SQLite driver waits for a
    // lock synchronously, so two handles in one process would wait on each other.
    const codes = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<number | null>((resolve) => {
            const child = spawn(process.execPath, [tsx, "scripts/owner.ts", "list"], {
              cwd: root,
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
              stdio: "ignore",
            });
            child.on("exit", resolve);
          }),
      ),
    );
    expect(codes).toEqual([0, 0, 0, 0]);
    const file = new Database(path.join(dataDir, "site.db"), { readonly: true });
    try {
      const names = (file.prepare("select name from schema_migrations").all() as { name: string }[]).map((r) => r.name);
      expect(names.sort()).toEqual(allMigrations);
    } finally {
      file.close();
    }
  }, 60_000);

  it("on PostgreSQL run once, whichever connection gets the lock first", async () => {
    const databaseUrl = await createTestDatabase(postgres().url);
    const handles = Array.from({ length: 4 }, () => openDatabase({ dataDir: os.tmpdir(), databaseUrl }));
    try {
      const ran = await Promise.all(handles.map((handle) => migrateToLatest(handle.db, handle.dialect)));
      // One of them applied every migration; the others found them applied.
      expect(ran.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, 0, 0, migrations.length]);
      const [first] = handles;
      if (!first) throw new Error("no handle");
      const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(first.db);
      expect(applied.rows.map((row) => row.name).sort()).toEqual(allMigrations);
    } finally {
      for (const handle of handles) await handle.close();
    }
  }, 60_000);
});
