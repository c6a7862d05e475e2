/**
 * The overdue count the desk shows on every page, read off the built server's HTML on SQLite and
 * on PostgreSQL, against what each job's own page calls overdue. More late jobs than the desk
 * ever read at once before (it stopped at 200), so a cap or a count of jobs rather than invoices
 * shows as a wrong number.
 */
import { describe, expect, it } from "vitest";
import { jobMoney } from "~/invoices/job-money.server";
import { jobById } from "~/jobs/jobs.server";
import { dayOf } from "~/time/business-time";
import { insertMoneyJobs } from "../support/money-jobs";
import { builtSites, postgresForThisFile, stopAfterEachTest, whileServerRuns } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const site = builtSites(stopAfterTest, postgresForThisFile());

/** The desk navigation's badges as a screen reader reads them: "Numbers 253 overdue". */
function badgeCounts(html: string, word: string): number[] {
  const text = html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
  return [...text.matchAll(new RegExp(`(\\d+) ${word}`, "g"))].map((match) => Number(match[1]));
}

describe.each(["sqlite", "postgres"] as const)("the desk's overdue count on %s", (backend) => {
  it("counts every overdue invoice of 320 jobs, 256 of them late, as their own pages do", async () => {
    const { origins, db, cookie } = await site(backend);
    const origin = origins[0] ?? "";
    const today = dayOf(new Date());
    const jobIds = await whileServerRuns(() => insertMoneyJobs(db, { count: 320, lateShare: 0.8, seed: 4343, today }));
    let expected = 0;
    for (const id of jobIds) {
      const job = await jobById(db, id);
      if (!job) throw new Error(`job ${id} not found`);
      expected += (await jobMoney(db, job, today)).invoices.filter((invoice) => invoice.state === "overdue").length;
    }
    expect(expected).toBeGreaterThan(256);

    const page = await fetch(`${origin}/owner/stats`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const counts = badgeCounts(await page.text(), "overdue");
    // The wide navigation and the phone's bar each show it.
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBe(expected);

    // Without a session the desk shows no count, nor anything else.
    const stranger = await fetch(`${origin}/owner/stats`, { redirect: "manual" });
    expect(badgeCounts(await stranger.text(), "overdue")).toEqual([]);
    expect(stranger.status).not.toBe(200);
  });
});
