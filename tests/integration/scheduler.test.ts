/**
 * Periodic jobs on SQLite and PostgreSQL: a job that runs on one instance at a time runs once per
 * period however many instances tick, is not started elsewhere while it runs, and is taken over
 * when a crashed run's claim expires; and the server's background work runs every periodic job
 * through the one scheduler.
 */
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/infra/db.server";
import { createScheduler, type Job } from "~/infra/scheduler.server";
import { backgroundScheduler } from "~/server/background.server";
import { backends, useHarness } from "../support/harness";

const MINUTE = 60_000;

describe.each(backends)("the scheduler on %s", (backend) => {
  const harness = useHarness(backend);

  it("runs a one-instance job once per period, whatever the number of instances", async () => {
    const handles = [openDatabase(harness().env), openDatabase(harness().env)];
    try {
      let clock = new Date("2026-03-02T12:00:00Z");
      let runs = 0;
      let hang: Promise<void> | undefined;
      const job: Job = {
        name: `sweep-${backend}`,
        scope: "one-instance",
        everyMs: MINUTE,
        leaseMs: 5 * MINUTE,
        run: async () => {
          runs++;
          await hang;
        },
      };
      const instances = handles.map((handle) => {
        const scheduler = createScheduler({ db: handle.db, now: () => clock });
        scheduler.add({ ...job });
        return scheduler;
      });
      const tickAll = () => Promise.all(instances.map((instance) => instance.tick(job.name)));

      expect((await tickAll()).sort()).toEqual(["claimed-elsewhere", "ran"]);
      expect(runs).toBe(1);
      // Within the period: nobody runs it again.
      clock = new Date(clock.getTime() + 30_000);
      expect(await tickAll()).toEqual(["claimed-elsewhere", "claimed-elsewhere"]);
      // The next period: once more.
      clock = new Date(clock.getTime() + MINUTE);
      expect((await tickAll()).sort()).toEqual(["claimed-elsewhere", "ran"]);
      expect(runs).toBe(2);

      // A run that outlasts its period holds its claim: the other instance does not start it too.
      let release = () => {};
      hang = new Promise((resolve) => (release = resolve));
      clock = new Date(clock.getTime() + MINUTE);
      const [first, second] = instances;
      const long = first?.tick(job.name);
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock = new Date(clock.getTime() + 2 * MINUTE);
      expect(await second?.tick(job.name)).toBe("claimed-elsewhere");
      // Its instance died mid-run: once the lease has run out, another instance takes the job over.
      clock = new Date(clock.getTime() + 5 * MINUTE);
      hang = undefined;
      expect(await second?.tick(job.name)).toBe("ran");
      release();
      expect(await long).toBe("ran");
      expect(runs).toBe(4);
      for (const instance of instances) await instance.stop();
    } finally {
      for (const handle of handles) await handle.close();
    }
  });

  it("runs every periodic job of the server through the scheduler", async () => {
    const scheduler = await backgroundScheduler();
    expect(scheduler?.jobs()).toEqual([
      "live-pages",
      "project-photos",
      "site-photos",
      "reminders",
      "morning-digest",
      "quote-reminders",
      "invoice-reminders",
      "watch-invoices",
      "review-requests",
      "expired-records",
      "expired-mail-files",
      "stale-uploads",
    ]);
  });
});
