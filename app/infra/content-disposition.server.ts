/**
 * The Content-Disposition header of a download, naming the file as it was uploaded, whatever its
 * alphabet. A header is sent as Latin-1 bytes, and a name written into it as it is (Cyrillic, or
 * the narrow no-break space macOS puts in screenshot names) makes the whole answer fail. So the
 * name goes as RFC 8187's percent-encoded UTF-8 in `filename*`, which browsers prefer, with a
 * plain ASCII `filename` beside it for clients that read only that one (RFC 6266).
 */

/** What `filename*` may hold unescaped (RFC 8187's attr-char). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** Lone halves of a surrogate pair cannot be encoded as UTF-8: they become U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function extendedValue(name: string): string {
  let out = "";
  for (const char of name) {
    if (ATTR_CHAR.test(char)) out += char;
    else for (const byte of Buffer.from(char, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return `UTF-8''${out}`;
}

/**
 * The name in printable ASCII: accents dropped (é → e), compatibility spaces made plain, anything
 * else an underscore. A name with nothing readable left becomes `file` with its extension.
 */
export function asciiFileName(name: string): string {
  const plain = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]+/g, "_")
    .replace(/["\\]/g, "_")
    .trim();
  const dot = plain.lastIndexOf(".");
  const stem = dot > 0 ? plain.slice(0, dot) : plain;
  const extension = dot > 0 ? plain.slice(dot) : "";
  return /[A-Za-z0-9]/.test(stem) ? plain : `file${/^\.[A-Za-z0-9]+$/.test(extension) ? extension : ""}`;
}

export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const name = wellFormed(fileName);
  return `${kind}; filename="${asciiFileName(name)}"; filename*=${extendedValue(name)}`;
}
