import { describe, expect, it } from "vitest";
import { checkedByText, OWNER_NAME_MAX, readOwnerName } from "./owner-name";

describe("the owner's name on reports", () => {
  it("is one line of plain text, spaces tidied, or nothing", () => {
    expect(readOwnerName("  Pat   Rivera ")).toEqual({ ok: true, name: "Pat Rivera" });
    expect(readOwnerName("")).toEqual({ ok: true, name: "" });
    expect(readOwnerName("x".repeat(OWNER_NAME_MAX))).toMatchObject({ ok: true });
    expect(readOwnerName("x".repeat(OWNER_NAME_MAX + 1))).toEqual({ ok: false, error: "At most 60 characters." });
    expect(readOwnerName("Pat\u202eRivera")).toMatchObject({ ok: false });
  });

  it("stands beside the business's name, or the business stands alone", () => {
    expect(checkedByText("Pat Rivera", "Causeway")).toBe("Pat Rivera, Causeway");
    expect(checkedByText("", "Causeway")).toBe("Causeway");
    expect(checkedByText(null, "Causeway")).toBe("Causeway");
  });
});
