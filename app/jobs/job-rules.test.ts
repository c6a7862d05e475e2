import { describe, expect, it } from "vitest";
import { addMonths, isLate, readDatesForm, readPermitForm, warrantyRunsTo } from "./job-rules";

const form = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("the permit before 'Mark started'", () => {
  it("refuses neither a permit nor the box, naming both ways to go on", () => {
    const read = readPermitForm(form({}));
    expect(read).toEqual({
      ok: false,
      errors: {
        permit: "Enter the permit number and who issued it, or tick 'No permit needed for this work' and say why.",
      },
    });
  });

  it("takes a permit with its issuer, and asks for the issuer when it is missing", () => {
    expect(readPermitForm(form({ permitNumber: "2027-0412", issuedBy: "Long Beach Township" }))).toEqual({
      ok: true,
      permit: { permitNumber: "2027-0412", issuedBy: "Long Beach Township" },
    });
    expect(readPermitForm(form({ permitNumber: "2027-0412" }))).toMatchObject({
      ok: false,
      errors: { issuedBy: "Enter who issued it, such as the township." },
    });
  });

  it("takes the box only with a reason, and never the box beside a permit", () => {
    expect(readPermitForm(form({ noPermit: "yes" }))).toMatchObject({
      ok: false,
      errors: { noPermitReason: "Say why this work needs no permit." },
    });
    expect(readPermitForm(form({ noPermit: "yes", noPermitReason: "Repairs in kind, no structural change" }))).toEqual({
      ok: true,
      permit: { noPermitReason: "Repairs in kind, no structural change" },
    });
    expect(
      readPermitForm(form({ noPermit: "yes", noPermitReason: "Minor", permitNumber: "12", issuedBy: "Ship Bottom" })),
    ).toMatchObject({ ok: false, errors: { noPermit: expect.stringContaining("not both") } });
  });

  it("refuses hidden characters in a permit number", () => {
    expect(readPermitForm(form({ permitNumber: "2027\u200b-0412", issuedBy: "Ship Bottom" }))).toMatchObject({
      ok: false,
      errors: { permitNumber: expect.any(String) },
    });
  });
});

describe("'Save dates'", () => {
  const current = { start_day: "2027-04-05", completion_day: "2027-04-16" };
  const today = "2026-12-01";

  it("asks why when a day the homeowner knows moves, and not when the dates are first set", () => {
    expect(readDatesForm(form({ startDay: "2027-04-12", completionDay: "2027-04-23" }), current, today)).toMatchObject({
      ok: false,
      errors: { reason: "Say why the dates changed: the homeowner is emailed this." },
    });
    expect(
      readDatesForm(
        form({ startDay: "2027-04-12", completionDay: "2027-04-23" }),
        { start_day: null, completion_day: null },
        today,
      ),
    ).toMatchObject({ ok: true });
  });

  it("refuses a completion before the start and a day that does not exist", () => {
    expect(
      readDatesForm(form({ startDay: "2027-04-12", completionDay: "2027-04-02", reason: "Rain" }), current, today),
    ).toMatchObject({ ok: false, errors: { completionDay: "Completion cannot come before the start." } });
    expect(
      readDatesForm(form({ startDay: "2027-02-30", completionDay: "2027-04-02", reason: "Rain" }), current, today),
    ).toMatchObject({ ok: false, errors: { startDay: "A date such as 2027-04-15." } });
  });

  it("takes days from a year back to five years ahead, and names the field it refuses", () => {
    const dates = (startDay: string, completionDay: string) =>
      readDatesForm(form({ startDay, completionDay }), { start_day: null, completion_day: null }, today);
    expect(dates("2025-12-01", "2031-12-01")).toMatchObject({ ok: true });
    expect(dates("0000-01-01", "9999-12-31")).toEqual({
      ok: false,
      errors: {
        startDay: "The start date must fall between December 1, 2025 and December 1, 2031.",
        completionDay: "The completion date must fall between December 1, 2025 and December 1, 2031.",
      },
    });
    expect(dates("2025-11-30", "2031-12-02")).toMatchObject({
      ok: false,
      errors: {
        startDay: expect.stringMatching(/^The start date/),
        completionDay: expect.stringMatching(/^The completion date/),
      },
    });
  });
});

describe("a late job", () => {
  it("is open and past its completion day, never completed or cancelled", () => {
    expect(isLate({ state: "started", completion_day: "2027-04-16" }, "2027-04-17")).toBe(true);
    expect(isLate({ state: "scheduled", completion_day: "2027-04-16" }, "2027-04-16")).toBe(false);
    expect(isLate({ state: "completed", completion_day: "2027-04-16" }, "2027-05-01")).toBe(false);
    expect(isLate({ state: "cancelled", completion_day: "2027-04-16" }, "2027-05-01")).toBe(false);
  });
});

describe("the warranty's last day", () => {
  it("reads the period from the warranty's words and counts from completion", () => {
    expect(warrantyRunsTo("Two years on workmanship from completion.", "2027-04-16")).toBe("2029-04-16");
    expect(warrantyRunsTo("A 12-month warranty on labor.", "2027-04-16")).toBe("2028-04-16");
    expect(warrantyRunsTo("1 year parts and labor", "2027-04-16")).toBe("2028-04-16");
    expect(warrantyRunsTo("Lifetime, as the manufacturer's.", "2027-04-16")).toBeUndefined();
    // Two periods: one last day would misstate one of them, so none is given.
    expect(warrantyRunsTo("5 years on materials, 1 year on workmanship.", "2027-04-16")).toBeUndefined();
  });

  it("keeps the day within a shorter month", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
  });
});
