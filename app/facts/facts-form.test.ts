import { describe, expect, it } from "vitest";
import { firstFacts, hoursLine, hoursRows, openingSpans, type BusinessFacts } from "~/content/business-facts";
import { factsFormValues, readFactsForm } from "./facts-form";
import { factProblems, normalizePhone } from "./facts-rules";
import { describeChanges } from "./facts-changes";
import { liveFactsOf, nextHoursChange } from "./live-facts";
import { publicFactsOf } from "./public-facts";

const reader = (values: Record<string, string>) => (name: string) => (values[name] ?? "").trim();

const closedAll = {
  Monday: "closed",
  Tuesday: "closed",
  Wednesday: "closed",
  Thursday: "closed",
  Friday: "closed",
  Saturday: "closed",
  Sunday: "closed",
} as const;

describe("the business facts form", () => {
  it("holds the repository's first facts to the rules a publish is held to", () => {
    expect(factProblems(firstFacts, 2026)).toEqual({});
  });

  it("reads back exactly the facts it was filled from", () => {
    const facts: BusinessFacts = {
      ...firstFacts,
      specialHours: [{ name: "Christmas", firstDay: "2026-12-24", lastDay: "2026-12-26", hours: closedAll }],
    };
    const read = readFactsForm(reader(factsFormValues(facts, 3)), 2026);
    expect(read.problems).toEqual({});
    expect(read.basedOn).toBe(3);
    expect(read.facts).toEqual(facts);
  });

  it("takes a phone as people type it and writes it as E.164", () => {
    expect(normalizePhone("(609) 555-0199")).toBe("+16095550199");
    expect(normalizePhone("+1 609.555.0199")).toBe("+16095550199");
    expect(normalizePhone("555-01")).toBeUndefined();
    expect(normalizePhone("(109) 555-0199")).toBeUndefined();
    const values = { ...factsFormValues(firstFacts, 0), phone: "609 555 0199" };
    expect(readFactsForm(reader(values), 2026).facts.phone).toBe("+16095550199");
  });

  it("tells each problem at its field, a range's at the slot it was typed in", () => {
    const values = {
      ...factsFormValues(firstFacts, 0),
      phone: "555-01",
      email: "not an address",
      hicRegistration: "",
      "hours.Monday.opens": "17:00",
      "hours.Monday.closes": "09:00",
      "special.0.name": "Winter \u202Ehours",
      "special.0.firstDay": "2026-12-20",
      "special.0.lastDay": "2026-12-10",
      "figures.generations": "three",
    };
    const { problems } = readFactsForm(reader(values), 2026);
    expect(Object.keys(problems).sort()).toEqual([
      "email",
      "figures.generations",
      "hicRegistration",
      "hours.Monday",
      "phone",
      "special.0.lastDay",
      "special.0.name",
    ]);
    expect(problems.hicRegistration).toMatch(/every advertisement/);
    expect(problems["special.0.name"]).toMatch(/U\+202E/);
  });

  it("keeps ranges in order of their first day and refuses two that share a day", () => {
    const values = factsFormValues(
      {
        ...firstFacts,
        specialHours: [
          { name: "Winter hours", firstDay: "2026-11-01", lastDay: "2027-03-31", hours: closedAll },
          { name: "Christmas", firstDay: "2026-12-24", lastDay: "2026-12-26", hours: closedAll },
        ],
      },
      1,
    );
    // Typed the other way round: the later one in the first slot.
    const swapped = {
      ...values,
      "special.0.name": "Christmas",
      "special.0.firstDay": "2026-12-24",
      "special.0.lastDay": "2026-12-26",
      "special.1.name": "Winter hours",
      "special.1.firstDay": "2026-11-01",
      "special.1.lastDay": "2027-03-31",
    };
    const read = readFactsForm(reader(swapped), 2026);
    expect(read.facts.specialHours.map((r) => r.name)).toEqual(["Winter hours", "Christmas"]);
    expect(read.problems).toEqual({ "special.0.firstDay": expect.stringMatching(/overlap "Winter hours"/) });
    // 'Remove' drops one, and the other stands.
    const removed = readFactsForm(reader({ ...swapped, "special.0.remove": "on" }), 2026);
    expect(removed.problems).toEqual({});
    expect(removed.facts.specialHours.map((r) => r.name)).toEqual(["Winter hours"]);
  });

  it("refuses markup and a registration left empty, whatever else is right", () => {
    expect(factProblems({ ...firstFacts, address: { ...firstFacts.address, street: "<b>1 Main</b>" } }, 2026)).toEqual({
      "address.street": expect.stringMatching(/< > \{ or \}/),
    });
    expect(factProblems({ ...firstFacts, hicRegistration: "" }, 2026)).toHaveProperty("hicRegistration");
  });
});

describe("what pages show of the facts", () => {
  it("lists the first facts' week as the site always has", () => {
    expect(hoursRows(firstFacts.hours)).toEqual([
      { label: "Monday - Friday", value: "9am - 5pm" },
      { label: "Saturday", value: "By appointment" },
      { label: "Sunday", value: "Closed" },
    ]);
    expect(openingSpans(firstFacts.hours)).toEqual([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
    ]);
  });

  it("switches to a range's hours on its days, announces it two weeks ahead, and names each midnight", () => {
    const winter = { ...firstFacts.hours, Friday: { opens: "09:00", closes: "15:00" }, Saturday: "closed" as const };
    const facts: BusinessFacts = {
      ...firstFacts,
      specialHours: [{ name: "Winter hours", firstDay: "2026-11-01", lastDay: "2027-03-31", hours: winter }],
    };
    expect(publicFactsOf(liveFactsOf(facts, "2026-10-10", 1, null)).hoursNote).toBeNull();
    expect(publicFactsOf(liveFactsOf(facts, "2026-10-25", 1, null)).hoursNote).toBe(
      "Winter hours from Nov 1 to Mar 31",
    );
    const during = publicFactsOf(liveFactsOf(facts, "2026-12-01", 1, null));
    expect(during.hoursNote).toBe("Winter hours until Mar 31");
    expect(hoursLine(winter)).toBe("Monday - Thursday: 9am - 5pm; Friday: 9am - 3pm; Saturday - Sunday: Closed");
    expect(during.hoursRows.at(-1)).toEqual({ label: "Saturday - Sunday", value: "Closed" });
    expect(nextHoursChange(facts, "2026-10-10")?.toISOString()).toBe("2026-10-18T04:00:00.000Z");
    expect(nextHoursChange(facts, "2026-12-01")?.toISOString()).toBe("2027-04-01T04:00:00.000Z");
    expect(nextHoursChange(facts, "2027-04-01")).toBeUndefined();
  });

  it("says what a publish changed in the owner's words", () => {
    const after = { ...firstFacts, phone: "+16095550199", hours: { ...firstFacts.hours, Saturday: "closed" as const } };
    expect(describeChanges(firstFacts, after)).toBe("the phone, Saturday hours");
    expect(describeChanges(firstFacts, firstFacts)).toBe("nothing");
  });
});
