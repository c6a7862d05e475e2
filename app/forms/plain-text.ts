/**
 * Characters no text typed into the site may hold, whoever typed it (a visitor, a homeowner, the
 * owner): controls, and every character that draws nothing where it stands (Unicode's format
 * category, the Hangul fillers, the line and paragraph separators, the variation selectors and the
 * other invisible marks outside the format category), but for a zero-width joiner inside an emoji.
 * One rule, read by whole code point, shared by every form's rules in the browser and on the
 * server: a field either holds none of them or is refused with a message naming the field.
 */

/** What kind of hidden character a code point is, or undefined for an ordinary one. */
export type HiddenKind =
  "control" | "direction" | "zero-width" | "tag" | "format" | "blank" | "separator" | "mark" | "emoji-style";

/**
 * Bidirectional marks, embeddings, overrides and isolates: they reorder how the text around them
 * is shown, so a phone number, a name or a notice could read one way on screen and be another
 * ("609-555-0142" wrapped in right-to-left marks shows as "0142-555-609").
 */
function isDirectionControl(code: number): boolean {
  return (
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Zero-width spaces and joiners, the word joiner and the byte-order mark: they hide inside a word. */
function isZeroWidth(code: number): boolean {
  return (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff;
}

/** Tag characters: invisible letters that can carry a hidden message through a text. */
function isTag(code: number): boolean {
  return code >= 0xe0000 && code <= 0xe007f;
}

/**
 * The rest of Unicode's format characters (category Cf): the soft hyphen, the invisible math
 * operators (U+2061 to U+2064), the deprecated shaping controls and the like. None draws anything
 * where it stands, so a signature or a notice holding one is not the text it looks like.
 */
const FORMAT = /^\p{Cf}$/u;

/** Hangul fillers: letters that draw nothing, so a name made of them looks blank. */
const isBlankLetter = (code: number) => code === 0x115f || code === 0x1160 || code === 0x3164 || code === 0xffa0;

/** The line and paragraph separators: a break no keyboard types, shown by some readers and not by others. */
const isSeparator = (code: number) => code === 0x2028 || code === 0x2029;

/**
 * Marks that draw nothing yet are not in the format category, so `\p{Cf}` lets them through: the
 * combining grapheme joiner (U+034F), the Khmer inherent vowels (U+17B4, U+17B5), the Mongolian
 * free variation selectors (U+180B to U+180D, U+180F) and the variation selectors (U+FE00 to
 * U+FE0E, U+E0100 to U+E01EF). A word can carry any number of them and still look the same, so two
 * names that look alike are different text, and a hidden message can ride along.
 */
function isInvisibleMark(code: number): boolean {
  return (
    code === 0x034f ||
    code === 0x17b4 ||
    code === 0x17b5 ||
    (code >= 0x180b && code <= 0x180d) ||
    code === 0x180f ||
    (code >= 0xfe00 && code <= 0xfe0e) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  );
}

/**
 * The emoji presentation selector, U+FE0F, can ride along after any letter as the other selectors
 * can, so it is refused there. Directly after a pictograph, once, it is what a phone's keyboard
 * types as part of the emoji ("❤️" is U+2764 U+FE0F, "🏳️‍🌈" holds one before its joiner): a
 * homeowner who puts a heart in a review is not refused for a mark they never saw. A run of them,
 * or one after a letter, is how a hidden message is carried, and is refused.
 */
const EMOJI_STYLE = 0xfe0f;

/** C0 and C1 controls and DEL: terminal escapes and invisible junk, never typed by a person. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

export const isLineBreak = (c: string) => c === "\n" || c === "\r";

export function hasLineBreak(text: string): boolean {
  return [...text].some(isLineBreak);
}

/**
 * The kind of `char` (one code point), or undefined when it may be stored; `multiline` lets line
 * breaks and tabs through.
 */
export function hiddenKind(char: string, multiline: boolean): HiddenKind | undefined {
  if (multiline && (isLineBreak(char) || char === "\t")) return undefined;
  const code = char.codePointAt(0) ?? 0;
  if (isControl(code)) return "control";
  if (isDirectionControl(code)) return "direction";
  if (isZeroWidth(code)) return "zero-width";
  if (isTag(code)) return "tag";
  if (isSeparator(code)) return "separator";
  if (isBlankLetter(code)) return "blank";
  if (code === EMOJI_STYLE) return "emoji-style";
  if (isInvisibleMark(code)) return "mark";
  if (FORMAT.test(char)) return "format";
  return undefined;
}

const ZERO_WIDTH_JOINER = "\u200d";
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const isSkinTone = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x1f3fb && code <= 0x1f3ff;
};

/** Whether the character at `index` is an emoji style mark standing right after a pictograph. */
function stylesEmoji(chars: readonly string[], index: number): boolean {
  return chars[index] === String.fromCodePoint(EMOJI_STYLE) && PICTOGRAPH.test(chars[index - 1] ?? "");
}

/** What a joiner may follow inside an emoji: a pictograph, a skin tone, or a pictograph's style mark. */
function endsEmojiPart(chars: readonly string[], index: number): boolean {
  const char = chars[index] ?? "";
  return PICTOGRAPH.test(char) || isSkinTone(char) || stylesEmoji(chars, index);
}

/**
 * The first hidden character of `text` with its code point ("U+200F"), or undefined when there is
 * none. A zero-width joiner between two emoji is part of one emoji (a family, a flag, a job), and
 * one style mark right after a pictograph is part of it too, as a phone's keyboard types them; they
 * are let through there, and anywhere else they would hide inside the word.
 */
export function firstHiddenCharacter(
  text: string,
  multiline: boolean,
): { kind: HiddenKind; codePoint: string } | undefined {
  // Whole code points, so a tag character (two UTF-16 units) is read as itself.
  const chars = [...text];
  for (const [index, char] of chars.entries()) {
    const kind = hiddenKind(char, multiline);
    const joinsEmoji =
      char === ZERO_WIDTH_JOINER && endsEmojiPart(chars, index - 1) && PICTOGRAPH.test(chars[index + 1] ?? "");
    if (kind && !joinsEmoji && !stylesEmoji(chars, index))
      return {
        kind,
        codePoint: `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
      };
  }
  return undefined;
}

/** Characters no field may hold; `multiline` lets line breaks and tabs through. */
export function hasForbiddenCharacter(text: string, multiline: boolean): boolean {
  return firstHiddenCharacter(text, multiline) !== undefined;
}

const KIND_WORDS: Record<HiddenKind, string> = {
  control: "a control character",
  direction: "a hidden direction mark",
  "zero-width": "a zero-width character",
  tag: "an invisible tag character",
  format: "an invisible formatting character",
  blank: "a blank letter",
  separator: "a line separator",
  mark: "an invisible mark",
  "emoji-style": "an emoji style mark",
};

/**
 * The message for a field holding a hidden character, naming the field and what was found, or
 * undefined when the text is clean. `field` is how the form labels it: "Your name", "The story".
 */
export function hiddenCharacterError(text: string, field: string, multiline = false): string | undefined {
  const found = firstHiddenCharacter(text, multiline);
  if (!found) return undefined;
  if (found.kind === "emoji-style") {
    // Only a mark that styles nothing gets here: after a letter, or a second one after an emoji.
    return `${field} holds ${KIND_WORDS[found.kind]} (${found.codePoint}) that does not belong to an emoji and would not show on screen. Type it again without it.`;
  }
  return `${field} holds ${KIND_WORDS[found.kind]} (${found.codePoint}) that would not show on screen. Type it again without it.`;
}
