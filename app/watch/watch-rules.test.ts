import { describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "~/time/business-time";
import { checklistFrom, checklistText, standardChecklist, type ChecklistItem } from "./checklist";
import { checkPlan, termsOf, townWarning, visitDays, type PlanValues } from "./watch-rules";

const VALID: PlanValues = {
  name: "Robin Shore",
  email: "robin@example.com",
  phone: "(609) 555-0142",
  address: "8 Bay Avenue, Harvey Cedars, NJ",
  town: "Harvey Cedars",
  seasonStart: "2027-10-01",
  seasonEnd: "2028-05-31",
  frequency: "weekly",
  weekday: "4",
  price: "85",
  stormPrice: "$120.50",
  access: "Lockbox 4417",
  inside: "Water heater\nThermostat",
  outside: "Roof line",
};

describe("a season's visit days", () => {
  it("falls every week on the plan's weekday, from the first such day to the season's last", () => {
    const days = visitDays(
      { seasonStart: "2027-10-01", seasonEnd: "2027-10-31", frequency: "weekly", weekday: 4 },
      "2027-09-20",
    );
    expect(days).toEqual(["2027-10-07", "2027-10-14", "2027-10-21", "2027-10-28"]);
    expect(days.every((d) => weekdayOf(d) === 4)).toBe(true);
  });

  it("every other week skips a week, and never starts before the day given", () => {
    const days = visitDays(
      { seasonStart: "2027-10-01", seasonEnd: "2027-11-30", frequency: "fortnightly", weekday: 1 },
      "2027-10-12",
    );
    expect(days).toEqual(["2027-10-18", "2027-11-01", "2027-11-15", "2027-11-29"]);
  });

  it("is empty once the season is over, and holds the last day itself when it is the weekday", () => {
    expect(
      visitDays({ seasonStart: "2027-01-01", seasonEnd: "2027-01-31", frequency: "weekly", weekday: 0 }, "2027-02-01"),
    ).toEqual([]);
    const last = visitDays(
      { seasonStart: "2027-01-01", seasonEnd: "2027-01-31", frequency: "weekly", weekday: 0 },
      "2027-01-25",
    );
    expect(last).toEqual(["2027-01-31"]);
  });

  it("crosses a year and a month's end day by day", () => {
    const days = visitDays(
      { seasonStart: "2027-12-20", seasonEnd: "2028-01-20", frequency: "weekly", weekday: 5 },
      "2027-12-01",
    );
    expect(days).toEqual(["2027-12-24", "2027-12-31", "2028-01-07", "2028-01-14"]);
    expect(days.map((d, i) => (i === 0 ? 7 : (Date.parse(d) - Date.parse(days[i - 1] ?? d)) / 86_400_000))).toEqual([
      7, 7, 7, 7,
    ]);
    expect(addDays("2027-12-31", 7)).toBe("2028-01-07");
  });
});

describe("the plan's fields", () => {
  it("takes a complete plan, and reads its prices in whole cents", () => {
    expect(checkPlan(VALID)).toEqual({});
    expect(termsOf(VALID)).toMatchObject({
      priceCents: 8_500,
      stormPriceCents: 12_050,
      weekday: 4,
      frequency: "weekly",
    });
  });

  it("names each field to correct", () => {
    const errors = checkPlan({
      ...VALID,
      email: "robin-at-example",
      seasonEnd: "2027-09-01",
      frequency: "monthly",
      weekday: "7",
      price: "0",
      stormPrice: "lots",
      inside: "",
      outside: "",
    });
    expect(Object.keys(errors).sort()).toEqual([
      "email",
      "frequency",
      "inside",
      "price",
      "seasonEnd",
      "stormPrice",
      "weekday",
    ]);
    expect(errors.frequency).toBe("Choose every week or every other week.");
    expect(errors.seasonEnd).toBe("The last day comes after the first.");
  });

  it("refuses a day that is no calendar day, a season over a year, and hidden characters", () => {
    expect(checkPlan({ ...VALID, seasonStart: "2027-02-30" }).seasonStart).toBeDefined();
    expect(checkPlan({ ...VALID, seasonEnd: "2028-10-01" }).seasonEnd).toMatch(/one season/);
    expect(checkPlan({ ...VALID, access: "code\u202E1234" }).access).toBeDefined();
    expect(checkPlan({ ...VALID, inside: `${"x".repeat(121)}` }).inside).toMatch(/at most 120/);
  });

  it("warns of a town the business does not watch, in any case", () => {
    const watched = ["Surf City", "Harvey Cedars"];
    expect(townWarning("harvey cedars", watched)).toBeUndefined();
    expect(townWarning("Tuckerton", watched)).toMatch(/Tuckerton is not one of the towns you watch/);
  });
});

describe("the checklist", () => {
  it("keeps an item's id while its words stay, and gives new words a new id", () => {
    let n = 0;
    const newId = () => `id${++n}`;
    const before = standardChecklist(newId);
    const kept = before.find((i) => i.label === "Water heater: no leaks, pilot or power on") as ChecklistItem;
    const text = checklistText(before);
    const after = checklistFrom(
      {
        inside: `Wine fridge running\n${text.inside}\nwine fridge running`,
        outside: text.outside.replace("Debris in the yard", ""),
      },
      before,
      newId,
    );
    expect(after.find((i) => i.label === kept.label)?.id).toBe(kept.id);
    expect(after.filter((i) => i.label.toLowerCase() === "wine fridge running")).toHaveLength(1);
    expect(after.find((i) => i.label === "Wine fridge running")?.id).toBe(`id${before.length + 1}`);
    expect(after.some((i) => i.label === "Debris in the yard")).toBe(false);
    expect(after).toHaveLength(before.length);
  });
});
