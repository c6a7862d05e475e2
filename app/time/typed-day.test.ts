import { describe, expect, it } from "vitest";
import { addYears, isCalendarDay, parseDay, reasonableDays, typedDayError } from "./typed-day";

describe("a date the owner types", () => {
  it("is a real calendar day, whatever its year", () => {
    for (const day of ["2026-12-01", "2028-02-29", "0001-01-01", "9999-12-31"])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2027-02-29", "2026-13-01", "2026-11-31", "0000-00-00", "26-12-01", "2026-12-1", ""])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it("falls between one year back and five years ahead, a leap day landing on February 28", () => {
    expect(reasonableDays("2026-12-01")).toEqual({ first: "2025-12-01", last: "2031-12-01" });
    expect(reasonableDays("2028-02-29")).toEqual({ first: "2027-02-28", last: "2033-02-28" });
    expect(addYears("2026-12-31", 1)).toBe("2027-12-31");
  });

  it("is refused outside those days with the field's name and both bounds, and taken on them", () => {
    const today = "2026-12-31";
    expect(typedDayError("2025-12-31", "The start date", today)).toBeUndefined();
    expect(typedDayError("2031-12-31", "The start date", today)).toBeUndefined();
    expect(typedDayError("2032-01-01", "The start date", today)).toBe(
      "The start date must fall between December 31, 2025 and December 31, 2031.",
    );
    expect(typedDayError("0000-01-01", "Valid until", today)).toMatch(/^Valid until must fall between/);
    expect(typedDayError("soon", "The start date", today)).toBe("A date such as 2027-04-15.");
  });

  it("takes the form's own narrower bounds", () => {
    const bounds = { first: "2026-11-03", last: "2026-12-01" };
    expect(typedDayError("2026-11-02", "The date received", "2026-12-01", bounds)).toBe(
      "The date received must fall between November 3, 2026 and December 1, 2026.",
    );
    expect(
      typedDayError("2026-11-02", "The date received", "2026-11-02", { first: "2026-11-02", last: "2026-11-02" }),
    ).toBeUndefined();
    expect(
      typedDayError("2026-11-01", "The date received", "2026-11-02", { first: "2026-11-02", last: "2026-11-02" }),
    ).toBe("The date received can only be November 2, 2026.");
  });

  it("reads a day into its parts, and the forms that refuse a year below 100 still refuse it", () => {
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay("2027-02-29")).toBeUndefined();
    expect(parseDay("0050-01-01")).toEqual({ year: 50, month: 1, day: 1 });
    expect(parseDay("0050-01-01", { minYear: 100 })).toBeUndefined();
    expect(parseDay("0100-01-01", { minYear: 100 })).toEqual({ year: 100, month: 1, day: 1 });
  });
});
