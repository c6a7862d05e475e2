import { describe, expect, it } from "vitest";
import {
  ACCEPTED_IMAGE_TYPES,
  formatUsPhone,
  invalidFileTypeMessage,
  isAcceptedImageFile,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  MAX_TOTAL_BYTES,
  normalizeEstimateValues,
  usPhoneDigits,
  validateEstimateFields,
} from "./estimate-schema";

const valid = {
  name: "Jane Doe",
  email: "jane@example.com",
  phone: "609-555-0142",
  address: "",
  description: "",
};

describe("estimate fields", () => {
  it("accepts a minimal valid request", () => {
    expect(validateEstimateFields(valid)).toEqual({});
  });

  it("requires name, email and phone, with a message for each", () => {
    expect(validateEstimateFields({})).toEqual({
      name: "Please enter your name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
    });
    expect(validateEstimateFields({ ...valid, name: "   " })).toEqual({ name: "Please enter your name." });
  });

  it("limits lengths after trimming", () => {
    expect(validateEstimateFields({ ...valid, name: ` ${"a".repeat(100)} ` })).toEqual({});
    expect(validateEstimateFields({ ...valid, name: "a".repeat(101) }).name).toMatch(/100 characters/);
    expect(validateEstimateFields({ ...valid, address: "a".repeat(200) })).toEqual({});
    expect(validateEstimateFields({ ...valid, address: "a".repeat(201) }).address).toMatch(/200 characters/);
    expect(validateEstimateFields({ ...valid, description: "a".repeat(5000) })).toEqual({});
    expect(validateEstimateFields({ ...valid, description: "a".repeat(5001) }).description).toMatch(/5,000 characters/);
    const longEmail = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    expect(longEmail.length).toBe(254);
    expect(validateEstimateFields({ ...valid, email: longEmail })).toEqual({});
    expect(validateEstimateFields({ ...valid, email: `a${longEmail}` }).email).toBe(
      "Please enter a valid email address.",
    );
  });

  it("counts a textarea's CRLF line breaks once, as the browser's maxLength does", () => {
    const lines = "line\r\n".repeat(1000).trim();
    expect(lines.length).toBeGreaterThan(5000);
    expect(validateEstimateFields({ ...valid, description: lines })).toEqual({});
    expect(normalizeEstimateValues({ description: "a\r\nb\rc" }).description).toBe("a\nb\nc");
  });

  it("refuses line breaks and control characters in single-line fields", () => {
    expect(validateEstimateFields({ ...valid, name: "Jane\r\nBcc: x@example.com" }).name).toBe(
      "Please enter your name on one line.",
    );
    expect(validateEstimateFields({ ...valid, address: "1 Main\nSt" }).address).toMatch(/one line/);
    expect(validateEstimateFields({ ...valid, email: "jane@example.com\nBcc: x@example.com" }).email).toBeDefined();
    // escape sequences would reach the owner's terminal through `npm run leads`
    expect(validateEstimateFields({ ...valid, description: "hi \u001b[31mred" }).description).toBeDefined();
    expect(validateEstimateFields({ ...valid, description: "tab\there\nnew line" })).toEqual({});
  });

  it("refuses C1 control characters and bidi overrides in every text field", () => {
    // U+009B is the one-byte form of the terminal's escape sequence introducer.
    const c1 = "\u009b31m";
    // U+202E shows what follows right to left: "gpj.exe" would read as "exe.jpg".
    const override = "\u202egpj.exe";
    const isolate = "\u2066x\u2069";
    for (const bad of [c1, override, isolate]) {
      expect(validateEstimateFields({ ...valid, name: `Jane ${bad}` }).name).toMatch(/^Your name holds /);
      expect(validateEstimateFields({ ...valid, address: `1 Main St ${bad}` }).address).toMatch(
        /^The project address holds /,
      );
      expect(validateEstimateFields({ ...valid, description: `Deck ${bad}` }).description).toMatch(
        /^The project description holds /,
      );
    }
    // Right-to-left text itself is welcome; only the invisible controls are refused.
    expect(
      validateEstimateFields({
        ...valid,
        name: "\u05d3\u05e0\u05d4 Cohen",
        description: "\u0645\u0631\u062d\u0628\u0627",
      }),
    ).toEqual({});
  });

  it("names the field and the hidden character in each of the five", () => {
    const rlm = "\u200f";
    expect(validateEstimateFields({ ...valid, name: `Jane${rlm} Doe` }).name).toBe(
      "Your name holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
    );
    expect(validateEstimateFields({ ...valid, email: `jane\u200b@example.com` }).email).toBe(
      "Your email address holds a zero-width character (U+200B) that would not show on screen. Type it again without it.",
    );
    // The byte-order mark counts as a space where the digits are read: refused before they are.
    expect(validateEstimateFields({ ...valid, phone: `609\ufeff555 0142` }).phone).toMatch(
      /^Your phone number holds a zero-width character \(U\+FEFF\)/,
    );
    expect(validateEstimateFields({ ...valid, phone: `${rlm}609-555-0142${rlm}` }).phone).toMatch(
      /^Your phone number holds a hidden direction mark \(U\+200F\)/,
    );
    expect(validateEstimateFields({ ...valid, address: "12 Ocean\u2060 Ave" }).address).toMatch(
      /^The project address holds a zero-width character \(U\+2060\)/,
    );
    expect(
      validateEstimateFields({ ...valid, description: `Call me${String.fromCodePoint(0xe0041)} first` }).description,
    ).toMatch(/^The project description holds an invisible tag character \(U\+E0041\)/);
  });

  it.each(["jane@example", "jane@@example.com", "@example.com", "jane example@x.com", "jane@.com", "jane"])(
    "refuses the email %s",
    (email) => {
      expect(validateEstimateFields({ ...valid, email }).email).toBe("Please enter a valid email address.");
    },
  );

  it.each([
    ["6095550142", "6095550142"],
    ["(609) 555-0142", "6095550142"],
    ["609.555.0142", "6095550142"],
    ["+1 609 555 0142", "6095550142"],
    ["1-609-555-0142", "6095550142"],
    ["+16095550142", "6095550142"],
  ])("accepts the US phone number %s", (phone, digits) => {
    expect(usPhoneDigits(phone)).toBe(digits);
    expect(validateEstimateFields({ ...valid, phone })).toEqual({});
  });

  it.each([
    "609-555-CALL",
    "555-0142",
    "+44 20 7946 0958",
    "2 609 555 0142",
    "609 555 0142 x12",
    "+6095550142x",
    "60955501423",
  ])("refuses the phone number %s", (phone) => {
    expect(validateEstimateFields({ ...valid, phone }).phone).toBe("Please enter a 10-digit US phone number.");
  });

  it("formats a phone number the way the site shows its own", () => {
    expect(formatUsPhone("+1 609.555.0142")).toBe("(609) 555-0142");
    expect(formatUsPhone("nonsense")).toBe("nonsense");
  });

  it("ignores unknown fields and non-string values", () => {
    expect(normalizeEstimateValues({ name: "  Jane ", email: 42 } as Record<string, unknown>)).toEqual({
      name: "Jane",
      email: "",
      phone: "",
      address: "",
      description: "",
    });
  });
});

describe("photo allow-list", () => {
  it("states the photo limits and the wrong-type message", () => {
    expect(ACCEPTED_IMAGE_TYPES).toEqual(["image/jpeg", "image/png", "image/gif", "image/webp"]);
    expect([MAX_PHOTOS, MAX_PHOTO_BYTES, MAX_TOTAL_BYTES]).toEqual([10, 10 * 1024 * 1024, 40 * 1024 * 1024]);
    expect(invalidFileTypeMessage("scan.pdf")).toBe(
      "scan.pdf is not a supported image format. Please use JPEG, PNG, GIF, or WebP files.",
    );
  });

  it("judges a chosen file by extension and type", () => {
    expect(isAcceptedImageFile({ name: "Deck.JPEG", type: "image/jpeg" })).toBe(true);
    expect(isAcceptedImageFile({ name: "a.webp", type: "" })).toBe(true);
    expect(isAcceptedImageFile({ name: "a.heic", type: "image/heic" })).toBe(false);
    expect(isAcceptedImageFile({ name: "a.pdf", type: "application/pdf" })).toBe(false);
    expect(isAcceptedImageFile({ name: "a.jpg", type: "application/pdf" })).toBe(false);
  });
});
