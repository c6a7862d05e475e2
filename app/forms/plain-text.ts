/**
 * Characters no text typed into the site may hold, whoever typed it (a visitor, a homeowner, the
 * owner). Shared by every form's rules, in the browser and on the server.
 */

/** C0 and C1 control characters and DEL: terminal escapes and invisible junk, never typed by a person. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * Bidirectional embeddings, overrides and isolates: they reorder how the text around them is shown,
 * so a name, an address or a notice could read one way on screen and be another.
 */
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

export const isLineBreak = (c: string) => c === "\n" || c === "\r";

export function hasLineBreak(text: string): boolean {
  return [...text].some(isLineBreak);
}

/** Characters no field may hold; `multiline` lets line breaks and tabs through. */
export function hasForbiddenCharacter(text: string, multiline: boolean): boolean {
  return [...text].some((c) => {
    const code = c.charCodeAt(0);
    if (multiline && (isLineBreak(c) || c === "\t")) return false;
    return isControl(code) || isBidiControl(code);
  });
}
