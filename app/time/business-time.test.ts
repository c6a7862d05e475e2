import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { profile } from "~/content/profile";
import {
  addDays,
  BUSINESS_ZONE,
  businessMsBetween,
  dayOf,
  formatCompactDateTime,
  formatDateTime,
  formatDateTimeWithZone,
  formatDuration,
  formatShortDay,
  instantOf,
  isOpenDay,
  mondayOf,
  startOfDay,
  wallClock,
} from "./business-time";

const HOUR = 3_600_000;
const root = path.resolve(import.meta.dirname, "../..");

/** Every source file of the app and the commands, relative to the project. */
function sourceFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "+types") walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(rel);
    }
  };
  walk("app");
  walk("scripts");
  return found.sort();
}

describe("the business's clock", () => {
  it("is the profile's zone", () => {
    expect(BUSINESS_ZONE).toBe(profile.timeZone);
    // 10:00 on a winter Tuesday in the business's zone.
    expect(wallClock(new Date("2025-03-04T15:00:00Z"))).toMatchObject({ hour: 10, weekday: 2, day: 4 });
  });

  it("names instants and days across both clock changes", () => {
    expect(instantOf(2025, 3, 10, 9).toISOString()).toBe("2025-03-10T13:00:00.000Z");
    expect(instantOf(2025, 11, 3, 9).toISOString()).toBe("2025-11-03T14:00:00.000Z");
    expect(dayOf(new Date("2026-11-24T02:00:00Z"))).toBe("2026-11-23");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(mondayOf(new Date("2025-03-09T18:00:00Z"))).toBe("2025-03-03");
    expect(startOfDay("2025-03-09").toISOString()).toBe("2025-03-09T05:00:00.000Z");
  });

  it("counts only opening hours", () => {
    // Tuesday 2025-03-04, 10:00 to 11:30 EST.
    expect(businessMsBetween(new Date("2025-03-04T15:00:00Z"), new Date("2025-03-04T16:30:00Z"))).toBe(1.5 * HOUR);
    // Friday 16:00 EST to Monday 10:00 EST: one hour on Friday, one on Monday.
    expect(businessMsBetween(new Date("2025-03-07T21:00:00Z"), new Date("2025-03-10T14:00:00Z"))).toBe(2 * HOUR);
    // Across the spring clock change (Sunday 9 March 2025): Monday 9:00 EDT is 13:00 UTC.
    expect(businessMsBetween(new Date("2025-03-08T12:00:00Z"), new Date("2025-03-10T14:00:00Z"))).toBe(1 * HOUR);
  });

  it("leaves out the days given as closed, as a set or as a test", () => {
    const from = new Date("2025-03-07T21:00:00Z");
    const to = new Date("2025-03-11T14:00:00Z");
    expect(businessMsBetween(from, to)).toBe(10 * HOUR);
    expect(businessMsBetween(from, to, { closed: new Set(["2025-03-10"]) })).toBe(2 * HOUR);
    expect(businessMsBetween(from, to, { closed: (day) => day.endsWith("-11") })).toBe(9 * HOUR);
    expect(isOpenDay("2025-03-10")).toBe(true);
    expect(isOpenDay("2025-03-10", { closed: new Set(["2025-03-10"]) })).toBe(false);
    expect(isOpenDay("2025-03-08")).toBe(false);
  });
});

describe("times and durations as people read them", () => {
  it("writes every duration one way", () => {
    expect(formatDuration(5 * 60_000)).toBe("5 min");
    expect(formatDuration(2 * HOUR)).toBe("2 h 0 min");
    expect(formatDuration(3 * HOUR + 10 * 60_000)).toBe("3 h 10 min");
    expect(formatDuration(26 * HOUR)).toBe("1 d 2 h");
    expect(formatDuration(50 * HOUR)).toBe("2 d 2 h");
  });

  it("writes dates in the business's zone", () => {
    const at = new Date("2026-11-24T15:00:00Z");
    expect(formatDateTime(at)).toBe("Nov 24, 2026, 10:00 AM");
    expect(formatDateTime(at.toISOString())).toBe("Nov 24, 2026, 10:00 AM");
    expect(formatDateTimeWithZone(at)).toBe(`Tuesday, November 24, 2026 at 10:00 AM (${profile.timeZoneName})`);
    expect(formatCompactDateTime(at)).toBe("2026-11-24 10:00");
    expect(formatShortDay(at)).toBe("Tue, Nov 24");
  });
});

describe("one source for the business's time", () => {
  it("names the zone in the profile only (and in the calendar rules written for it)", () => {
    const spelled = sourceFiles().filter((file) =>
      fs.readFileSync(path.join(root, file), "utf8").includes(profile.timeZone),
    );
    expect(spelled).toEqual(["app/content/profile.ts", "app/visits/ics.server.ts"]);
  });

  it("has one list of weekday names, beside the business facts", () => {
    const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const short = weekdays.map((day) => `"${day.slice(0, 3)}"`);
    const lists = sourceFiles().filter((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return weekdays.every((day) => text.includes(`${day}`)) || short.every((day) => text.includes(day));
    });
    expect(lists).toEqual(["app/content/business-facts.ts"]);
  });
});
