import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition } from "./content-disposition.server";

/** What a browser does with the header: `filename*` when it is there, decoded as UTF-8. */
function nameABrowserSaves(header: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/.exec(header)?.[1] ?? "";
}

describe("a download's file name", () => {
  it.each([
    ["Cyrillic", "Фото крыльца.jpg", "file.jpg"],
    [
      "a macOS screenshot (U+202F before PM)",
      "Screenshot 2026-06-01 at 2.14.07\u202fPM.png",
      "Screenshot 2026-06-01 at 2.14.07 PM.png",
    ],
    ["accents", "Terrasse abîmée.heic", "Terrasse abimee.heic"],
    ["quotes and a backslash", 'deck "before"\\after.jpg', "deck _before__after.jpg"],
    ["a line break", "deck\r\nSet-Cookie: x=1.jpg", "deck_Set-Cookie: x=1.jpg"],
  ])("is sent safely for %s, and saved under its own name", (_label, name, fallback) => {
    const header = contentDisposition("inline", name);
    // A header must be Latin-1; this one is plain ASCII, without a line break to split it.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
    expect(header.startsWith(`inline; filename="${fallback}"; filename*=UTF-8''`)).toBe(true);
    expect(nameABrowserSaves(header)).toBe(name);
  });

  it("keeps a plain name as it is, in both forms", () => {
    expect(contentDisposition("attachment", "leads-2026-06-01.csv")).toBe(
      `attachment; filename="leads-2026-06-01.csv"; filename*=UTF-8''leads-2026-06-01.csv`,
    );
  });

  it("escapes what RFC 8187 does not allow unescaped, and survives a broken surrogate", () => {
    expect(contentDisposition("inline", "a b(1)*'.jpg")).toContain("filename*=UTF-8''a%20b%281%29%2A%27.jpg");
    expect(nameABrowserSaves(contentDisposition("inline", "x\uD800y.jpg"))).toBe("x\uFFFDy.jpg");
    expect(asciiFileName("😀")).toBe("file");
  });
});
