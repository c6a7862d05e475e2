import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMigratedDatabase } from "~/infra/db.server";
import { parseEnv, type Env } from "~/settings/env.server";
import { listBackups, takeBackup } from "./backup.server";
import { checkBackupFile, restoreBackup, RestoreRefused } from "./restore.server";

let dir: string;
let config: Env;
let backup: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-unit-"));
  config = parseEnv({ DATA_DIR: path.join(dir, "data"), BACKUP_DIR: path.join(dir, "backups") });
  const handle = await openMigratedDatabase(config);
  await handle.db
    .insertInto("subscribers")
    .values({ id: "s1", email: "reader@example.com", status: "confirmed", created_at: "2026-01-01T00:00:00.000Z" })
    .execute();
  await handle.close();
  backup = (await takeBackup(config)).file;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function subscribers(): string[] {
  const db = new Database(path.join(config.dataDir, "site.db"), { readonly: true });
  try {
    return (db.prepare("select email from subscribers order by email").all() as { email: string }[]).map(
      (r) => r.email,
    );
  } finally {
    db.close();
  }
}

function variant(name: string, change: (db: Database.Database) => void): string {
  const file = path.join(dir, name);
  fs.copyFileSync(backup, file);
  const db = new Database(file);
  change(db);
  db.close();
  return file;
}

describe("restoreBackup on SQLite", () => {
  it("refuses to replace a database holding data, and with --force keeps a copy of it first", async () => {
    const handle = await openMigratedDatabase(config);
    await handle.db
      .insertInto("subscribers")
      .values({ id: "s2", email: "later@example.com", status: "pending", created_at: "2026-01-02T00:00:00.000Z" })
      .execute();
    await handle.close();

    await expect(restoreBackup(config, backup)).rejects.toThrow(/not empty \(2 subscribers\).*--force/);
    expect(subscribers()).toEqual(["later@example.com", "reader@example.com"]);

    const result = await restoreBackup(config, backup, { force: true });
    expect(subscribers()).toEqual(["reader@example.com"]);
    expect(result.rows).toEqual({ subscribers: 1 });
    // The copy of what was replaced is a backup like any other, and the restored file is still there.
    expect(listBackups(config.backupDir)).toEqual([backup, result.safetyBackup].sort());
  });

  it("restores into a folder with no database", async () => {
    fs.rmSync(config.dataDir, { recursive: true });
    const result = await restoreBackup(config, backup);
    expect(result.safetyBackup).toBeUndefined();
    expect(subscribers()).toEqual(["reader@example.com"]);
  });

  it.skipIf(process.getuid?.() !== 0)("run as root, leaves the new database to DATA_DIR's owner", async () => {
    fs.rmSync(config.dataDir, { recursive: true });
    fs.mkdirSync(config.dataDir);
    const nobody = 65534;
    fs.chownSync(config.dataDir, nobody, nobody);
    await restoreBackup(config, backup);
    for (const name of fs.readdirSync(config.dataDir))
      expect(fs.statSync(path.join(config.dataDir, name)).uid, name).toBe(nobody);
    expect(fs.readdirSync(config.dataDir)).toContain("site.db");
  });

  it.each([
    [
      "a file that is not a backup",
      () => {
        fs.writeFileSync(path.join(dir, "notes.sqlite"), "hello");
        return path.join(dir, "notes.sqlite");
      },
      /neither a SQLite backup nor a pg_dump/,
    ],
    ["a missing file", () => path.join(dir, "nothing.sqlite"), /no file/],
    [
      "another program's SQLite file",
      () => variant("other.sqlite", (db) => db.exec("drop table schema_migrations")),
      /not this site's/,
    ],
    [
      "a backup from a newer release",
      () =>
        variant("newer.sqlite", (db) => db.exec("insert into schema_migrations values ('9999_from_the_future', 'x')")),
      /newer release.*9999_from_the_future/,
    ],
  ])("refuses %s before touching the database", async (_label, make, message) => {
    fs.rmSync(config.dataDir, { recursive: true });
    await expect(restoreBackup(config, make())).rejects.toThrow(message);
    expect(fs.existsSync(config.dataDir)).toBe(false);
  });

  it("refuses a damaged copy", async () => {
    const damaged = path.join(dir, "damaged.sqlite");
    const bytes = fs.readFileSync(backup);
    // Scribble over the pages after the first: the header still says SQLite.
    bytes.fill(0xa5, 4096 * 2, 4096 * 6);
    fs.writeFileSync(damaged, bytes);
    await expect(checkBackupFile(config, damaged)).rejects.toThrow(RestoreRefused);
    await expect(checkBackupFile(config, damaged)).rejects.toThrow(/damaged|malformed|not this site's/);
  });

  it("refuses a backup meant for the other database", async () => {
    const pgConfig = parseEnv({ DATA_DIR: config.dataDir, DATABASE_URL: "postgres://site@127.0.0.1:1/site" });
    await expect(checkBackupFile(pgConfig, backup)).rejects.toThrow(/SQLite backup, but DATABASE_URL/);
    const dump = path.join(dir, "site.pgdump");
    fs.writeFileSync(dump, "PGDMP\x01\x0f\x00");
    await expect(checkBackupFile(config, dump)).rejects.toThrow(/PostgreSQL backup: set DATABASE_URL/);
  });
});
