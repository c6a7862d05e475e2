/**
 * Backups as an operator relies on them, on SQLite and on PostgreSQL: `npm run backup` taken while
 * visitors keep sending estimates and signing up, the database destroyed, `npm run restore`, and
 * the restarted site serving every lead and photo again.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase, openMigratedDatabase } from "~/infra/db.server";
import { parseEnv, type Env } from "~/settings/env.server";
import { listBackups } from "~/ops/backup.server";
import { runBackupCommand } from "../../scripts/backup";
import { runRestoreCommand } from "../../scripts/restore";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { createTestDatabase } from "../support/postgres";
import { postgresForThisFile, stopAfterEachTest } from "../support/system";
import { signedInOwner } from "../support/owner";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  stopAfterTest({ stop: async () => fs.rmSync(dir, { recursive: true, force: true }) });
  return dir;
}

function collectingIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

const sha = (data: Buffer | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A distinct small photo per lead and position, so a photo restored to the wrong lead would show. */
function photo(lead: number, position: number): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: (lead * 37) % 256, g: position * 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();
}

async function sendLead(site: BuiltServer, n: number): Promise<void> {
  const form = new FormData();
  form.set("name", `Backup Visitor ${n}`);
  form.set("email", `backup${n}@example.com`);
  form.set("phone", "609-555-0100");
  form.set("description", "The porch roof leaks.");
  for (let position = 0; position < 2; position++)
    form.append(
      `photo_${position}`,
      new File([new Uint8Array(await photo(n, position))], `porch-${position}.jpg`, { type: "image/jpeg" }),
    );
  const response = await fetch(`${site.origin}/api/estimate`, { method: "POST", body: form });
  expect(response.status, `lead ${n}`).toBe(200);
}

async function subscribe(site: BuiltServer, email: string): Promise<void> {
  const response = await fetch(`${site.origin}/api/newsletter`, {
    method: "POST",
    body: new URLSearchParams({ email }),
  });
  expect(response.status, email).toBe(200);
}

interface Snapshot {
  leads: Map<string, string>;
  /** Lead id → its photos' ids and hashes, in order. */
  photos: Map<string, string[]>;
  subscribers: Set<string>;
}

async function snapshot(config: Env): Promise<Snapshot> {
  const handle = openDatabase(config);
  try {
    const leads = await handle.db.selectFrom("leads").select(["id", "name"]).execute();
    const photos = await handle.db
      .selectFrom("lead_photos")
      .select(["id", "lead_id", "data"])
      .orderBy("lead_id")
      .orderBy("position")
      .execute();
    const subscribers = await handle.db.selectFrom("subscribers").select(["email", "status"]).execute();
    const byLead = new Map<string, string[]>();
    for (const row of photos)
      byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), `${row.id}:${sha(row.data)}`]);
    return {
      leads: new Map(leads.map((row) => [row.id, row.name])),
      photos: byLead,
      subscribers: new Set(subscribers.map((row) => `${row.email}:${row.status}`)),
    };
  } finally {
    await handle.close();
  }
}

async function destroy(config: Env): Promise<void> {
  if (!config.databaseUrl) {
    for (const suffix of ["", "-wal", "-shm"])
      fs.rmSync(path.join(config.dataDir, `site.db${suffix}`), { force: true });
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query("drop schema public cascade; create schema public");
  } finally {
    await client.end();
  }
}

describe.each(["sqlite", "postgres"] as const)("backup and restore on %s", (backend) => {
  it("a backup taken while leads arrive brings back every lead, photo byte and subscriber, and the site serves them", async () => {
    const dataDir = tempDir("site-backup-data-");
    const backupDir = tempDir("site-backups-");
    const databaseUrl = backend === "postgres" ? await createTestDatabase(postgres().url) : undefined;
    const serverEnv = { DATA_DIR: dataDir, RATE_LIMIT_MAX: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const config = parseEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", BACKUP_DIR: backupDir });
    let site = stopAfterTest(await startBuiltServer(serverEnv));

    const handle = await openMigratedDatabase(config);
    let cookie: string;
    try {
      ({ cookie } = await signedInOwner(handle.db, site.origin));
    } finally {
      await handle.close();
    }

    for (let n = 0; n < 4; n++) await sendLead(site, n);
    await subscribe(site, "before@example.com");
    const before = await snapshot(config);

    const backup = collectingIo();
    const [code] = await Promise.all([
      runBackupCommand([], config, backup.io),
      ...[10, 11, 12, 13].map((n) => sendLead(site, n)),
      subscribe(site, "during@example.com"),
    ]);
    expect(code, backup.err.join("\n")).toBe(0);
    const [file] = listBackups(backupDir);
    expect(backup.out[0]).toContain(path.basename(file ?? "missing"));
    expect(fs.statSync(file ?? "").mode & 0o777).toBe(0o600);
    const live = await snapshot(config);

    await site.stop();
    await destroy(config);
    expect((await snapshot(config).catch(() => undefined))?.leads.size ?? 0).toBe(0);

    const restore = collectingIo();
    expect(await runRestoreCommand([file ?? ""], config, restore.io), restore.err.join("\n")).toBe(0);
    const restored = await snapshot(config);

    // Everything stored before the backup began is back, with the same photo bytes.
    for (const [id, name] of before.leads) expect(restored.leads.get(id)).toBe(name);
    expect(restored.subscribers).toContain("before@example.com:pending");
    // What arrived during it is back whole or not at all: the backup is one moment of the database.
    for (const [id, name] of restored.leads) {
      expect(live.leads.get(id)).toBe(name);
      expect(restored.photos.get(id)).toEqual(live.photos.get(id));
      expect(restored.photos.get(id)).toHaveLength(2);
    }
    for (const subscriber of restored.subscribers) expect(live.subscribers).toContain(subscriber);

    site = stopAfterTest(await startBuiltServer(serverEnv));
    for (const [id, name] of restored.leads) {
      const page = await fetch(`${site.origin}/owner/leads/${id}`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(name);
      for (const entry of restored.photos.get(id) ?? []) {
        const [photoId = "", hash] = entry.split(":");
        const served = await fetch(`${site.origin}/owner/leads/${id}/photos/${photoId}`, { headers: { cookie } });
        expect(served.status).toBe(200);
        expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(hash);
      }
    }

    // Now that the database holds data again, a second restore is refused and changes nothing.
    const again = collectingIo();
    expect(await runRestoreCommand([file ?? ""], config, again.io)).toBe(1);
    expect(again.err.join("\n")).toMatch(/not empty .*--force/);
    expect((await snapshot(config)).leads.size).toBe(restored.leads.size);
  }, 120_000);
});
