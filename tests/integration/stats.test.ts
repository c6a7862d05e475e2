/**
 * The numbers page's figures on SQLite and PostgreSQL, against a fixture whose figures were worked
 * out by hand: New Jersey weeks (a lead at 23:59 on Sunday belongs to the week before), held spam
 * and leads outside the 12 weeks left out, the median reply, won and lost shares, sources.
 */
import { describe, expect, it } from "vitest";
import { timestamp } from "~/infra/schema.server";
import { setLeadStatus } from "~/leads/record/changes.server";
import { leadStats, median, percent } from "~/leads/record/stats.server";
import { formatDuration } from "~/time/business-time";
import { insertLead } from "../support/leads";
import { backends, useHarness } from "../support/harness";

const HOUR = 60 * 60 * 1000;
// Wednesday, November 25, 2026, noon in New Jersey.
const NOW = new Date("2026-11-25T17:00:00Z");
const at = (iso: string) => new Date(iso);
/** The owner who moves the leads, as the desk passes its signed-in owner. */
const pat = { email: "pat@causeway.test", client: null };
const after = (iso: string, ms: number) => new Date(at(iso).getTime() + ms);

describe.each(backends)("the numbers on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("counts the last 12 New Jersey weeks as worked out by hand", async () => {
    const db = await harness().db();
    const lead = (iso: string, rest: Parameters<typeof insertLead>[1]) =>
      insertLead(db, { createdAt: at(iso), ...rest });
    // This week (from Monday, November 23, 00:00 EST = 05:00 UTC).
    await lead("2026-11-25T15:00:00Z", { sourcePath: "/estimate" });
    await lead("2026-11-24T14:00:00Z", {
      status: "contacted",
      sourcePath: "/estimate",
      firstReplyAt: after("2026-11-24T14:00:00Z", HOUR),
    });
    await lead("2026-11-23T05:00:00Z", {
      status: "won",
      sourcePath: "/services/decks-and-stairs",
      firstReplyAt: after("2026-11-23T05:00:00Z", 3 * HOUR),
    });
    // Sunday 23:59 in New Jersey, though Monday in UTC: the week before.
    await lead("2026-11-23T04:59:00Z", {
      status: "lost",
      lostReason: "price",
      sourcePath: "/services/decks-and-stairs",
      firstReplyAt: after("2026-11-23T04:59:00Z", 2 * HOUR),
    });
    await lead("2026-11-17T12:00:00Z", {
      status: "lost",
      lostReason: "timing",
      sourcePath: null,
      firstReplyAt: after("2026-11-17T12:00:00Z", HOUR / 2),
    });
    // A lost lead whose reason is unknown counts as "other".
    await lead("2026-10-15T16:00:00Z", { status: "lost", lostReason: null, sourcePath: "/faq" });
    // The first moment of the first week (Monday, September 7, 00:00 EDT), and one minute before it.
    await lead("2026-09-07T04:00:00Z", {
      status: "won",
      sourcePath: "/estimate",
      firstReplyAt: after("2026-09-07T04:00:00Z", 48 * HOUR),
    });
    await lead("2026-09-07T03:59:00Z", { status: "won", sourcePath: "/outside" });
    // Held spam and a time after "now" are not counted.
    await lead("2026-11-24T10:00:00Z", { quarantined: true, sourcePath: "/spam" });
    await lead("2026-11-25T18:00:00Z", { sourcePath: "/future" });

    const stats = await leadStats(db, NOW);
    expect(stats).toEqual({
      from: "2026-09-07",
      weeks: [
        { monday: "2026-09-07", count: 1 },
        { monday: "2026-09-14", count: 0 },
        { monday: "2026-09-21", count: 0 },
        { monday: "2026-09-28", count: 0 },
        { monday: "2026-10-05", count: 0 },
        { monday: "2026-10-12", count: 1 },
        { monday: "2026-10-19", count: 0 },
        { monday: "2026-10-26", count: 0 },
        { monday: "2026-11-02", count: 0 },
        { monday: "2026-11-09", count: 0 },
        { monday: "2026-11-16", count: 2 },
        { monday: "2026-11-23", count: 3 },
      ],
      total: 7,
      // Replies after 0.5, 1, 2, 3 and 48 hours: the middle one.
      medianReplyMs: 2 * HOUR,
      answered: 5,
      won: 2,
      lost: 3,
      lostBy: [
        { reason: "price", count: 1 },
        { reason: "timing", count: 1 },
        { reason: "no-answer", count: 0 },
        { reason: "not-our-work", count: 0 },
        { reason: "other", count: 1 },
        { reason: "cancelled", count: 0 },
      ],
      sources: [
        { path: "/estimate", count: 3 },
        { path: "/services/decks-and-stairs", count: 2 },
        { path: "/faq", count: 1 },
        { path: "unknown", count: 1 },
      ],
      truncated: false,
    });
    expect([
      formatDuration(stats.medianReplyMs ?? 0),
      percent(stats.won, stats.total),
      percent(stats.lost, stats.total),
    ]).toEqual(["2 h 0 min", "29%", "43%"]);
  });

  it("records the first reply at the first change away from New, and never moves it", async () => {
    const db = await harness().db();
    const id = await insertLead(db, { createdAt: at("2026-11-20T14:00:00Z") });
    const read = async () =>
      (await db.selectFrom("leads").select("first_reply_at").where("id", "=", id).executeTakeFirstOrThrow())
        .first_reply_at;
    expect(await read()).toBeNull();
    await setLeadStatus(db, id, "new", undefined, pat, at("2026-11-20T15:00:00Z"));
    expect(await read()).toBeNull();
    await setLeadStatus(db, id, "contacted", undefined, pat, at("2026-11-20T16:30:00Z"));
    await setLeadStatus(db, id, "new", undefined, pat, at("2026-11-21T10:00:00Z"));
    await setLeadStatus(db, id, "quoted", undefined, pat, at("2026-11-22T10:00:00Z"));
    const stored = await read();
    expect(stored === null ? null : timestamp(new Date(stored))).toBe("2026-11-20T16:30:00.000Z");
    const stats = await leadStats(db, NOW);
    expect(stats.medianReplyMs).toBe(2.5 * HOUR);
  });

  it("takes the median of an even count as the mean of the middle two, and shows no figure for none", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(percent(0, 0)).toBe("–");
    expect(formatDuration(12 * 60_000)).toBe("12 min");
    expect(formatDuration(50 * HOUR)).toBe("2 d 2 h");
  });
});
