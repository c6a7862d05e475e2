import { describe, expect, it } from "vitest";
import { instantOf } from "~/time/business-time";
import { cancelDeadline, nthBusinessDayAfter, reminderDueAt } from "./business-days";

describe("the third business day", () => {
  it("skips the weekend: accepted on a Thursday, the right to cancel ends at midnight starting Wednesday", () => {
    // Thursday 2027-03-04 at 8 PM New Jersey time: Friday 5, Monday 8, Tuesday 9.
    const accepted = instantOf(2027, 3, 4, 20);
    expect(nthBusinessDayAfter(accepted, 3)).toBe("2027-03-09");
    expect(cancelDeadline(accepted)).toEqual(instantOf(2027, 3, 10));
  });

  it("skips a closed day as well, and counts midnight in New Jersey whatever the server's zone", () => {
    const accepted = instantOf(2027, 3, 4, 20);
    // Closed Monday the 8th: Friday 5, Tuesday 9, Wednesday 10.
    expect(cancelDeadline(accepted, new Set(["2027-03-08"]))).toEqual(instantOf(2027, 3, 11));
    expect(cancelDeadline(accepted, new Set(["2027-03-08"])).toISOString()).toBe("2027-03-11T05:00:00.000Z");
  });

  it("does not count the day of acceptance itself, even early in the morning", () => {
    expect(cancelDeadline(instantOf(2027, 3, 1, 0, 5))).toEqual(instantOf(2027, 3, 5));
  });

  it("dues the reminder after the same count from the day the quote was sent", () => {
    expect(reminderDueAt(instantOf(2027, 3, 5, 10))).toEqual(instantOf(2027, 3, 11));
  });
});
