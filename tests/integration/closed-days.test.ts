/**
 * A closed day stops the clocks that count business hours, on SQLite and PostgreSQL, as the
 * server's own scheduled jobs run them: the reminder of a lead left New waits past the closure,
 * no morning digest goes out on it, and the desk's waiting time does not grow through it.
 */
import { describe, expect, it } from "vitest";
import { addClosedDay, businessHoursWithClosures } from "~/closed-days/closed-days.server";
import { waitingClock } from "~/leads/record/waiting";
import { addOwner } from "~/owner/owners.server";
import {
  backgroundScheduler,
  backgroundWorkReady,
  startBackgroundWork,
  stopBackgroundWork,
} from "~/server/background.server";
import { instantOf } from "~/time/business-time";
import { insertLead } from "../support/leads";
import { backends, useHarness } from "../support/harness";

const actor = { email: "pat@causeway.test", client: null };

describe.each(backends)("closed days on %s", (backend) => {
  const harness = useHarness(backend);

  it("hold back a reminder and the digest, and the desk's waiting time, through Thanksgiving", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@causeway.test");
    // Wednesday, November 25, 2026, 16:00 in New Jersey: one business hour left that day.
    const createdAt = instantOf(2026, 11, 25, 16, 0);
    await addClosedDay(db, { firstDay: "2026-11-26", lastDay: "", label: "Thanksgiving" }, actor, createdAt);
    const leadId = await insertLead(db, { name: "Holiday Hal", createdAt });

    let clock = instantOf(2026, 11, 26, 15, 0);
    await stopBackgroundWork();
    // The work on the real clock may have claimed a run just before it stopped, due again a period
    // from today: a claim the test's clock, a week back, could not take for a week.
    await (await harness().db()).deleteFrom("scheduled_runs").execute();
    startBackgroundWork(() => clock);
    try {
      await backgroundWorkReady();
      // Restarting the background work opened the database again.
      const db = await harness().db();
      const scheduler = await backgroundScheduler();
      const reminded = async () =>
        (await db.selectFrom("leads").select("reminded_at").where("id", "=", leadId).executeTakeFirstOrThrow())
          .reminded_at !== null;

      // Thursday 15:00: open as usual, two business hours would have passed by 10:00.
      expect(await scheduler?.tick("reminders")).toBe("ran");
      expect(await reminded()).toBe(false);
      const hours = await businessHoursWithClosures(db, clock);
      expect(waitingClock(createdAt, clock, 2, hours)).toEqual({ text: "1 h 0 min", late: false });
      // Without the closure it would have been red since 10:00.
      expect(waitingClock(createdAt, clock, 2)).toEqual({ text: "7 h 0 min", late: true });

      // No digest on the closed morning.
      clock = instantOf(2026, 11, 26, 7, 5);
      expect(await scheduler?.tick("morning-digest")).toBe("ran");
      expect(await db.selectFrom("digest_days").select("day").where("day", "=", "2026-11-26").execute()).toEqual([]);

      // Friday 9:59 is one business hour and 59 minutes; 10:00 makes two.
      clock = instantOf(2026, 11, 27, 9, 59);
      expect(await scheduler?.tick("reminders")).toBe("ran");
      expect(await reminded()).toBe(false);
      clock = instantOf(2026, 11, 27, 10, 0);
      expect(await scheduler?.tick("reminders")).toBe("ran");
      expect(await reminded()).toBe(true);
    } finally {
      await stopBackgroundWork();
      startBackgroundWork();
      await backgroundWorkReady();
    }
  });
});
