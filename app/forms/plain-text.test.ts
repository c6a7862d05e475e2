import { describe, expect, it } from "vitest";
import { firstHiddenCharacter, hasForbiddenCharacter, hiddenCharacterError } from "./plain-text";

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const DIRECTION = [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const ZERO_WIDTH = [...range(0x200b, 0x200d), 0x2060, 0xfeff];
const TAGS = range(0xe0000, 0xe007f);
// Every other format character (category Cf) a keyboard never types, the soft hyphen and the
// invisible math operators among them.
const FORMAT = [
  0x00ad,
  0x0600,
  0x06dd,
  0x070f,
  0x180e,
  ...range(0x2061, 0x2064),
  ...range(0x206a, 0x206f),
  0xfff9,
  0x110bd,
  0x1d173,
];
// Marks that draw nothing but sit outside the format category, so `\p{Cf}` misses them.
const MARKS = [
  0x034f,
  0x17b4,
  0x17b5,
  ...range(0x180b, 0x180d),
  0x180f,
  ...range(0xfe00, 0xfe0e),
  ...range(0xe0100, 0xe01ef),
];
const BLANK = [0x115f, 0x1160, 0x3164, 0xffa0];
const SEPARATORS = [0x2028, 0x2029];
// Tab, line feed and carriage return are the only controls a field of several lines lets through.
const CONTROLS = [...range(0x00, 0x1f), ...range(0x7f, 0x9f)].filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d);

