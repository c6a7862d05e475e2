import { describe, expect, it } from "vitest";
import type { WeekHours } from "~/content/business-facts";
import { townOf } from "./address";
import { reminderDue, waitingClock } from "./waiting";

// New Jersey is UTC-5 in winter (EST) and UTC-4 in summer (EDT); opening hours are 9:00 to 17:00,
// Monday to Friday (content/profile.ts).
const at = (iso: string) => new Date(iso);

describe("when a New lead earns a reminder", () => {
  it("after two business hours within one working day", () => {
    // Tuesday 4 March 2025, sent 10:00 EST.
    const created = at("2025-03-04T15:00:00Z");
    expect(reminderDue(created, at("2025-03-04T16:59:00Z"), 2)).toBe(false);
    expect(reminderDue(created, at("2025-03-04T17:00:00Z"), 2)).toBe(true);
  });

  it("counts a request sent in the evening from the next morning's opening", () => {
    // Monday 20:00 EST: due Tuesday 11:00 EST, not during the night.
    const created = at("2025-03-04T01:00:00Z");
    expect(reminderDue(created, at("2025-03-04T14:00:00Z"), 2)).toBe(false); // Tuesday 9:00
    expect(reminderDue(created, at("2025-03-04T15:59:00Z"), 2)).toBe(false); // 10:59
    expect(reminderDue(created, at("2025-03-04T16:00:00Z"), 2)).toBe(true); // 11:00
  });

  it("carries the hour left on Friday over the weekend to Monday", () => {
    // Friday 7 March 2025, 16:00 EST: one hour that day, the second on Monday 10 March, which is
    // after the spring clock change (Sunday 9 March), so Monday 10:00 EDT is 14:00 UTC.
    const created = at("2025-03-07T21:00:00Z");
    expect(reminderDue(created, at("2025-03-08T18:00:00Z"), 2)).toBe(false); // Saturday
    expect(reminderDue(created, at("2025-03-09T18:00:00Z"), 2)).toBe(false); // Sunday
    expect(reminderDue(created, at("2025-03-10T13:59:00Z"), 2)).toBe(false); // Monday 9:59 EDT
    expect(reminderDue(created, at("2025-03-10T14:00:00Z"), 2)).toBe(true); // Monday 10:00 EDT
  });

  it("keeps to the wall clock across the autumn clock change", () => {
    // Saturday 1 November 2025, noon EDT; clocks go back on Sunday 2 November. Monday 11:00 EST is 16:00 UTC.
    const created = at("2025-11-01T16:00:00Z");
    expect(reminderDue(created, at("2025-11-03T15:59:00Z"), 2)).toBe(false);
    expect(reminderDue(created, at("2025-11-03T16:00:00Z"), 2)).toBe(true);
  });

  it("waits the configured number of hours, across days", () => {
    // Wednesday 15:00 EST with 4 hours: 2 on Wednesday, 2 on Thursday, so Thursday 11:00 EST.
    const created = at("2025-03-05T20:00:00Z");
    expect(reminderDue(created, at("2025-03-06T15:59:00Z"), 4)).toBe(false);
    expect(reminderDue(created, at("2025-03-06T16:00:00Z"), 4)).toBe(true);
  });

  it("never fires with reminders turned off", () => {
    expect(reminderDue(at("2025-03-04T15:00:00Z"), at("2025-04-04T15:00:00Z"), 0)).toBe(false);
  });

  it("follows other opening hours when given them", () => {
    const saturdays: WeekHours = {
      Monday: "closed",
      Tuesday: "closed",
      Wednesday: "closed",
      Thursday: "closed",
      Friday: "closed",
      Saturday: { opens: "08:00", closes: "12:00" },
      Sunday: "closed",
    };
    // Friday 10:00 EST: nothing counts until Saturday 8:00; due at 10:00 EST (15:00 UTC).
    const created = at("2025-03-07T15:00:00Z");
    expect(reminderDue(created, at("2025-03-08T14:59:00Z"), 2, { hours: saturdays })).toBe(false);
    expect(reminderDue(created, at("2025-03-08T15:00:00Z"), 2, { hours: saturdays })).toBe(true);
  });
});

describe("the desk's waiting clock", () => {
  it("counts business hours, not two hours of night", () => {
    // Sent Monday 20:00 EST, looked at Tuesday 10:30 EST: 1.5 business hours.
    expect(waitingClock(at("2025-03-04T01:00:00Z"), at("2025-03-04T15:30:00Z"), 2)).toEqual({
      text: "1 h 30 min",
      late: false,
    });
  });

  it("turns red when the reminder falls due, whatever REMINDER_AFTER_HOURS says", () => {
    // Tuesday 4 March 2025, sent 10:00 EST; every minute of the next two working days.
    const created = at("2025-03-04T15:00:00Z");
    for (const afterHours of [1, 2, 3, 7]) {
      for (let minute = 0; minute < 2 * 24 * 60; minute += 7) {
        const now = new Date(created.getTime() + minute * 60_000);
        expect(waitingClock(created, now, afterHours).late, `${afterHours} h, ${now.toISOString()}`).toBe(
          reminderDue(created, now, afterHours),
        );
      }
    }
    // Three hours set: not red after two and a half business hours, red at three.
    expect(waitingClock(created, at("2025-03-04T17:30:00Z"), 3).late).toBe(false);
    expect(waitingClock(created, at("2025-03-04T18:00:00Z"), 3).late).toBe(true);
  });

  it("skips the days the business is closed", () => {
    // Monday 10 March 2025 closed: Friday 16:00 EST to Tuesday 10:00 EDT is one hour, then one.
    const created = at("2025-03-07T21:00:00Z");
    const closed = new Set(["2025-03-10"]);
    expect(waitingClock(created, at("2025-03-10T14:00:00Z"), 2).late).toBe(true);
    expect(waitingClock(created, at("2025-03-10T14:00:00Z"), 2, { closed }).late).toBe(false);
    expect(waitingClock(created, at("2025-03-11T14:00:00Z"), 2, { closed })).toEqual({ text: "2 h 0 min", late: true });
  });
});

describe("the town of an address", () => {
  it.each([
    ["12 Ocean Ave, Surf City, NJ", "Surf City"],
    ["5 Bay Blvd, Ship Bottom NJ 08008", "Ship Bottom"],
    ["22 Dune Rd Beach Haven", "Beach Haven"],
    ["somewhere", ""],
    ["", ""],
  ])("%j is in %j", (address, town) => {
    expect(townOf(address)).toBe(town);
  });
});
