import { describe, expect, it } from "vitest";
import { normalizeNewsletterEmail, validateNewsletterEmail } from "./newsletter-schema";

describe("newsletter email", () => {
  it("asks for an address, then a valid one", () => {
    expect(validateNewsletterEmail("")).toBe("Please enter your email address.");
    expect(validateNewsletterEmail("nope")).toBe("Please enter a valid email address.");
    expect(validateNewsletterEmail(" Reader@Example.com ")).toBeUndefined();
  });

  it("names a hidden character in the address instead of calling it invalid", () => {
    expect(validateNewsletterEmail("reader\u200f@example.com")).toBe(
      "Your email address holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
    );
  });

  it("stores one lower-case address per person", () => {
    expect(normalizeNewsletterEmail(" Reader@Example.COM ")).toBe("reader@example.com");
  });
});
