import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ImmediateSqliteDialect } from "./sqlite-dialect.server";

interface Counter {
  counter: { name: string; value: number };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function openFile(file: string): SqliteDatabase.Database {
  const database = new SqliteDatabase(file);
  database.pragma("journal_mode = WAL");
  // No waiting: the other process's write is either let through or refused on the spot.
  database.pragma("busy_timeout = 0");
  cleanups.push(() => database.close());
  return database;
}

/**
 * A transaction that reads a counter, lets another process try to write the file in between, then
 * writes the counter back: the shape of every "check, then act" in the app.
 */
async function readThenWrite(dialect: (database: SqliteDatabase.Database) => SqliteDialect) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-dialect-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "site.db");
  const db = new Kysely<Counter>({ dialect: dialect(openFile(file)) });
  cleanups.push(() => void db.destroy());
  await sql`create table counter (name text primary key, value integer not null)`.execute(db);
  await db.insertInto("counter").values({ name: "ours", value: 1 }).execute();
  const otherProcess = openFile(file);

  let otherWrite: "landed" | "waited" = "landed";
  const ours = await db
    .transaction()
    .execute(async (trx) => {
      const { value } = await trx
        .selectFrom("counter")
        .select("value")
        .where("name", "=", "ours")
        .executeTakeFirstOrThrow();
      try {
        otherProcess.prepare("insert into counter (name, value) values ('theirs', 1)").run();
      } catch {
        otherWrite = "waited";
      }
      await trx
        .updateTable("counter")
        .set({ value: value + 1 })
        .where("name", "=", "ours")
        .execute();
      return "committed" as const;
    })
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  return { ours, otherWrite };
}

describe("SQLite transactions with another process on the same file", () => {
  it("take the write lock when they begin, so a write between their read and their write waits its turn", async () => {
    expect(await readThenWrite((database) => new ImmediateSqliteDialect({ database }))).toEqual({
      ours: "committed",
      otherWrite: "waited",
    });
  });

  it("would fail on the spot with Kysely's plain BEGIN, which is why the app does not use it", async () => {
    expect(await readThenWrite((database) => new SqliteDialect({ database }))).toEqual({
      ours: "database is locked",
      otherWrite: "landed",
    });
  });
});
