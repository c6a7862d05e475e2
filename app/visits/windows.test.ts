import { describe, expect, it } from "vitest";
import { addDays, instantOf, mondayOf, dayOf } from "~/time/business-time";
import { readWindowInputs, validateWindows, type WindowInput } from "./windows";

// Monday November 23, 2026, 1:39 PM in New Jersey.
const NOW = new Date("2026-11-23T18:39:00Z");

const rows = (...inputs: WindowInput[]) => inputs.map((input, i) => ({ row: i + 1, input }));
const slot = (date: string, start: string, end: string): WindowInput => ({ date, start, end });

describe("visit windows", () => {
  it("accepts up to three 2-hour windows between 7:00 and 19:00 New Jersey time, soonest first", () => {
    const check = validateWindows(
      rows(
        slot("2026-11-25", "17:00", "19:00"),
        slot("2026-11-24", "07:00", "09:00"),
        slot("2026-11-23", "14:00", "16:00"),
      ),
      NOW,
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.windows.map((w) => [w.startsAt.toISOString(), w.endsAt.toISOString()])).toEqual([
      ["2026-11-23T19:00:00.000Z", "2026-11-23T21:00:00.000Z"],
      ["2026-11-24T12:00:00.000Z", "2026-11-24T14:00:00.000Z"],
      ["2026-11-25T22:00:00.000Z", "2026-11-26T00:00:00.000Z"],
    ]);
  });

  it("reads summer dates in daylight time", () => {
    const check = validateWindows(rows(slot("2027-03-15", "10:00", "12:00")), new Date("2027-03-01T12:00:00Z"));
    expect(check.ok && check.windows[0]?.startsAt.toISOString()).toBe("2027-03-15T14:00:00.000Z");
  });

  it("refuses a time that has passed, at the date field", () => {
    // 13:00 today has passed at 13:39; so has yesterday.
    const check = validateWindows(
      rows(slot("2026-11-23", "13:00", "15:00"), slot("2026-11-22", "10:00", "12:00")),
      NOW,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        "window-1-date": "This time has already passed: choose a later one.",
        "window-2-date": "This time has already passed: choose a later one.",
      },
    });
  });

  it("refuses a window starting before 7:00 or ending after 19:00, at the start field", () => {
    for (const [start, end] of [
      ["06:30", "08:30"],
      ["17:30", "19:30"],
      ["18:00", "20:00"],
      ["05:00", "07:00"],
    ] as const) {
      const check = validateWindows(rows(slot("2026-11-24", start, end)), NOW);
      expect(check.ok ? "accepted" : check.errors["window-1-start"], `${start}-${end}`).toMatch(
        /^Start between 7:00 AM and 5:00 PM/,
      );
    }
  });

  it("refuses a window that is not exactly 2 hours, at the end field", () => {
    for (const [start, end] of [
      ["09:00", "10:00"],
      ["09:00", "12:00"],
      ["09:00", "11:30"],
      ["11:00", "09:00"],
    ] as const) {
      const check = validateWindows(rows(slot("2026-11-24", start, end)), NOW);
      expect(check.ok ? "accepted" : check.errors["window-1-end"], `${start}-${end}`).toBe(
        "A visit window is exactly 2 hours: end 2 hours after the start.",
      );
    }
  });

  it("refuses more than three windows as a whole", () => {
    const four = rows(
      slot("2026-11-24", "08:00", "10:00"),
      slot("2026-11-24", "10:00", "12:00"),
      slot("2026-11-24", "12:00", "14:00"),
      slot("2026-11-24", "14:00", "16:00"),
    );
    expect(validateWindows(four, NOW)).toEqual({
      ok: false,
      errors: {},
      formError: "Propose at most 3 times; the homeowner picks one.",
    });
  });

  it("refuses no window, malformed and impossible values, twins and dates far ahead", () => {
    expect(validateWindows([], NOW)).toMatchObject({ ok: false, errors: { "window-1-date": expect.any(String) } });
    const check = validateWindows(
      rows(
        slot("2026-02-30", "10:00", "12:00"),
        slot("24/11/2026", "25:00", "1pm"),
        slot("2026-11-24", "10:00", "12:00"),
      ),
      NOW,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors).sort()).toEqual([
      "window-1-date",
      "window-2-date",
      "window-2-end",
      "window-2-start",
    ]);
    const twins = validateWindows(
      rows(slot("2026-11-24", "10:00", "12:00"), slot("2026-11-24", "10:00", "12:00")),
      NOW,
    );
    expect(twins.ok ? "accepted" : twins.errors["window-2-date"]).toBe("The same time as window 1: choose another.");
    const far = validateWindows(rows(slot("2027-11-24", "10:00", "12:00")), NOW);
    expect(far.ok ? "accepted" : far.errors["window-1-date"]).toMatch(/^Choose a date within the next/);
  });

  it("reads the form's rows, skipping empty ones and trimming what is typed", () => {
    const form = new Map<string, string>([
      ["window-1-date", " 2026-11-24 "],
      ["window-1-start", "10:00"],
      ["window-1-end", "12:00"],
      ["window-3-date", "2026-11-25"],
      ["window-4-start", "x".repeat(500)],
    ]);
    const read = readWindowInputs((name) => form.get(name));
    expect(read.map((r) => r.row)).toEqual([1, 3, 4]);
    expect(read[0]?.input).toEqual({ date: "2026-11-24", start: "10:00", end: "12:00" });
    expect(read[2]?.input.start.length).toBe(20);
  });
});

describe("New Jersey days", () => {
  it("finds the day and the Monday of an instant in New Jersey, not UTC", () => {
    // 02:00 UTC on Tuesday is still Monday evening in New Jersey.
    expect(dayOf(new Date("2026-11-24T02:00:00Z"))).toBe("2026-11-23");
    expect(mondayOf(new Date("2026-11-29T23:00:00Z"))).toBe("2026-11-23");
    expect(mondayOf(new Date("2026-11-30T06:00:00Z"))).toBe("2026-11-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(instantOf(2026, 11, 1, 1, 30).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});
