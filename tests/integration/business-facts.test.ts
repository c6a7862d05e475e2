/**
 * The business facts published from the desk, on SQLite and PostgreSQL: each publish a version
 * with who and when, a stale or unchanged one refused, a parallel burst of publishes landing
 * exactly once, 'Restore' publishing an earlier version again, the live source naming the
 * midnight a special range starts and ends, the reminder clock counting a special closed day as
 * closed, and the export writing the published facts back in the repository's format.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstFacts, type BusinessFacts } from "~/content/business-facts";
import { businessHoursWithClosures } from "~/closed-days/closed-days.server";
import { currentFacts, factsSource, readPublishedFacts } from "~/facts/facts-source.server";
import { factsHistory, publishFacts, readFactsVersion } from "~/facts/facts-store.server";
import { businessMsBetween, instantOf, startOfDay } from "~/time/business-time";
import { FACTS_FILE, runContentCommand } from "../../scripts/content";
import { backends, useHarness } from "../support/harness";

const actor = { email: "pat@causeway.test", client: null };
const other = { email: "sam@causeway.test", client: null };

const winter: BusinessFacts = {
  ...firstFacts,
  phone: "+16095550199",
  hours: { ...firstFacts.hours, Saturday: { opens: "10:00", closes: "14:00" } },
  specialHours: [
    {
      name: "Christmas",
      firstDay: "2026-12-24",
      lastDay: "2026-12-26",
      hours: {
        Monday: "closed",
        Tuesday: "closed",
        Wednesday: "closed",
        Thursday: "closed",
        Friday: "closed",
        Saturday: "closed",
        Sunday: "closed",
      },
    },
  ],
};

const quietIo = () => {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) } };
};

describe.each(backends)("business facts on %s", (backend) => {
  const harness = useHarness(backend);

  it("publish as versions with who and when, refuse a stale or unchanged form, and restore an earlier one", async () => {
    const db = await harness().db();
    expect(await readPublishedFacts(db)).toBeUndefined();
    const at = new Date("2026-12-01T15:00:00Z");
    expect(await publishFacts(db, actor, { facts: winter, basedOn: 0 }, at)).toEqual({
      ok: true,
      version: 1,
      changes: "the phone, Saturday hours, the special hours",
    });
    // Another owner's form was filled before that publish: it would undo it unseen.
    expect(await publishFacts(db, other, { facts: firstFacts, basedOn: 0 }, at)).toEqual({
      ok: false,
      reason: "stale",
      version: 1,
    });
    expect(await publishFacts(db, other, { facts: winter, basedOn: 1 }, at)).toEqual({
      ok: false,
      reason: "unchanged",
      version: 1,
    });
    const restored = await readFactsVersion(db, 1);
    expect(restored?.phone).toBe("+16095550199");
    const later = new Date("2026-12-02T15:00:00Z");
    expect(await publishFacts(db, other, { facts: firstFacts, basedOn: 1, restoredFrom: 0 }, later)).toMatchObject({
      ok: true,
      version: 2,
    });
    const history = await factsHistory(db);
    expect(history.map((h) => [h.version, h.publishedBy, h.publishedAt.toISOString(), h.changes])).toEqual([
      [2, "sam@causeway.test", later.toISOString(), "the phone, Saturday hours, the special hours"],
      [1, "pat@causeway.test", at.toISOString(), "the phone, Saturday hours, the special hours"],
    ]);
    expect((await readPublishedFacts(db))?.facts).toEqual(firstFacts);
    const audit = await db
      .selectFrom("owner_audit")
      .select(["actor", "detail"])
      .where("action", "=", "business-facts-published")
      .execute();
    expect(audit).toHaveLength(2);
  });

  it("let exactly one of a hundred parallel publishes on the same version land", async () => {
    const db = await harness().db();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        publishFacts(db, actor, { facts: { ...firstFacts, phone: `+1609555${String(1000 + i)}` }, basedOn: 0 }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === "stale")).toHaveLength(99);
    const rows = await db.selectFrom("business_facts").select("version").execute();
    expect(rows.map((r) => Number(r.version))).toEqual([1]);
  });

  it("give pages the week in force and the midnight a special range starts and ends", async () => {
    const db = await harness().db();
    await publishFacts(db, actor, { facts: winter, basedOn: 0 });
    const before = await factsSource.load(db, instantOf(2026, 12, 23, 12, 0));
    expect(before.value.week.Saturday).toEqual({ opens: "10:00", closes: "14:00" });
    expect(before.value.rangeAhead).toMatchObject({ name: "Christmas", closed: true });
    expect(before.changesAt).toEqual(startOfDay("2026-12-24"));
    const during = await factsSource.load(db, instantOf(2026, 12, 25, 12, 0));
    expect(during.value.week.Friday).toBe("closed");
    expect(during.value.rangeInForce).toEqual({ name: "Christmas", lastDay: "2026-12-26" });
    expect(during.changesAt).toEqual(startOfDay("2026-12-27"));
    // The day after it ended: the regular week, and nothing more to wait for.
    const after = await factsSource.load(db, instantOf(2026, 12, 27, 12, 0));
    expect(after.value.rangeInForce).toBeNull();
    expect(after.value.week.Saturday).toEqual({ opens: "10:00", closes: "14:00" });
    expect(after.changesAt).toBeUndefined();
    // What this instance published is what its emails carry, before its snapshot is read again.
    expect(currentFacts().phone).toBe("+16095550199");
  });

  it("stop the reminder clock through a special closed range and count the new Saturday hours", async () => {
    const db = await harness().db();
    await publishFacts(db, actor, { facts: winter, basedOn: 0 });
    const hours = await businessHoursWithClosures(db, instantOf(2026, 12, 24, 9, 0));
    // Thursday Dec 24 and Friday Dec 25 are closed for Christmas; Saturday Dec 26 too.
    expect(businessMsBetween(instantOf(2026, 12, 24, 0, 0), instantOf(2026, 12, 27, 0, 0), hours)).toBe(0);
    // Saturday Jan 2 opens 10 to 2 under the published week.
    expect(businessMsBetween(instantOf(2027, 1, 2, 0, 0), instantOf(2027, 1, 3, 0, 0), hours)).toBe(4 * 3_600_000);
  });

  it("write the published facts back in the repository's format, byte for byte for the first facts", async () => {
    const db = await harness().db();
    const repo = await fs.mkdtemp(path.join(os.tmpdir(), "facts-export-"));
    try {
      await fs.writeFile(path.join(repo, ".prettierrc.json"), await fs.readFile(".prettierrc.json"));
      const first = quietIo();
      expect(await runContentCommand(["export", "--to", repo], harness().env, first.io)).toBe(0);
      expect(first.lines.join("\n")).toMatch(/Nothing published/);
      await publishFacts(db, actor, { facts: winter, basedOn: 0 });
      await publishFacts(db, actor, { facts: firstFacts, basedOn: 1 });
      const written = quietIo();
      expect(await runContentCommand(["export", "--to", repo], harness().env, written.io)).toBe(0);
      expect(written.lines.join("\n")).toMatch(/version 2, published by pat@causeway.test/);
      expect(await fs.readFile(path.join(repo, FACTS_FILE), "utf8")).toBe(await fs.readFile(FACTS_FILE, "utf8"));
      await publishFacts(db, actor, { facts: winter, basedOn: 2 });
      expect(await runContentCommand(["export", "--to", repo], harness().env, quietIo().io)).toBe(0);
      expect(JSON.parse(await fs.readFile(path.join(repo, FACTS_FILE), "utf8"))).toEqual(winter);
      expect(await runContentCommand(["import"], harness().env, quietIo().io)).toBe(2);
    } finally {
      await fs.rm(repo, { recursive: true, force: true });
    }
  });
});
