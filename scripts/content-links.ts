/**
 * The build's check of what content files name outside themselves: every link in a service page
 * or an FAQ answer leads to a page the build prerenders, and every gallery picture is one the image
 * step made. `app/content` only checks its files against themselves (it imports nothing else of
 * the app); this step, run by `npm run build` before the pages are rendered, checks them against
 * the site, and stops the build naming the file and the field at fault.
 */
import fs from "node:fs";
import path from "node:path";
import { parseFaqCategory } from "../app/content/faq-schema";
import { unknownLinks } from "../app/content/markdown";
import { parseServicePage } from "../app/content/service-page-schema";
import { prerenderedPaths } from "../app/route-registry";

const markdownFiles = (root: string, folder: string) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => path.posix.join(folder, file));

/** The problems found, one line each, starting with the file; none means the content is sound. */
export function contentLinkProblems(root: string): string[] {
  const articles = markdownFiles(root, "app/content/blog").map((file) => `/blog/${path.basename(file, ".md")}`);
  const sitePaths = new Set([...prerenderedPaths, ...articles]);
  const manifestFile = path.join(root, "app/generated/image-manifest.json");
  const pictures = new Set(Object.keys(JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, unknown>));
  const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

  const problems: string[] = [];
  for (const file of markdownFiles(root, "app/content/services")) {
    const page = parseServicePage(file, read(file));
    for (const [i, section] of page.sections.entries()) {
      if (section.kind === "questions")
        problems.push(...unknownLinks(section.questions, sitePaths).map((problem) => `${file}: ${problem}`));
      if (section.kind === "gallery")
        for (const [j, item] of section.items.entries())
          if (!pictures.has(item.image))
            problems.push(`${file}: sections.${i}.items.${j}.image: no picture named ${item.image} in images/src`);
    }
  }
  for (const file of markdownFiles(root, "app/content/faq")) {
    const category = parseFaqCategory(file, read(file));
    problems.push(...unknownLinks(category.questions, sitePaths).map((problem) => `${file}: ${problem}`));
  }
  return problems;
}
