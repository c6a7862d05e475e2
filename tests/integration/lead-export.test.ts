/**
 * The lead and subscriber exports on SQLite and PostgreSQL, byte for byte: one CSV for the desk's
 * download and for `npm run leads -- --csv`, the columns in their order, labels rather than stored
 * codes, an unknown page and a stale lost reason spelled out, held spam left out, cells a
 * spreadsheet would misread defused, and the photo files the command writes named in the CSV.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { timestamp } from "~/infra/schema.server";
import { leadsCsv } from "~/leads/record/export.server";
import { subscribersCsv } from "~/leads/subscribers.server";
import { runLeadsCommand } from "../../scripts/leads";
import { backends, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";

const quiet = { out: () => undefined, err: () => undefined };

describe.each(backends)("the exports on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("writes every lead not held as spam, newest first, one column per field and the photos' files", async () => {
    const db = await harness().db();
    const lost = await insertLead(db, {
      createdAt: new Date("2026-11-02T14:00:00.000Z"),
      name: "=Dana, Visitor",
      email: "dana@example.com",
      address: "12 Dune Lane, Surf City, NJ",
      description: 'The "back" stairs\nare loose.',
      status: "lost",
      lostReason: "price",
      sourcePath: null,
      photos: 2,
    });
    const scheduled = await insertLead(db, {
      createdAt: new Date("2026-11-03T15:30:00.000Z"),
      name: "Sam Shore",
      email: "sam@example.com",
      address: "",
      description: "Replace two deck boards.",
      status: "visit-scheduled",
      lostReason: "no-longer-a-reason",
      sourcePath: "/services/decks-and-stairs",
    });
    await insertLead(db, {
      createdAt: new Date("2026-11-04T09:00:00.000Z"),
      name: "Held Spam",
      quarantined: true,
      photos: 1,
    });

    const { csv, count } = await leadsCsv(db);
    expect(count).toBe(2);
    const short = lost.slice(0, 8);
    expect(csv).toBe(
      "\uFEFF" +
        "id,received,name,email,phone,address,description,status,lost_reason,source_page,photo_count,photos\r\n" +
        `${scheduled},2026-11-03T15:30:00.000Z,Sam Shore,sam@example.com,(609) 555-0117,,Replace two deck boards.,Visit scheduled,,/services/decks-and-stairs,0,\r\n` +
        `${lost},2026-11-02T14:00:00.000Z,"'=Dana, Visitor",dana@example.com,(609) 555-0117,"12 Dune Lane, Surf City, NJ","The ""back"" stairs\nare loose.",Lost,Price,unknown,2,"${short}-1-photo-1.png; ${short}-2-photo-2.png"\r\n`,
    );

    // The command writes the same bytes, and the photos under the names the CSV gives them.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lead-export-"));
    try {
      expect(await runLeadsCommand(["--csv", "leads.csv"], harness().env, quiet, dir)).toBe(0);
      expect(await fs.readFile(path.join(dir, "leads.csv"), "utf8")).toBe(csv);
      expect((await fs.readdir(path.join(dir, "leads-photos"))).sort()).toEqual([
        `${short}-1-photo-1.png`,
        `${short}-2-photo-2.png`,
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("writes one subscriber CSV, newest first, for the desk and the command alike", async () => {
    const db = await harness().db();
    const subscriber = (email: string, status: "confirmed" | "pending", confirmedAt: string | null) => ({
      id: email,
      email,
      status,
      created_at: timestamp(new Date("2026-01-01T00:00:00Z")),
      confirmed_at: confirmedAt,
    });
    await db
      .insertInto("subscribers")
      .values([
        subscriber("old@example.com", "confirmed", "2026-01-02T10:00:00.000Z"),
        subscriber("new@example.com", "confirmed", "2026-03-04T10:00:00.000Z"),
        subscriber("pending@example.com", "pending", null),
      ])
      .execute();
    const { csv, count } = await subscribersCsv(db);
    expect(count).toBe(2);
    expect(csv).toBe(
      "\uFEFFemail,confirmed_at\r\nnew@example.com,2026-03-04T10:00:00.000Z\r\nold@example.com,2026-01-02T10:00:00.000Z\r\n",
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "subscriber-export-"));
    try {
      expect(await runLeadsCommand(["--subscribers", "--csv", "list.csv"], harness().env, quiet, dir)).toBe(0);
      expect(await fs.readFile(path.join(dir, "list.csv"), "utf8")).toBe(csv);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