describe("the hidden-character rule", () => {
  it.each([
    ["direction mark", DIRECTION, "direction"],
    ["zero-width character", ZERO_WIDTH, "zero-width"],
    ["tag character", TAGS, "tag"],
    ["control character", CONTROLS, "control"],
    ["format character", FORMAT, "format"],
    ["blank letter", BLANK, "blank"],
    ["line or paragraph separator", SEPARATORS, "separator"],
    ["invisible mark outside the format category", MARKS, "mark"],
    ["emoji style mark", [0xfe0f], "emoji-style"],
  ] as const)("refuses every %s, in one line or several, and names its code point", (_, codes, kind) => {
    for (const code of codes) {
      const text = `Deck ${String.fromCodePoint(code)}stairs`;
      for (const multiline of [false, true]) {
        expect(hasForbiddenCharacter(text, multiline), hex(code)).toBe(true);
        expect(firstHiddenCharacter(text, multiline), hex(code)).toEqual({ kind, codePoint: hex(code) });
      }
    }
  });

  it("refuses every character of Unicode's format category, but a joiner inside an emoji", () => {
    const format = /^\p{Cf}$/u;
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (format.test(char)) expect(firstHiddenCharacter(`Jo${char}hn`, true), hex(code)).toBeDefined();
    }
  });

  it("names the soft hyphen, the invisible plus and a blank letter in its message", () => {
    expect(hiddenCharacterError("Dana\u00adSmith", "The name you typed")).toBe(
      "The name you typed holds an invisible formatting character (U+00AD) that would not show on screen. Type it again without it.",
    );
    expect(hiddenCharacterError("Call us\u2064", "'Link words'")).toContain("(U+2064)");
    expect(hiddenCharacterError("\u3164", "The name to show")).toBe(
      "The name to show holds a blank letter (U+3164) that would not show on screen. Type it again without it.",
    );
    expect(hiddenCharacterError("one\u2028two", "The story", true)).toContain("a line separator (U+2028)");
  });

  it("reads a tag character, two UTF-16 units, as the one code point it is", () => {
    const tagA = String.fromCodePoint(0xe0041);
    expect(tagA.length).toBe(2);
    expect(firstHiddenCharacter(`Nice work${tagA}`, false)).toEqual({ kind: "tag", codePoint: "U+E0041" });
    expect(hiddenCharacterError(`Nice work${tagA}`, "Your review")).toContain("(U+E0041)");
    // Either half on its own is not a tag character, and an emoji's two units are not one either.
    expect(firstHiddenCharacter("👍", false)).toBeUndefined();
  });

  it("lets tab and line breaks through only where a field holds several lines", () => {
    for (const text of ["one\ttwo", "one\ntwo", "one\r\ntwo"]) {
      expect(hasForbiddenCharacter(text, true), JSON.stringify(text)).toBe(false);
      expect(hasForbiddenCharacter(text, false), JSON.stringify(text)).toBe(true);
    }
    expect(hiddenCharacterError("one\ntwo", "Your name")).toBe(
      "Your name holds a control character (U+000A) that would not show on screen. Type it again without it.",
    );
  });

  it.each([
    "Zoë Dvořák-Müller",
    "O'Neil",
    "José Núñez, 12 Ocean Ave",
    "Thank you 👍🏽 great job",
    "王小明 修好了屋顶",
    "דנה כהן",
    "مرحبا",
  ])("accepts %j as typed", (text) => {
    expect(firstHiddenCharacter(text, false)).toBeUndefined();
    expect(hiddenCharacterError(text, "Your review", true)).toBeUndefined();
  });

  it("lets a zero-width joiner through only between two emoji, where it makes one emoji of them", () => {
    // The family emoji is three emoji held together by joiners, as a phone's keyboard types it.
    expect(firstHiddenCharacter("Thanks from all of us 👨\u200d👩\u200d👧", false)).toBeUndefined();
    expect(firstHiddenCharacter("Great crew 👍🏽 👨\u200d🍳", false)).toBeUndefined();
    for (const text of ["Sm\u200dith", "👍\u200dSmith", "Smith\u200d👍", "\u200d", "👍\u200d"])
      expect(firstHiddenCharacter(text, false)).toEqual({ kind: "zero-width", codePoint: "U+200D" });
  });

  it("names a variation selector, a supplement selector and the combining grapheme joiner in its message", () => {
    expect(hiddenCharacterError("Dana\ufe00 Smith", "The name to show")).toBe(
      "The name to show holds an invisible mark (U+FE00) that would not show on screen. Type it again without it.",
    );
    expect(hiddenCharacterError(`Deck${String.fromCodePoint(0xe0100)}`, "Your review")).toContain(
      "an invisible mark (U+E0100)",
    );
    expect(hiddenCharacterError("Jo\u034fhn", "Your name")).toContain("an invisible mark (U+034F)");
  });

  it("keeps one style mark after a pictograph, as a phone types an emoji, and refuses it anywhere else", () => {
    // A phone types the red heart as U+2764 U+FE0F and the rainbow flag with one before its joiner.
    expect(hiddenCharacterError("Great work \u2764\ufe0f", "Your review", true)).toBeUndefined();
    expect(firstHiddenCharacter("Great crew \u{1f3f3}\ufe0f\u200d\u{1f308}", false)).toBeUndefined();
    expect(hiddenCharacterError("Great work \u2764", "Your review", true)).toBeUndefined();
    // After a letter, alone, or a second one after the emoji, it carries nothing a reader sees.
    for (const text of ["Smi\ufe0fth", "\ufe0f", "Great work \u2764\ufe0f\ufe0f", "\ufe0f\u2764"])
      expect(firstHiddenCharacter(text, false)).toEqual({ kind: "emoji-style", codePoint: "U+FE0F" });
    expect(hiddenCharacterError("Smi\ufe0fth", "Your name")).toBe(
      "Your name holds an emoji style mark (U+FE0F) that does not belong to an emoji and would not show on screen. Type it again without it.",
    );
    // The text style selector is never part of what a keyboard types after an emoji.
    expect(firstHiddenCharacter("\u2764\ufe0e", false)).toEqual({ kind: "mark", codePoint: "U+FE0E" });
  });

  it("names the field and the code point in its message, and says nothing of a clean text", () => {
    expect(hiddenCharacterError("Jane\u200fDoe", "Your name")).toBe(
      "Your name holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
    );
    expect(hiddenCharacterError("Rotten\u200btreads", "The description")).toBe(
      "The description holds a zero-width character (U+200B) that would not show on screen. Type it again without it.",
    );
    expect(hiddenCharacterError("Line one\nline two", "The story", true)).toBeUndefined();
    expect(hiddenCharacterError("Mary-Ann O'Neil", "Your name")).toBeUndefined();
  });
});
