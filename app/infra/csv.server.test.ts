import { describe, expect, it } from "vitest";
import { csvDocument } from "./csv.server";

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
