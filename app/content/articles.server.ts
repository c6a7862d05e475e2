/**
 * The blog's articles: Markdown files in `content/blog/`, read and validated when the server
 * bundle loads (at build time, the prerenderer is its first user, so a bad frontmatter fails the build).
 *
 * Bodies are rendered to HTML here, on the server, so no Markdown code ever reaches the browser.
 */
import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { serviceSlugs } from "./services";
import { firstFacts } from "./business-facts";
import type { FactsInForce } from "./service-pages.server";
import { filesByName, type PageFiles } from "./markdown";
import { OWNER_PHOTO_REF } from "./owner-photos";
import { perCopyAndFacts, readWithFacts, resolveTokens } from "./tokens";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be an ISO date (YYYY-MM-DD)");

export const articleFrontmatterSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(10).max(120),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  excerpt: z.string().min(40).max(300),
  description: z.string().min(50).max(170),
  author: z.string().min(3),
  date: isoDate,
  dateModified: isoDate,
  category: z.string().min(3),
  image: z.string().regex(/^[a-z0-9-]+$/),
  imageAlt: z.string().min(10),
  readTime: z.string().regex(/^\d+ minutes$/, 'must read like "8 minutes"'),
  keywords: z.array(z.string().min(2)).min(3),
  relatedServices: z.array(z.enum(serviceSlugs)).length(2),
  /** the box of four facts under the picture; an article may go without it */
  atAGlance: z
    .object({
      timeNeeded: z.string().min(2),
      difficulty: z.string().min(2),
      bestTime: z.string().min(2),
      cost: z.string().min(2),
    })
    .optional(),
  /** the label of the estimate-dialog button the article shows; empty for none */
  ctaLabel: z.string(),
});

export type ArticleFrontmatter = z.infer<typeof articleFrontmatterSchema>;

export interface Article extends ArticleFrontmatter {
  /** minutes, parsed from readTime */
  readMinutes: number;
  markdown: string;
  html: string;
  wordCount: number;
}

/** The card data of an article: everything but its body. */
export type ArticleSummary = Omit<Article, "markdown" | "html">;

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/** Words a reader reads: Markdown syntax is not counted. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#>*_`|~-]+/g, " ")
    .replace(/^\s*\d+\.\s/gm, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

// Headings get ids so readers can share a link to a step; the page already has the h1.
const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${slugify(inner)}">${inner}</h${depth}>\n`;
    },
    // A photo stands on its own under its section's heading, not inside a paragraph.
    paragraph({ tokens }) {
      return tokens.length === 1 && tokens[0]?.type === "image" ? `${this.parser.parseInline(tokens)}\n` : false;
    },
    // Only the owner's photos are drawn, and by the page (which knows their files): here a place for one.
    image({ href, text }) {
      if (!OWNER_PHOTO_REF.test(href)) return "";
      const alt = text.replace(/\\([\\[\]])/g, "$1").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return `<figure class="article-photo"><img data-photo="${href}" alt="${alt}"></figure>`;
    },
  },
});

export function parseArticle(fileName: string, source: string): Article {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${fileName}: missing frontmatter`);
  const parsed = articleFrontmatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`${fileName}: invalid frontmatter: ${problems}`);
  }
  const frontmatter = parsed.data;
  if (!fileName.endsWith(`/${frontmatter.slug}.md`) && fileName !== `${frontmatter.slug}.md`)
    throw new Error(`${fileName}: file name must be the slug (${frontmatter.slug}.md)`);
  // Facts such as {phone} are put in before the Markdown is read, so the word count sees them as a
  // reader does (an {email} becomes a link, as a typed address would).
  const resolved = resolveTokens((match[2] ?? "").trim());
  if (resolved.problems.length) throw new Error(`${fileName}: body: ${resolved.problems.join("; ")}`);
  const markdown = resolved.text;
  if (/^#\s/m.test(markdown)) throw new Error(`${fileName}: the body must not hold an h1; the page renders the title`);
  return {
    ...frontmatter,
    readMinutes: Number.parseInt(frontmatter.readTime, 10),
    markdown,
    html: marked.parse(markdown, { async: false }),
    wordCount: countWords(markdown),
  };
}

/** The repository's articles, by slug: what the build prerenders and the live layer starts from. */
export const articleFiles: PageFiles = filesByName(
  import.meta.glob<string>("./blog/*.md", { query: "?raw", import: "default", eager: true }),
);

const read = (files: PageFiles): readonly Article[] =>
  Object.entries(files)
    .map(([slug, source]) => parseArticle(`app/content/blog/${slug}.md`, source))
    .sort((a, b) => b.date.localeCompare(a.date) || a.id - b.id);

const articlesIn = perCopyAndFacts((files: PageFiles, inForce: FactsInForce) =>
  readWithFacts(inForce.facts, inForce.week, () => read(files)),
);

/**
 * The repository's articles, newest first, with its first facts: what the build prerenders and the
 * notices' links may point at before anything is published.
 */
export const articles: readonly Article[] = articlesIn(articleFiles, { facts: firstFacts, week: firstFacts.hours });

/** The articles `files` write, newest first, with the facts in force put into their copy. */
export const articlesFor = (files: PageFiles, inForce: FactsInForce): readonly Article[] => articlesIn(files, inForce);

export function summarize({ markdown: _m, html: _h, ...summary }: Article): ArticleSummary {
  return summary;
}
