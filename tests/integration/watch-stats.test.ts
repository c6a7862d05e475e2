/**
 * Home watch's numbers on SQLite and PostgreSQL, from visits planted with known times: on time or
 * late (a regular visit by the end of its day, a storm check by its time), still in its time (not
 * counted), cancelled or ahead (not counted), minutes from start to finish, and issues found.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { addDays, dayOf, instantOf } from "~/time/business-time";
import { watchStats } from "~/watch/watch-stats.server";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { acceptedPlan } from "../support/watch";

const at = (day: string, hour: number, minute = 0) => {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return instantOf(y, m, d, hour, minute).toISOString();
};

describe.each(backends)("home watch numbers on %s", (backend) => {
  const harness = useHarness(backend);
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await harness().db();
  });

  it("count visits on time, minutes per visit, issues by month and storm checks within their time", async () => {
    const now = new Date();
    const today = dayOf(now);
    const { planId } = await acceptedPlan(db, { siteUrl: SITE_URL, leadsTo: LEADS_TO });
    await db.deleteFrom("watch_visits").where("plan_id", "=", planId).execute();
    const day = (n: number) => addDays(today, -n);
    const visit = (
      id: string,
      values: {
        day: string;
        kind?: "regular" | "storm";
        status: "scheduled" | "finished" | "cancelled";
        start?: string;
        finish?: string;
        dueBy?: string;
      },
    ) => ({
      id,
      plan_id: planId,
      day: values.day,
      kind: values.kind ?? ("regular" as const),
      status: values.status,
      started_at: values.start ?? null,
      finished_at: values.finish ?? null,
      due_by: values.dueBy ?? null,
      created_at: now.toISOString(),
    });
    const ids = Array.from({ length: 7 }, () => crypto.randomUUID());
    await db
      .insertInto("watch_visits")
      .values([
        // On time, 45 minutes, one issue.
        visit(ids[0] ?? "", { day: day(10), status: "finished", start: at(day(10), 10), finish: at(day(10), 10, 45) }),
        // Finished the next morning: late, 30 minutes.
        visit(ids[1] ?? "", { day: day(9), status: "finished", start: at(day(8), 8), finish: at(day(8), 8, 30) }),
        // Never made: late.
        visit(ids[2] ?? "", { day: day(8), status: "scheduled" }),
        // A storm check done by its time (60 minutes), and one done after it (90 minutes, one issue).
        visit(ids[3] ?? "", {
          day: day(7),
          kind: "storm",
          status: "finished",
          start: at(day(7), 14),
          finish: at(day(7), 15),
          dueBy: at(day(7), 16),
        }),
        visit(ids[4] ?? "", {
          day: day(6),
          kind: "storm",
          status: "finished",
          start: at(day(6), 11, 30),
          finish: at(day(6), 13),
          dueBy: at(day(6), 12),
        }),
        // Cancelled, and one still ahead: neither counts.
        visit(ids[5] ?? "", { day: day(5), status: "cancelled" }),
        visit(ids[6] ?? "", { day: addDays(today, 3), status: "scheduled" }),
      ])
      .execute();
    const result = (visitId: string, itemId: string, result: "ok" | "issue") => ({
      visit_id: visitId,
      item_id: itemId,
      area: "inside",
      label: itemId,
      result,
      note: result === "issue" ? "Found" : "",
      tapped_at: now.toISOString(),
      saved_at: now.toISOString(),
    });
    await db
      .insertInto("watch_results")
      .values([result(ids[0] ?? "", "a", "issue"), result(ids[0] ?? "", "b", "ok"), result(ids[4] ?? "", "a", "issue")])
      .execute();

    const stats = await watchStats(db, now);
    expect(stats.due).toBe(5);
    expect(stats.onTime).toBe(2);
    expect(stats.medianMinutes).toBe(53);
    expect(stats.storms).toEqual({ due: 2, withinTime: 1 });
    expect(stats.months.reduce((sum, m) => sum + m.issues, 0)).toBe(2);
    expect(stats.months.reduce((sum, m) => sum + m.done, 0)).toBe(4);
    expect(stats.months).toHaveLength(6);
    expect(stats.months.at(-1)?.month).toBe(today.slice(0, 7));
  });
});
