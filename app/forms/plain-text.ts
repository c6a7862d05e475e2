/**
 * Characters no text typed into the site may hold, whoever typed it (a visitor, a homeowner, the
 * owner): controls, and every character that draws nothing where it stands (Unicode's format
 * category, the Hangul fillers, the line and paragraph separators), but for a zero-width joiner
 * inside an emoji. One rule, read by whole code point, shared by every form's rules in the browser
 * and on the server: a field either holds none of them or is refused with a message naming the field.
 */

/** What kind of hidden character a code point is, or undefined for an ordinary one. */
export type HiddenKind = "control" | "direction" | "zero-width" | "tag" | "format" | "blank" | "separator";

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
  if (FORMAT.test(char)) return "format";
  return undefined;
}

const ZERO_WIDTH_JOINER = "\u200d";
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** What a joiner may follow inside an emoji: a pictograph, its emoji presentation (U+FE0F), a skin tone. */
function isEmojiPart(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return PICTOGRAPH.test(char) || code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
}

/**
 * The first hidden character of `text` with its code point ("U+200F"), or undefined when there is
 * none. A zero-width joiner between two emoji is part of one emoji (a family, a flag, a job), as a
 * phone's keyboard types it, and is let through there; inside a word it would hide the word.
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
      char === ZERO_WIDTH_JOINER && isEmojiPart(chars[index - 1] ?? "") && PICTOGRAPH.test(chars[index + 1] ?? "");
    if (kind && !joinsEmoji)
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
};

/**
 * The message for a field holding a hidden character, naming the field and what was found, or
 * undefined when the text is clean. `field` is how the form labels it: "Your name", "The story".
 */
export function hiddenCharacterError(text: string, field: string, multiline = false): string | undefined {
  const found = firstHiddenCharacter(text, multiline);
  if (!found) return undefined;
  return `${field} holds ${KIND_WORDS[found.kind]} (${found.codePoint}) that would not show on screen. Type it again without it.`;
}
