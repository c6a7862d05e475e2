import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "./csv.server";

describe("CSV for the owner's spreadsheet", () => {
  it("starts with a byte order mark and ends every line with CRLF", () => {
    expect(csvDocument(["email", "confirmed_at"], [["a@example.com", "2026-01-01T00:00:00.000Z"]])).toBe(
      "\uFEFFemail,confirmed_at\r\na@example.com,2026-01-01T00:00:00.000Z\r\n",
    );
  });

  it("quotes commas, quotes and line breaks, and defuses what a spreadsheet would run as a formula", () => {
    const csv = csvDocument(
      ["text"],
      [['Fix, "quote"'], ['=HYPERLINK("http://evil.example")'], ["+1"], ["-2"], ["@SUM(A1)"], ["a\nb"]],
    );
    expect(csv.split("\r\n").slice(1, -1)).toEqual([
      '"Fix, ""quote"""',
      `"'=HYPERLINK(""http://evil.example"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      '"a\nb"',
    ]);
  });
});

describe("CSV cells a spreadsheet splits on other separators", () => {
  it("quotes a cell holding a semicolon, a tab or a line break, and defuses a formula after each separator", () => {
    const csv = csvDocument(
      ["text"],
      [
        ["Deck; stairs"],
        ['Deck;=HYPERLINK("http://evil.example","Open")'],
        ["Deck;+1;-2;@SUM(A1)"],
        ["Deck\t=1+1"],
        ["Deck\r\n=1+1"],
        ["Deck,=1+1"],
        ["\t=1+1"],
        ["Rails 3-4 ft; 609-555-0142"],
      ],
    );
    expect(csv.split("\r\n").slice(1, -1)).toEqual([
      '"Deck; stairs"',
      `"Deck;'=HYPERLINK(""http://evil.example"",""Open"")"`,
      `"Deck;'+1;'-2;'@SUM(A1)"`,
      `"Deck\t'=1+1"`,
      `"Deck`,
      `'=1+1"`,
      `"Deck,'=1+1"`,
      `"'\t'=1+1"`,
      '"Rails 3-4 ft; 609-555-0142"',
    ]);
  });

  it("leaves no cell piece that starts a formula, whichever separator a spreadsheet splits on", () => {
    const nasty = ["a;=1", "=cmd|' /C calc'!A0", "x\t@SUM(1)", "y\n+2", "z,-3", "w\r=4", "v;;=5"];
    for (const value of nasty) {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      for (const piece of unquoted.split(/[,;\t\r\n]/)) expect(piece, value).not.toMatch(/^[=+\-@]/);
      expect(/[,;\t\r\n]/.test(value) ? cell.startsWith('"') && cell.endsWith('"') : true, value).toBe(true);
    }
  });
});
