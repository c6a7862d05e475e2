/**
 * The content files, read the way the build reads them, so tests expect what the files say rather
 * than a copy of it that goes stale.
 */
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { parseFaqCategory, type FaqCategory } from "../../app/content/faq-schema";
import { parseServicePage, type ServicePage } from "../../app/content/service-page-schema";
import type { ServiceSlug } from "../../app/content/services";

const contentDir = path.resolve(import.meta.dirname, "../../app/content");

function markdownFiles(dir: string): { file: string; source: string }[] {
  return fs
    .readdirSync(path.join(contentDir, dir))
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ file: `${dir}/${name}`, source: fs.readFileSync(path.join(contentDir, dir, name), "utf8") }));
}

export function servicePage(slug: ServiceSlug): ServicePage {
  const file = `services/${slug}.md`;
  return parseServicePage(file, fs.readFileSync(path.join(contentDir, file), "utf8"));
}

/** The FAQ's categories in page order. */
export function faqCategories(): FaqCategory[] {
  return markdownFiles("faq")
    .map(({ file, source }) => parseFaqCategory(file, source))
    .sort((a, b) => a.order - b.order);
}

// What the blog tests look at; `articles.server.ts` checks the whole front matter at build.
const articleFields = z.object({
  slug: z.string(),
  author: z.string(),
  date: z.string(),
  category: z.string(),
  readTime: z.string(),
  ctaLabel: z.string(),
});

export type ArticleFields = z.infer<typeof articleFields>;

export function articleFiles(): ArticleFields[] {
  return markdownFiles("blog").map(({ file, source }) => {
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1];
    if (!frontMatter) throw new Error(`${file}: no front matter`);
    return articleFields.parse(parseYaml(frontMatter));
  });
}
