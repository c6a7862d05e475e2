import { describe, expect, it } from "vitest";
import { cssForPage, mayMatch, pageTokens } from "./page-css";

const page = pageTokens(
  `<html><body><nav id="side-panel" class="side-panel md:flex"><a class="text-navy-900 hover:underline [&amp;&gt;svg]:size-4" style="color:var(--color-brand)">x</a></nav><ul><li class="2xl:grid">y</li></ul></body></html>`,
);

describe("which selectors a page can use", () => {
  it("keeps a selector whose classes, ids and elements are all on the page, escapes resolved", () => {
    expect(mayMatch(".text-navy-900", page)).toBe(true);
    expect(mayMatch(".md\\:flex", page)).toBe(true);
    expect(mayMatch(".\\[\\&\\>svg\\]\\:size-4>svg", page)).toBe(false); // no <svg> on the page
    expect(mayMatch(".\\[\\&\\>svg\\]\\:size-4>a", page)).toBe(true);
    expect(mayMatch(".\\32 xl\\:grid", page)).toBe(true);
    expect(mayMatch("#side-panel .side-panel", page)).toBe(true);
    expect(mayMatch("nav a.hover\\:underline:hover", page)).toBe(true);
  });

  it("drops a selector that needs a class, id or element the page lacks", () => {
    expect(mayMatch(".text-red-700", page)).toBe(false);
    expect(mayMatch("#missing", page)).toBe(false);
    expect(mayMatch("table td", page)).toBe(false);
    expect(mayMatch("html.js-reveal [data-reveal]", page)).toBe(false);
  });

  it("counts what it cannot judge as present: attributes, states and what pseudo-classes hold", () => {
    expect(mayMatch("details[open]>summary", pageTokens("<details><summary>q</summary></details>"))).toBe(true);
    expect(mayMatch(".side-panel:not(.absent):popover-open::backdrop", page)).toBe(true);
    expect(mayMatch(":where(.side-panel ul>:not(:last-child))", page)).toBe(true);
    expect(mayMatch(":root", page)).toBe(true);
  });
});

describe("a page's stylesheet", () => {
  const css =
    "@layer theme,base,utilities;" +
    "@layer theme{:root,:host{--color-navy-900:#0b2c47;--color-red-700:red;--color-brand:blue;--font-sans:var(--font-stack);--font-stack:sans-serif}}" +
    "@layer base{body{font-family:var(--font-sans)}table{border-collapse:collapse}}" +
    "@layer utilities{.text-navy-900{color:var(--color-navy-900)}.text-red-700{color:var(--color-red-700)}" +
    ".shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}}" +
    '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-ring{syntax:"*";inherits:false}' +
    '@keyframes spin{to{transform:rotate(360deg)}}.content{content:"{not a block}"}';
  const html = `<body class="text-navy-900 md:flex content" style="color:var(--color-brand)">Hi</body>`;
  const kept = cssForPage(css, html);

  it("keeps the rules the markup uses, in their order and their at-rules", () => {
    expect(kept).toContain("@layer theme,base,utilities;");
    expect(kept).toContain(".text-navy-900{color:var(--color-navy-900)}");
    expect(kept).toContain("@media (width>=48rem){.md\\:flex{display:flex}}");
    expect(kept).toContain("body{font-family:var(--font-sans)}");
    expect(kept).toContain('.content{content:"{not a block}"}');
    expect(kept).toContain("@keyframes spin");
    expect(kept.indexOf("@layer theme{")).toBeLessThan(kept.indexOf("@layer utilities{"));
  });

  it("leaves out the rules for other markup, and groups left empty", () => {
    expect(kept).not.toContain("text-red-700");
    expect(kept).not.toContain("md\\:grid");
    expect(kept).not.toContain("table");
    expect(kept).not.toContain(".shadow");
  });

  it("keeps only the variables something reads, through other variables and inline styles", () => {
    expect(kept).toContain("--color-navy-900:#0b2c47");
    expect(kept).toContain("--color-brand:blue");
    expect(kept).toContain("--font-sans:var(--font-stack)");
    expect(kept).toContain("--font-stack:sans-serif");
    expect(kept).not.toContain("--color-red-700");
    expect(kept).not.toContain("@property --tw-shadow");
    expect(kept).not.toContain("@property --tw-ring");
  });

  it("keeps a registered variable while a kept rule uses it", () => {
    const withShadow = cssForPage(css, `<p class="shadow">x</p>`);
    expect(withShadow).toContain(".shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}");
    expect(withShadow).toContain("@property --tw-shadow{");
    expect(withShadow).not.toContain("@property --tw-ring{");
  });
});
