import { describe, expect, it } from "vitest";
import { displayPhone, firstFacts } from "./business-facts";
import { copyTokensOf, listJoin, readWithFacts, resolveTokens } from "./tokens";

describe("copy tokens", () => {
  it("put the first facts into copy", () => {
    expect(resolveTokens("Call {phone} or write to {email}.")).toEqual({
      text: `Call ${displayPhone(firstFacts.phone)} or write to ${firstFacts.email}.`,
      problems: [],
    });
    expect(resolveTokens("{homeWatchAreas}").text).toBe(listJoin(firstFacts.homeWatchAreas));
  });

  it("put the facts of a read in, the week in force for the hours, and the first ones after it", () => {
    const facts = { ...firstFacts, phone: "+16095550199" };
    const winter = { ...facts.hours, Saturday: "closed" as const };
    expect(readWithFacts(facts, winter, () => resolveTokens("{phone}; {officeHours}").text)).toBe(
      "(609) 555-0199; Monday - Friday: 9am - 5pm; Saturday - Sunday: Closed",
    );
    expect(resolveTokens("{phone}").text).toBe(displayPhone(firstFacts.phone));
    expect(resolveTokens("{phone}", copyTokensOf(facts)).text).toBe("(609) 555-0199");
  });

  it("report an unknown token and a brace left open rather than show them", () => {
    expect(resolveTokens("Call {fone}.").problems).toEqual([
      expect.stringMatching(/^unknown token \{fone\} \(known: name, /),
    ]);
    expect(resolveTokens("Call {phone.").problems).toEqual([expect.stringMatching(/^unmatched/)]);
    expect(resolveTokens("Call phone}.").problems).toEqual([expect.stringMatching(/^unmatched/)]);
  });

  it("join lists as a sentence does", () => {
    expect(listJoin(["a"])).toBe("a");
    expect(listJoin(["a", "b", "c"])).toBe("a, b and c");
  });
});
