import { describe, expect, it } from "vitest";
import { firstFacts } from "~/content/business-facts";
import { checkNoticeDraft, EMPTY_NOTICE, type NoticeValues } from "./notice-draft";
import { njDateTimeValue, parseNjDateTime } from "./nj-datetime";

const rules = { siteUrl: "https://www.causewayhomerepair.example", phone: firstFacts.phone };
const now = new Date("2026-11-24T15:00:00Z");
const draft = (fields: Partial<NoticeValues>): NoticeValues => ({
  ...EMPTY_NOTICE,
  body: "Closed Thursday for Thanksgiving.",
  ...fields,
});

describe("checkNoticeDraft", () => {
  it("reads Starts and Ends as New Jersey time", () => {
    const checked = checkNoticeDraft(draft({ startsAt: "2026-11-25T17:00", endsAt: "2026-11-27T00:00" }), rules, now);
    expect(checked.ok && checked.startsAt?.toISOString()).toBe("2026-11-25T22:00:00.000Z");
    expect(checked.ok && checked.endsAt?.toISOString()).toBe("2026-11-27T05:00:00.000Z");
  });

  it("refuses an end that has passed, an end before the start, a tone it does not know", () => {
    const checked = checkNoticeDraft(
      draft({ tone: "shout", startsAt: "2026-11-26T10:00", endsAt: "2026-11-26T09:00" }),
      rules,
      now,
    );
    expect(checked.ok ? {} : checked.errors).toEqual({
      tone: "Choose Information or Urgent.",
      endsAt: "The end must come after the start.",
    });
    const past = checkNoticeDraft(draft({ endsAt: "2026-11-24T09:59" }), rules, now);
    expect(past.ok ? {} : past.errors).toEqual({ endsAt: "That time has passed. Choose a later end." });
  });

  it("refuses a start or an end more than five years ahead, naming it", () => {
    const checked = checkNoticeDraft(draft({ startsAt: "2207-11-25T17:00", endsAt: "9999-11-27T00:00" }), rules, now);
    expect(checked.ok ? {} : checked.errors).toEqual({
      startsAt: "Starts must be on or before November 24, 2031.",
      endsAt: "Ends must be on or before November 24, 2031.",
    });
  });

  it("refuses a time that is not one", () => {
    const checked = checkNoticeDraft(draft({ startsAt: "tomorrow" }), rules, now);
    expect(checked.ok ? {} : checked.errors).toHaveProperty("startsAt");
  });
});

describe("New Jersey date and time fields", () => {
  it("round-trips, and refuses a day or an hour the New Jersey clock never shows", () => {
    const instant = parseNjDateTime("2026-07-04T09:30");
    expect(instant?.toISOString()).toBe("2026-07-04T13:30:00.000Z");
    expect(instant && njDateTimeValue(instant)).toBe("2026-07-04T09:30");
    expect(parseNjDateTime("2026-02-30T09:00")).toBeUndefined();
    expect(parseNjDateTime("2026-03-08T02:30")).toBeUndefined();
  });
});
