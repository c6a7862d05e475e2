import { describe, expect, it } from "vitest";
import { forwardKeyOf, openForward, sealForward } from "./forward-link.server";

const oldToken = "A".repeat(42) + "Q";
const newToken = "B".repeat(42) + "g";

describe("the sealed link from a replaced version to the new one", () => {
  it("opens with the old link's token, and with no other", () => {
    const sealed = sealForward(forwardKeyOf(oldToken), newToken);
    expect(sealed).not.toContain(newToken);
    expect(openForward(oldToken, sealed)).toBe(newToken);
    expect(openForward(newToken, sealed)).toBeUndefined();
    expect(openForward(oldToken, "garbage")).toBeUndefined();
    // Tampered: the authentication tag refuses it.
    const [a, b, c, body = ""] = sealed.split(".");
    expect(openForward(oldToken, [a, b, c, `${body.slice(0, -2)}AA`].join("."))).toBeUndefined();
  });
});
