import { describe, expect, it } from "vitest";
import { profile } from "./profile";
import { listJoin, resolveTokens } from "./tokens";

describe("copy tokens", () => {
  it("put the profile's facts into copy", () => {
    expect(resolveTokens("Call {phone} or write to {email}.")).toEqual({
      text: `Call ${profile.phone.display} or write to ${profile.email}.`,
      problems: [],
    });
    expect(resolveTokens("{homeWatchAreas}").text).toBe(listJoin(profile.homeWatchAreas));
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
