import { describe, expect, it } from "vitest";
import { businessMsBetween, formatWait, townOf, waitingClock } from "./waiting";

const HOUR = 3_600_000;

describe("the waiting clock", () => {
  it("counts only opening hours, New Jersey time", () => {
    // Tuesday 2025-03-04, 10:00 to 11:30 EST.
    expect(businessMsBetween(new Date("2025-03-04T15:00:00Z"), new Date("2025-03-04T16:30:00Z"))).toBe(1.5 * HOUR);
    // Friday 16:00 EST to Monday 10:00 EST: one hour on Friday, one on Monday.
    expect(businessMsBetween(new Date("2025-03-07T21:00:00Z"), new Date("2025-03-10T14:00:00Z"))).toBe(2 * HOUR);
    // Across the spring clock change (Sunday 9 March 2025): Monday 9:00 EDT is 13:00 UTC.
    expect(businessMsBetween(new Date("2025-03-08T12:00:00Z"), new Date("2025-03-10T14:00:00Z"))).toBe(1 * HOUR);
  });

  it("turns red after two business hours, not two hours of night", () => {
    // Sent Monday 20:00 EST, looked at Tuesday 10:30 EST: 1.5 business hours.
    expect(waitingClock(new Date("2025-03-04T01:00:00Z"), new Date("2025-03-04T15:30:00Z"))).toEqual({
      text: "1 h 30 min",
      late: false,
    });
    expect(waitingClock(new Date("2025-03-04T14:00:00Z"), new Date("2025-03-04T16:01:00Z")).late).toBe(true);
  });

  it("reads short", () => {
    expect(formatWait(5 * 60_000)).toBe("5 min");
    expect(formatWait(26 * HOUR)).toBe("1 d 2 h");
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
