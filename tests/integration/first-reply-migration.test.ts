/**
 * Migration 0005 on a database that already has worked leads, on SQLite and PostgreSQL: each
 * lead's first reply is read from its history (the first status change away from New), and a
 * lead still New has none.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/infra/db.server";
import { migrateToLatest, migrations } from "~/infra/migrations.server";
import { createTestDatabase } from "../support/postgres";

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

describe.each(["sqlite", "postgres"] as const)("the first reply backfill on %s", (backend) => {
  it("takes the first change away from New from each lead's history", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "migrate-"));
    const databaseUrl = backend === "postgres" ? await createTestDatabase(inject("postgresUrl")) : undefined;
    const handle = openDatabase({ dataDir, databaseUrl });
    handles.push(handle);
    const before = migrations.filter((m) => m.name < "0005");
    await migrateToLatest(handle.db, handle.dialect, before);

    const lead = async (id: string) =>
      sql`insert into leads (id, created_at, name, email, phone, address, description, status)
          values (${id}, ${"2026-11-02T14:00:00.000Z"}, 'A', 'a@example.com', '609', 'x', 'y', 'quoted')`.execute(
        handle.db,
      );
    const event = async (id: string, leadId: string, at: string, detail: string) =>
      sql`insert into lead_events (id, lead_id, actor, kind, detail, created_at)
          values (${id}, ${leadId}, 'pat', 'status', ${detail}, ${at})`.execute(handle.db);
    await lead("11111111-1111-4111-8111-111111111111");
    await lead("22222222-2222-4222-8222-222222222222");
    await event("e1", "11111111-1111-4111-8111-111111111111", "2026-11-03T09:00:00.000Z", "Status: Contacted → Quoted");
    await event("e2", "11111111-1111-4111-8111-111111111111", "2026-11-02T16:30:00.000Z", "Status: New → Contacted");
    await event("e3", "11111111-1111-4111-8111-111111111111", "2026-11-02T18:00:00.000Z", "Status: New → Contacted");

    expect(await migrateToLatest(handle.db, handle.dialect)).toContain("0005_site_visits");
    const rows = await handle.db.selectFrom("leads").select(["id", "first_reply_at"]).orderBy("id").execute();
    expect(
      rows.map((r) => [r.id, r.first_reply_at === null ? null : new Date(r.first_reply_at).toISOString()]),
    ).toEqual([
      ["11111111-1111-4111-8111-111111111111", "2026-11-02T16:30:00.000Z"],
      ["22222222-2222-4222-8222-222222222222", null],
    ]);
    const days = await sql<{ n: number }>`select count(*) as n from digest_days`.execute(handle.db);
    expect(Number(days.rows[0]?.n)).toBe(0);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
