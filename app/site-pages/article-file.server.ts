/**
 * An article's Markdown file as the editor's fields, and back. Reading takes the body apart into
 * the introduction, the `## ` sections and their `### ` parts, each block's paragraphs and lists as
 * the owner types them, and its bold words and links as marks; the facts' tokens (`{phone}`) stay
 * tokens. Writing puts the words into the front matter the file had, so what the form does not
 * offer (its number, slug, picture, first date) stays as it was.
 */
import { Marked, type MarkedToken, type Token } from "marked";
import { parse as parseYaml, stringify as yamlText } from "yaml";
import { countWords } from "~/content/articles.server";
import { splitContentFile } from "~/content/markdown";
import { OWNER_PHOTO_REF } from "~/content/owner-photos";
import {
  ARTICLE_WORDS,
  GLANCE_WORDS,
  articleBody,
  keywordsOf,
  STEP_TITLE,
  type ArticleFormValues,
  type ArticleSection,
  type ArticleWords,
  type SectionKind,
} from "./article-form";
import { BOLD, nthAt, runsOf, type Mark, type TextBlock } from "./marked-text";

const lexer = new Marked({ gfm: true });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A mark as read, with where its words sat: the run (paragraph or list item) and the offset in it. */
type MarkAt = Mark & { p: number; start: number };

/** Inline tokens as the text they show, with each bold run and link as a mark on its words. */
function inlineText(tokens: readonly Token[] | undefined, marks?: { p: number; found: MarkAt[] }): string {
  let text = "";
  for (const token of (tokens ?? []) as MarkedToken[]) {
    if (token.type === "strong" || token.type === "link") {
      const words = inlineText(token.tokens);
      const does = token.type === "strong" ? BOLD : token.href;
      marks?.found.push({ words, does, nth: 0, p: marks.p, start: text.length });
      text += words;
    } else if ("tokens" in token && token.tokens) text += inlineText(token.tokens, marks);
    else if ("text" in token) text += token.text;
  }
  return text.replace(/\s*\n\s*/g, " ");
}

/** A block as it is read: its text, and its marks where they sat. */
interface Reading {
  block: TextBlock;
  runs: number;
  found: MarkAt[];
}

const reading = (): Reading => ({ block: { text: "", marks: [] }, runs: 0, found: [] });

function addPiece(into: Reading, token: MarkedToken) {
  const run = () => ({ p: into.runs++, found: into.found });
  let piece = "";
  if (token.type === "paragraph") piece = inlineText(token.tokens, run());
  else if (token.type === "list") piece = token.items.map((item) => `- ${inlineText(item.tokens, run())}`).join("\n");
  else if ("text" in token) piece = token.text;
  if (piece) into.block.text = into.block.text ? `${into.block.text}\n\n${piece}` : piece;
}

/** The block read, each mark naming which time its words appear when that is not the first. */
function done({ block, found }: Reading): TextBlock {
  const runs = runsOf(block.text);
  return {
    text: block.text,
    marks: found.map(({ words, does, p, start }) => {
      const nth = nthAt(runs, words, { p, start });
      return { words, does, nth: nth > 1 ? nth : 0 };
    }),
  };
}

/** What kind of section a heading and its parts make, as the editor names it. */
function kindOf(heading: string, titles: readonly string[]): SectionKind {
  if (titles.length && titles.every((t) => STEP_TITLE.test(t))) return "steps";
  if (/^safety/i.test(heading)) return "safety";
  if (/^tools/i.test(heading)) return "tools";
  if (/troubleshoot/i.test(heading)) return "troubleshooting";
  if (titles.length && /question/i.test(heading)) return "questions";
  return "text";
}

/** A paragraph that is only an owner's photo (`![what it shows](photo-<id>)`): its name and description. */
function sectionPhoto(token: MarkedToken): { ref: string; alt: string } | undefined {
  if (token.type !== "paragraph" || token.tokens?.length !== 1) return undefined;
  const image = token.tokens[0] as MarkedToken | undefined;
  if (image?.type !== "image" || !OWNER_PHOTO_REF.test(image.href)) return undefined;
  // The writer escaped the description's brackets and backslashes; the lexer leaves some escaped.
  return { ref: image.href, alt: image.text.replace(/\\([\\[\]])/g, "$1") };
}

