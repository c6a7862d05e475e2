import { describe, expect, it } from "vitest";
import { localSourcePath } from "~/leads/estimate-schema";
import { isDeskPath, safeNext, signInPath } from "./paths";

describe("desk paths", () => {
  it.each(["/owner", "/owner/", "/OWNER/leads/x", "/owner.data", "/%6Fwner/account", "//owner"])(
    "%j is the desk",
    (p) => expect(isDeskPath(p)).toBe(true),
  );
  it.each(["/", "/owners-guide", "/blog/owner", "/estimate"])("%j is not", (p) => expect(isDeskPath(p)).toBe(false));

  it("sends the owner back only to the desk after signing in", () => {
    expect(safeNext("/owner/leads/abc")).toBe("/owner/leads/abc");
    expect(safeNext("/owner?export=1")).toBe("/owner?export=1");
    for (const bad of ["https://evil.example/owner", "//evil.example", "/owner//evil", "/\\evil", "/services", null])
      expect(safeNext(bad)).toBe("/owner");
    expect(signInPath("/owner?export=1", true)).toBe("/owner/sign-in?next=%2Fowner%3Fexport%3D1&again=1");
  });
});

describe("the estimate form's source page", () => {
  it.each([
    ["/services/decks-and-stairs", "/services/decks-and-stairs"],
    ["/estimate?utm=x#form", "/estimate"],
    ["https://evil.example/", undefined],
    ["//evil.example", undefined],
    ["/\\evil.example", undefined],
    ["/%2F%2Fevil", undefined],
    ["javascript:alert(1)", undefined],
    ["/a b", undefined],
    ["/services/%E2%80%8Fdecks", undefined],
    ["/services/\u202edecks", undefined],
    ["", undefined],
    [`/${"a".repeat(300)}`, undefined],
  ])("%j is stored as %j", (raw, stored) => expect(localSourcePath(raw)).toBe(stored));
});
