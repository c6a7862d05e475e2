/**
 * One desk change on SQLite and PostgreSQL: its audit entry names the actor, the instances are told
 * of a live change only after it commits and only when it was marked, a change that throws leaves
 * nothing behind and tells nobody, and a change inside another is told once, after the outer commit.
 */
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { timestamp, type Database } from "~/infra/schema.server";
import { onLocalLiveChange, readLiveVersion } from "~/live/version.server";
import { listAudit } from "~/owner/audit.server";
import { deskChange } from "~/owner/desk-change.server";
import { backends, useHarness } from "../support/harness";

const pat = { email: "pat@causeway.test", client: "203.0.113.9" };
const sam = { email: "sam@causeway.test", client: "198.51.100.7" };

describe.each(backends)("a desk change on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  /** What happened, in order: the steps of the changes and each announcement. */
  let events: string[];
  /** The published version as another connection read it when each announcement came. */
  let versionsHeard: Promise<number>[];
  let db: Kysely<Database>;

  beforeEach(async () => {
    db = await harness().db();
    events = [];
    versionsHeard = [];
    onLocalLiveChange(() => {
      events.push("announced");
      versionsHeard.push(readLiveVersion(db));
    });
  });
  afterEach(() => onLocalLiveChange(undefined));

  it("records its audit entry by the actor, at the change's time, and tells nobody of a change pages do not show", async () => {
    const now = new Date("2026-05-04T14:00:00Z");
    const before = await readLiveVersion(db);
    await deskChange(db, pat, now, async ({ audit }) => {
      await audit("review-auto-ask", "on");
      events.push("changed");
    });
    await deskChange(db, null, now, async ({ audit }) => audit("lead-deleted", "L-1"));
    expect(await listAudit(db)).toEqual(
      expect.arrayContaining([
        { at: now, actor: "pat@causeway.test", action: "review-auto-ask", detail: "on", client: "203.0.113.9" },
        // The server's command line: nobody signed in, no client.
        { at: now, actor: null, action: "lead-deleted", detail: "L-1", client: null },
      ]),
    );
    expect(events).toEqual(["changed"]);
    expect(await readLiveVersion(db)).toBe(before);
  });

  it("moves the version with a live change and announces it once, after the commit", async () => {
    const before = await readLiveVersion(db);
    const answer = await deskChange(db, pat, new Date(), async ({ audit, markLive }) => {
      await markLive();
      await markLive();
      await audit("notice-removed");
      events.push("changed");
      return "done";
    });
    expect(answer).toBe("done");
    expect(events).toEqual(["changed", "announced"]);
    // Read on a connection of its own when the announcement came: the new version was committed.
    expect(await Promise.all(versionsHeard)).toEqual([before + 1]);
    expect(await readLiveVersion(db)).toBe(before + 1);
  });

  it("records nothing, moves nothing and announces nothing when the change throws", async () => {
    const before = await readLiveVersion(db);
    await expect(
      deskChange(db, pat, new Date(), async ({ trx, audit, markLive }) => {
        await trx
          .insertInto("closed_days")
          .values({
            id: "cd-1",
            first_day: "2026-11-26",
            last_day: "2026-11-26",
            label: "Thanksgiving",
            added_by: pat.email,
            added_at: timestamp(new Date()),
          })
          .execute();
        await markLive();
        await audit("closed-day-added", "2026-11-26..2026-11-26 Thanksgiving");
        throw new Error("refused after its writes");
      }),
    ).rejects.toThrow("refused after its writes");
    expect(await listAudit(db)).toEqual([]);
    expect(await db.selectFrom("closed_days").select("id").execute()).toEqual([]);
    expect(await readLiveVersion(db)).toBe(before);
    expect(events).toEqual([]);
  });

  it("joins the change that includes it, which announces once after its own commit", async () => {
    const before = await readLiveVersion(db);
    await deskChange(db, pat, new Date(), async ({ trx, audit, markLive }) => {
      await audit("project-unpublished", "Deck rebuild");
      await markLive();
      await deskChange(trx, sam, new Date(), async (inner) => {
        expect(inner.trx).toBe(trx);
        await inner.markLive();
        await inner.audit("project-deleted", "Deck stairs");
        events.push("inner changed");
      });
      events.push("outer changed");
    });
    expect(events).toEqual(["inner changed", "outer changed", "announced"]);
    expect(await Promise.all(versionsHeard)).toEqual([before + 1]);
    const audit = await listAudit(db);
    expect(audit.map((entry) => [entry.action, entry.actor, entry.client]).sort()).toEqual([
      ["project-deleted", "sam@causeway.test", "198.51.100.7"],
      ["project-unpublished", "pat@causeway.test", "203.0.113.9"],
    ]);

    // An inner change that was marked live goes with its outer change when that one fails.
    await expect(
      deskChange(db, pat, new Date(), async ({ trx }) => {
        await deskChange(trx, pat, new Date(), async (inner) => {
          await inner.markLive();
          await inner.audit("review-hidden", "r-1 spam");
        });
        throw new Error("the outer change failed");
      }),
    ).rejects.toThrow("the outer change failed");
    expect(events).toEqual(["inner changed", "outer changed", "announced"]);
    expect(await readLiveVersion(db)).toBe(before + 1);
    expect((await listAudit(db)).map((entry) => entry.action)).not.toContain("review-hidden");
  });

  it("refuses a live change inside a transaction it did not open, which nobody would announce", async () => {
    const before = await readLiveVersion(db);
    await expect(
      db.transaction().execute((trx) => deskChange(trx, pat, new Date(), ({ markLive }) => markLive())),
    ).rejects.toThrow("A live change must run in deskChange's own transaction");
    expect(await readLiveVersion(db)).toBe(before);
    // Its audit entry alone commits with that transaction.
    await db
      .transaction()
      .execute((trx) => deskChange(trx, pat, new Date(), ({ audit }) => audit("review-shown", "r-2")));
    expect((await listAudit(db)).map((entry) => entry.detail)).toEqual(["r-2"]);
    expect(events).toEqual([]);
  });
});
