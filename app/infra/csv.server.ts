/** CSV as the owner opens it: in a spreadsheet, where a cell can be a formula and encoding is guessed. */

/**
 * Quotes a CSV cell, and defuses what a spreadsheet would run as a formula.
 *
 * A spreadsheet may split a line on more than the comma: on `;` where the decimal mark is a comma,
 * on a tab, on a line break. Each piece it makes is a cell of its own, whose `=`, `+`, `-` or `@`
 * starts a formula. So a cell holding any of those separators is quoted, and a `'` goes before a
 * formula's first character at the start and after every separator, whichever one the
 * spreadsheet splits on.
 */
export function csvCell(value: string | number): string {
  let text = "";
  let pieceStarts = true;
  for (const char of String(value)) {
    if (pieceStarts && /[=+\-@\t\r]/.test(char)) text += "'";
    text += char;
    pieceStarts = /[,;\t\r\n]/.test(char);
  }
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Excel reads a UTF-8 file as such only when it starts with a byte order mark. */
const UTF8_BOM = "\uFEFF";

/** A whole file: the header line, then one line per row. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return UTF8_BOM + csvLine(header) + rows.map(csvLine).join("");
}
