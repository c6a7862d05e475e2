/** Every prerendered page is valid HTML (html-validate's standard rules, stylistic rules off). */
import { HtmlValidate } from "html-validate";
import { describe, expect, it } from "vitest";
import { prerenderedPages } from "./support";

const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: {
    // Style, not validity: React writes charSet and self-closing void tags, and the services grid
    // staggers its reveal with an inline transition delay.
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "no-inline-style": "off",
    "tel-non-breaking": "off",
  },
});

describe("prerendered HTML", () => {
  const pages = prerenderedPages();

  it("includes every public page", () => {
    expect(pages.length).toBeGreaterThanOrEqual(26);
  });

  for (const { file, urlPath } of pages) {
    it(`${urlPath} has no validation errors`, async () => {
      const report = await validator.validateFile(file);
      const messages = report.results.flatMap((r) => r.messages).map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`);
      expect(messages).toEqual([]);
    });
  }
});
