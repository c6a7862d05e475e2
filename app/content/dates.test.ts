import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

describe("formatDate", () => {
  it("writes an ISO day as the pages show it, without a leading zero", () => {
    expect(formatDate("2025-11-03")).toBe("November 3, 2025");
    expect(formatDate("2026-01-31")).toBe("January 31, 2026");
    expect(formatDate("2024-12-25")).toBe("December 25, 2024");
  });

  it("agrees with the browser's own US English formatting on every month", () => {
    const us = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, "0")}-09`;
      expect(formatDate(day)).toBe(us.format(new Date(`${day}T00:00:00Z`)));
    }
  });

  it("leaves text that is not an ISO day as it is instead of printing a wrong date", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2026-13-01")).toBe("2026-13-01");
  });
});
