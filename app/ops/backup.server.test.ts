import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openMigratedDatabase } from "~/infra/db.server";
import { parseEnv } from "~/settings/env.server";
import {
  backupFileName,
  backupKindOf,
  giveToDataDirOwner,
  listBackups,
  pruneBackups,
  takeBackup,
} from "./backup.server";
import { restoreBackup, RestoreRefused } from "./restore.server";
import { findPgTool, splitPassword } from "./pg-tools.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-unit-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("backup file names", () => {
  it("sort by the time they were taken and name the database kind", () => {
    const names = [
      backupFileName("sqlite", new Date("2026-11-23T09:00:00.500Z")),
      backupFileName("sqlite", new Date("2026-01-02T23:59:59.000Z")),
      backupFileName("pgdump", new Date("2026-11-23T09:00:00.499Z")),
    ];
    expect(names[0]).toBe("site-2026-11-23T09-00-00-500Z.sqlite");
    expect([...names].sort()).toEqual([names[1], names[2], names[0]]);
    expect(names.map(backupKindOf)).toEqual(["sqlite", "sqlite", "pgdump"]);
    expect(backupKindOf("notes.txt")).toBeUndefined();
    expect(backupKindOf(`${names[0]}.partial`)).toBeUndefined();
  });

  it("pruning keeps the newest and never touches other files", () => {
    const times = [1, 2, 3, 4, 5].map((day) => new Date(Date.UTC(2026, 0, day)));
    for (const at of times) fs.writeFileSync(path.join(dir, backupFileName("sqlite", at)), "x");
    fs.writeFileSync(path.join(dir, "keep-me.sqlite"), "mine");
    fs.writeFileSync(path.join(dir, `${backupFileName("sqlite", times[0] ?? new Date())}.partial`), "x");
    const deleted = pruneBackups(dir, 2).map((file) => path.basename(file));
    expect(deleted).toEqual(times.slice(0, 3).map((at) => backupFileName("sqlite", at)));
    expect(listBackups(dir).map((file) => path.basename(file))).toEqual(
      times.slice(3).map((at) => backupFileName("sqlite", at)),
    );
    expect(fs.existsSync(path.join(dir, "keep-me.sqlite"))).toBe(true);
  });
});

describe("takeBackup on SQLite", () => {
  it("writes a private, complete copy and keeps BACKUP_KEEP of them", async () => {
    const config = parseEnv({ DATA_DIR: dir, BACKUP_KEEP: "2" });
    const handle = await openMigratedDatabase(config);
    await handle.db.insertInto("app_meta").values({ key: "marker", value: "before the backup" }).execute();
    await handle.close();
    const days = [1, 2, 3].map((day) => new Date(Date.UTC(2026, 2, day)));
    const results = [];
    for (const now of days) results.push(await takeBackup(config, { now }));
    expect(results.map((r) => r.pruned.length)).toEqual([0, 0, 1]);
    expect(listBackups(config.backupDir)).toEqual(results.slice(1).map((r) => r.file));
    const latest = results[2]?.file ?? "";
    expect(fs.statSync(latest).mode & 0o777).toBe(0o600);
    expect(fs.statSync(config.backupDir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(config.backupDir).some((name) => name.endsWith(".partial"))).toBe(false);
    const copy = new Database(latest, { readonly: true });
    try {
      expect(copy.prepare("select value from app_meta where key = 'marker'").get()).toEqual({
        value: "before the backup",
      });
    } finally {
      copy.close();
    }
  });

  it("fails without leaving a file when there is no database", async () => {
    const config = parseEnv({ DATA_DIR: path.join(dir, "empty") });
    await expect(takeBackup(config)).rejects.toThrow(/no database/);
    expect(fs.readdirSync(config.backupDir)).toEqual([]);
  });
});

// Run as root by hand, in a DATA_DIR the site's user owns and can fill with links.
describe.skipIf(process.getuid?.() !== 0)("run as root in a DATA_DIR with links in it", () => {
  const siteUser = 65534;
  let config: ReturnType<typeof parseEnv>;
  let victim: string;
  beforeEach(async () => {
    config = parseEnv({ DATA_DIR: path.join(dir, "data"), BACKUP_DIR: path.join(dir, "backups") });
    const handle = await openMigratedDatabase(config);
    await handle.close();
    fs.chownSync(config.dataDir, siteUser, siteUser);
    // A file of root's that the site's user must not be handed: /etc/shadow, say.
    victim = path.join(dir, "root-only");
    fs.writeFileSync(victim, "secret", { mode: 0o600 });
  });

  it("hands DATA_DIR's owner its regular files, never a link's target", () => {
    fs.rmSync(`${config.dataDir}/site.db-wal`, { force: true });
    fs.symlinkSync(victim, `${config.dataDir}/site.db-wal`);
    giveToDataDirOwner(config.dataDir);
    expect(fs.statSync(victim).uid).toBe(0);
    expect(fs.lstatSync(`${config.dataDir}/site.db-wal`).uid).toBe(0);
    expect(fs.statSync(`${config.dataDir}/site.db`).uid).toBe(siteUser);
  });

  it("refuses to back up or restore through a linked -wal or -shm, leaving the link's target alone", async () => {
    const backup = await takeBackup(config);
    for (const suffix of ["-wal", "-shm"]) {
      const link = `${config.dataDir}/site.db${suffix}`;
      fs.rmSync(link, { force: true });
      fs.symlinkSync(victim, link);
      await expect(takeBackup(config)).rejects.toThrow(/not a regular file.*causeway-command/);
      await expect(restoreBackup(config, backup.file, { force: true })).rejects.toThrow(RestoreRefused);
      expect(fs.readFileSync(victim, "utf8")).toBe("secret");
      expect(fs.statSync(victim).uid).toBe(0);
      fs.rmSync(link);
    }
  });
});

describe("finding pg_dump", () => {
  function fakeTool(folder: string, name = "pg_dump"): string {
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    fs.writeFileSync(file, "#!/bin/sh\n", { mode: 0o755 });
    return file;
  }

  it("takes PG_BIN_DIR first, then PATH, then the newest Debian version", () => {
    const chosen = fakeTool(path.join(dir, "chosen"));
    const onPath = fakeTool(path.join(dir, "path"));
    const debian = path.join(dir, "postgresql");
    fakeTool(path.join(debian, "9", "bin"));
    const newest = fakeTool(path.join(debian, "16", "bin"));
    expect(findPgTool("pg_dump", path.join(dir, "chosen"), path.join(dir, "path"), debian)).toBe(chosen);
    expect(findPgTool("pg_dump", undefined, `/nonexistent:${path.join(dir, "path")}`, debian)).toBe(onPath);
    expect(findPgTool("pg_dump", undefined, "/nonexistent", debian)).toBe(newest);
    expect(() => findPgTool("pg_dump", path.join(dir, "path", "nothing"), "", debian)).toThrow(/PG_BIN_DIR/);
    expect(() => findPgTool("pg_restore", undefined, "", path.join(dir, "none"))).toThrow(/postgresql-client/);
  });

  it("keeps the password off the command line", () => {
    expect(splitPassword("postgres://site:s%40cret@db:5432/site?sslmode=require")).toEqual({
      url: "postgres://site@db:5432/site?sslmode=require",
      password: "s@cret",
    });
  });
});
