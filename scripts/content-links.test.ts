import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contentLinkProblems } from "./content-links";

const root = path.resolve(import.meta.dirname, "..");
const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The content and the image manifest, copied where a test may break them. */
function copyOfContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-links-"));
  copies.push(dir);
  for (const folder of ["app/content/services", "app/content/faq", "app/content/blog", "app/generated"])
    fs.cpSync(path.join(root, folder), path.join(dir, folder), { recursive: true });
  return dir;
}

describe("the build's check of what content names", () => {
  it("finds nothing wrong with the site's own content", () => {
    expect(contentLinkProblems(root)).toEqual([]);
  });

  it("names the file and the question of a link to no page, and a gallery picture that does not exist", () => {
    const dir = copyOfContent();
    const faq = path.join(dir, "app/content/faq/general.md");
    fs.writeFileSync(faq, fs.readFileSync(faq, "utf8").replace("](/services)", "](/gallery)"));
    const manifest = path.join(dir, "app/generated/image-manifest.json");
    const pictures = JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, unknown>;
    delete pictures["gallery-carpentry-1"];
    fs.writeFileSync(manifest, JSON.stringify(pictures));
    const problems = contentLinkProblems(dir);
    expect(problems).toContainEqual(
      expect.stringMatching(/^app\/content\/faq\/general\.md: .*link to \/gallery leads to no page/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^app\/content\/services\/carpentry\.md: sections\.\d+\.items\.0\.image: no picture named gallery-carpentry-1/,
      ),
    );
  });
});