/** An article's body as the editor's introduction and sections. */
export function articleBlocks(body: string): Pick<ArticleFormValues, "intro" | "sections"> {
  const intro = reading();
  const sections: {
    heading: string;
    photo: { ref: string; alt: string } | undefined;
    read: Reading;
    items: { title: string; read: Reading }[];
  }[] = [];
  for (const token of lexer.lexer(body) as MarkedToken[]) {
    if (token.type === "space") continue;
    const section = sections.at(-1);
    // A photo right under a section's heading is the section's photo, not part of its text.
    const photo = section && !section.photo && !section.read.runs && !section.items.length && sectionPhoto(token);
    if (photo && section) section.photo = photo;
    else if (token.type === "heading" && (token.depth <= 2 || !section))
      sections.push({ heading: inlineText(token.tokens), photo: undefined, read: reading(), items: [] });
    else if (token.type === "heading" && section)
      section.items.push({ title: inlineText(token.tokens), read: reading() });
    else addPiece(section?.items.at(-1)?.read ?? section?.read ?? intro, token);
  }
  return {
    intro: done(intro),
    sections: sections.map(({ heading, photo, read, items }): ArticleSection => {
      const kind = kindOf(
        heading,
        items.map((item) => item.title),
      );
      return {
        kind,
        heading,
        photo: photo?.ref ?? "",
        photoAlt: photo?.alt ?? "",
        ...done(read),
        items: items.map((item) => ({
          title: kind === "steps" ? item.title.replace(STEP_TITLE, "") : item.title,
          ...done(item.read),
        })),
      };
    }),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** An article's file as the editor's fields, filled from version `basedOn`. */
export function articleValues(markdown: string, basedOn: number): ArticleFormValues {
  const parts = splitContentFile(markdown);
  const data: unknown = parseYaml(parts?.yaml ?? "");
  const fm = isRecord(data) ? data : {};
  const glance = isRecord(fm.atAGlance) ? fm.atAGlance : {};
  const related = Array.isArray(fm.relatedServices) ? fm.relatedServices : [];
  const keywords = Array.isArray(fm.keywords) ? fm.keywords.map(text) : [];
  const words: ArticleWords = {
    title: text(fm.title),
    slug: text(fm.slug),
    category: text(fm.category),
    excerpt: text(fm.excerpt),
    imageAlt: text(fm.imageAlt),
    ctaLabel: text(fm.ctaLabel),
    description: text(fm.description),
    keywords: keywords.join("\n"),
    timeNeeded: text(glance.timeNeeded),
    difficulty: text(glance.difficulty),
    bestTime: text(glance.bestTime),
    cost: text(glance.cost),
    related1: text(related[0]),
    related2: text(related[1]),
  };
  return { basedOn, words, image: text(fm.image), ...articleBlocks(parts?.body ?? "") };
}

/** How long the article takes to read: the four the site was built with read at 220 words a minute. */
export const readTime = (body: string) => `${Math.max(1, Math.round(countWords(body) / 220))} minutes`;

/**
 * The article's file with these fields: the front matter it had with the words put in, `modified`
 * as its date of change when anything changed, and the body written from the sections.
 */
export function articleMarkdown(before: string, values: ArticleFormValues, modified: string): string {
  const parts = splitContentFile(before);
  const data: unknown = parseYaml(parts?.yaml ?? "");
  const fm: Record<string, unknown> = isRecord(data) ? { ...data } : {};
  const { words } = values;
  const body = articleBody(values);
  const changed =
    ARTICLE_WORDS.some((w) => words[w] !== articleValues(before, 0).words[w]) ||
    (values.image !== "" && values.image !== fm.image) ||
    body !== articleBody(articleBlocks(parts?.body ?? ""));
  Object.assign(fm, {
    title: words.title,
    slug: words.slug,
    excerpt: words.excerpt,
    description: words.description,
    category: words.category,
    image: values.image || fm.image,
    imageAlt: words.imageAlt,
    readTime: readTime(body),
    keywords: keywordsOf(words.keywords),
    relatedServices: [words.related1, words.related2],
    atAGlance: GLANCE_WORDS.every((word) => words[word] === "")
      ? undefined
      : {
          timeNeeded: words.timeNeeded,
          difficulty: words.difficulty,
          bestTime: words.bestTime,
          cost: words.cost,
        },
    ctaLabel: words.ctaLabel,
  });
  if (changed) fm.dateModified = modified;
  return `---\n${yamlText(fm, { lineWidth: 0 })}---\n\n${body}\n`;
}
