import { describe, expect, it } from "vitest";
import { checkClosedDay, formatClosedRange } from "./closed-day-rules";

const today = "2026-11-24";

describe("checkClosedDay", () => {
  it("accepts one day or a range from today on", () => {
    expect(checkClosedDay({ firstDay: "2026-11-26", lastDay: "", label: "Thanksgiving" }, today)).toEqual({});
    expect(checkClosedDay({ firstDay: "2026-12-24", lastDay: "2026-12-26", label: "Christmas" }, today)).toEqual({});
  });

  it("refuses a first day more than five years ahead, naming it", () => {
    expect(checkClosedDay({ firstDay: "9999-12-24", lastDay: "", label: "Christmas" }, today)).toEqual({
      firstDay: "The first day must fall between November 24, 2025 and November 24, 2031.",
    });
    expect(checkClosedDay({ firstDay: "2031-11-24", lastDay: "", label: "Thanksgiving" }, today)).toEqual({});
  });

  it("refuses a past day, a range backwards or too long, a day that does not exist and an empty label", () => {
    expect(checkClosedDay({ firstDay: "2026-11-23", lastDay: "", label: "Late" }, today)).toHaveProperty("firstDay");
    expect(checkClosedDay({ firstDay: "2026-11-30", lastDay: "2026-11-28", label: "x" }, today)).toEqual({
      lastDay: "The last day comes before the first.",
    });
    expect(checkClosedDay({ firstDay: "2026-12-01", lastDay: "2027-01-15", label: "x" }, today)).toHaveProperty(
      "lastDay",
    );
    expect(checkClosedDay({ firstDay: "2026-02-30", lastDay: "", label: "x" }, "2026-01-01")).toHaveProperty(
      "firstDay",
    );
    expect(checkClosedDay({ firstDay: "2026-11-26", lastDay: "", label: "  " }, today)).toHaveProperty("label");
    expect(checkClosedDay({ firstDay: "2026-11-26", lastDay: "", label: "Thanks\u202egiving" }, today)).toHaveProperty(
      "label",
    );
    expect(checkClosedDay({ firstDay: "2026-11-26", lastDay: "", label: "Thanks\ngiving" }, today)).toEqual({
      label: "Write the label on one line.",
    });
  });

  it("names the hidden character a label holds", () => {
    expect(checkClosedDay({ firstDay: "2026-11-26", lastDay: "", label: "Thanks\u200dgiving" }, today)).toEqual({
      label: "The label holds a zero-width character (U+200D) that would not show on screen. Type it again without it.",
    });
    expect(
      checkClosedDay(
        { firstDay: "2026-11-26", lastDay: "", label: `Thanksgiving${String.fromCodePoint(0xe0020)}` },
        today,
      ),
    ).toEqual({ label: expect.stringMatching(/^The label holds an invisible tag character \(U\+E0020\)/) });
  });
});

describe("formatClosedRange", () => {
  it("names the weekday of a single day", () => {
    expect(formatClosedRange("2026-11-26", "2026-11-26")).toBe("Thursday, November 26");
    expect(formatClosedRange("2026-12-24", "2026-12-26")).toBe("December 24 – December 26");
  });
});
