/** CSV as the owner opens it: in a spreadsheet, where a cell can be a formula and encoding is guessed. */

/** Quotes a CSV cell, and defuses values a spreadsheet would run as a formula. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
