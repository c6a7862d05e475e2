/**
 * The article editor's form, shared by the page in the browser and the server: an article as the
 * fields the owner edits (its words on the blog and in search, the at-a-glance box, the related
 * services, an introduction, then sections with their steps, problems or questions), read back from
 * a post, checked field by field, and written as the article's Markdown body.
 * Each text is typed as `marked-text.ts` reads it: plain text, lists, and marks on its words.
 */
import type { PictureField } from "./page-pictures";
import { hiddenCharacterError } from "~/forms/plain-text";
import { EMAIL_ADDRESS, WEB_ADDRESS } from "./faq-form";
import { atLineStart, BOLD, blockMarkdown, markdownText, placeMarks, runsOf, type TextBlock } from "./marked-text";

/** A part of a section under its own small heading: a step, a problem, a question. */
export interface SectionItem extends TextBlock {
  title: string;
}

export const SECTION_KINDS = ["text", "safety", "tools", "steps", "troubleshooting", "questions"] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

export interface ArticleSection extends TextBlock {
  kind: SectionKind;
  heading: string;
  /** A photo of the owner's under the heading (`photo-<id>`), or "" for none; with what it shows. */
  photo: string;
  photoAlt: string;
  items: SectionItem[];
}

/** How the desk names each kind of section, the heading a new one starts with, and its parts. */
export const sectionKinds: Readonly<
  Record<SectionKind, { label: string; heading: string; item: string; itemsLabel: string }>
> = {
  text: { label: "Section", heading: "", item: "Part", itemsLabel: "parts" },
  safety: { label: "Safety notes", heading: "Safety notes", item: "Part", itemsLabel: "parts" },
  tools: {
    label: "Tools and materials",
    heading: "Tools and materials",
    item: "Part",
    itemsLabel: "parts",
  },
  steps: { label: "Steps", heading: "Step-by-step", item: "Step", itemsLabel: "steps" },
  troubleshooting: {
    label: "Troubleshooting",
    heading: "Troubleshooting",
    item: "Problem",
    itemsLabel: "problems",
  },
  questions: {
    label: "Questions",
    heading: "Frequently asked questions",
    item: "Question",
    itemsLabel: "questions",
  },
};

export const isSectionKind = (value: string): value is SectionKind =>
  (SECTION_KINDS as readonly string[]).includes(value);

/** The article's words outside its body, each one field. */
export const ARTICLE_WORDS = [
  "title",
  "slug",
  "category",
  "excerpt",
  "imageAlt",
  "ctaLabel",
  "description",
  "keywords",
  "timeNeeded",
  "difficulty",
  "bestTime",
  "cost",
  "related1",
  "related2",
] as const;
export type ArticleWord = (typeof ARTICLE_WORDS)[number];
export type ArticleWords = Record<ArticleWord, string>;

export interface ArticleFormValues {
  /** The version of the article the form was filled from (0: the repository's file). */
  basedOn: number;
  words: ArticleWords;
  /** The picture at the top: the build's picture's name, or the owner's photo's (`photo-<id>`). */
  image: string;
  intro: TextBlock;
  sections: ArticleSection[];
}

/** The picture at the top of the article and of its card on the blog; its description is a word. */
export const ARTICLE_PICTURE: PictureField = { name: "image", label: "Picture at the top", optional: false };

/** The facts of the box at a glance: an article has all four, or leaves all four empty for no box. */
export const GLANCE_WORDS = ["timeNeeded", "difficulty", "bestTime", "cost"] as const;

export const MOST_SECTIONS = 20;
export const MOST_ITEMS = 15;
export const MOST_MARKS = 8;
export const TEXT_MAX = 8000;
export const HEADING_MAX = 120;

/** Each word's label, the most characters it takes, and the fewest (from the blog's rules). */
export const wordRules: Readonly<Record<ArticleWord, { label: string; most: number; fewest: number }>> = {
  title: { label: "Title", most: 120, fewest: 10 },
  slug: { label: "Address: /blog/ and these words", most: 80, fewest: 3 },
  category: { label: "Category", most: 60, fewest: 3 },
  excerpt: { label: "Summary on the blog", most: 300, fewest: 40 },
  imageAlt: { label: "Picture description (for screen readers and search)", most: 300, fewest: 10 },
  ctaLabel: { label: "Estimate button (leave empty for a link to the estimate page)", most: 40, fewest: 0 },
  description: { label: "Description in search results", most: 170, fewest: 50 },
  keywords: { label: "Search phrases, one per line", most: 1000, fewest: 2 },
  timeNeeded: { label: "Time needed", most: 200, fewest: 2 },
  difficulty: { label: "Difficulty", most: 200, fewest: 2 },
  bestTime: { label: "Best time", most: 200, fewest: 2 },
  cost: { label: "Cost", most: 200, fewest: 2 },
  related1: { label: "First related service", most: 60, fewest: 1 },
  related2: { label: "Second related service", most: 60, fewest: 1 },
};

/** A block's fields are named from its place: "intro", a section "s2", a section's item "s2-i3". */
export const blockName = {
  section: (i: number) => `s${i}`,
  item: (i: number, j: number) => `s${i}-i${j}`,
};

export const fieldName = {
  text: (block: string) => `${block}-text`,
  markWords: (block: string, k: number) => `${block}-m${k}-words`,
  markDoes: (block: string, k: number) => `${block}-m${k}-does`,
  markNth: (block: string, k: number) => `${block}-m${k}-nth`,
  heading: (i: number) => `s${i}-heading`,
  kind: (i: number) => `s${i}-kind`,
  items: (i: number) => `s${i}-items`,
  itemTitle: (i: number, j: number) => `s${i}-i${j}-title`,
  photo: (i: number) => `s${i}-photo`,
  photoAlt: (i: number) => `s${i}-photo-alt`,
};

/** A section's photo on the editor: optional, described when given. */
export const sectionPicture = (i: number): PictureField => ({
  name: fieldName.photo(i),
  label: "Photo in this section",
  optional: true,
  alt: { name: fieldName.photoAlt(i), label: "What the photo shows (for screen readers and search)" },
});

/** The most fields a post holds for an article at its largest. */
export const MOST_ARTICLE_FIELDS =
  ARTICLE_WORDS.length + 8 + (MOST_SECTIONS + 1) * (6 + 2 * MOST_MARKS + (MOST_ITEMS + 1) * (2 + 2 * MOST_MARKS));

const count = (posted: string, most: number) => Math.min(Math.max(Math.trunc(Number(posted)) || 0, 0), most + 1);

const trimmed = (text: string) => text.replace(/\r\n?/g, "\n").trim();

function readBlock(get: (name: string) => string, block: string): TextBlock {
  return {
    text: trimmed(get(fieldName.text(block))),
    marks: Array.from({ length: MOST_MARKS }, (_, k) => ({
      words: get(fieldName.markWords(block, k)).trim(),
      does: get(fieldName.markDoes(block, k)).trim(),
      nth: Math.min(Math.max(Math.trunc(Number(get(fieldName.markNth(block, k)))) || 0, 0), 1000),
    })).filter((mark) => mark.words !== "" || mark.does !== ""),
  };
}

/** The form's values from its fields, as posted or as an answer carried them. */
export function articleValuesFrom(get: (name: string) => string): ArticleFormValues {
  const basedOn = Number(get("basedOn"));
  const words = Object.fromEntries(ARTICLE_WORDS.map((w) => [w, trimmed(get(w))])) as ArticleWords;
  return {
    basedOn: /^\d{1,9}$/.test(get("basedOn")) ? basedOn : -1,
    words,
    image: get(ARTICLE_PICTURE.name).trim(),
    intro: readBlock(get, "intro"),
    sections: Array.from({ length: count(get("sections"), MOST_SECTIONS) }, (_, i) => {
      const kind = get(fieldName.kind(i));
      return {
        ...readBlock(get, blockName.section(i)),
        kind: isSectionKind(kind) ? kind : "text",
        heading: get(fieldName.heading(i)).trim(),
        photo: get(fieldName.photo(i)).trim(),
        photoAlt: get(fieldName.photo(i)).trim() ? get(fieldName.photoAlt(i)).replace(/\s+/g, " ").trim() : "",
        items: Array.from({ length: count(get(fieldName.items(i)), MOST_ITEMS) }, (_, j) => ({
          ...readBlock(get, blockName.item(i, j)),
          title: get(fieldName.itemTitle(i, j)).trim(),
        })),
      };
    }),
  };
}

function flatBlock(flat: Record<string, string>, block: string, value: TextBlock) {
  flat[fieldName.text(block)] = value.text;
  for (const [k, mark] of value.marks.entries()) {
    flat[fieldName.markWords(block, k)] = mark.words;
    flat[fieldName.markDoes(block, k)] = mark.does;
    if (mark.nth) flat[fieldName.markNth(block, k)] = String(mark.nth);
  }
}

/** The form's values as the desk's answers carry them: one string per field. */
export function flatArticleValues(values: ArticleFormValues): Record<string, string> {
  const flat: Record<string, string> = {
    basedOn: String(values.basedOn),
    sections: String(values.sections.length),
    ...values.words,
    [ARTICLE_PICTURE.name]: values.image,
  };
  flatBlock(flat, "intro", values.intro);
  for (const [i, section] of values.sections.entries()) {
    flat[fieldName.kind(i)] = section.kind;
    flat[fieldName.heading(i)] = section.heading;
    flat[fieldName.photo(i)] = section.photo;
    flat[fieldName.photoAlt(i)] = section.photoAlt;
    flat[fieldName.items(i)] = String(section.items.length);
    flatBlock(flat, blockName.section(i), section);
    for (const [j, item] of section.items.entries()) {
      flat[fieldName.itemTitle(i, j)] = item.title;
      flatBlock(flat, blockName.item(i, j), item);
    }
  }
  return flat;
}

/** A photo's description inside `![…]`: its brackets and backslashes escaped, so it reads back as typed. */
const altMarkdown = (alt: string) => alt.replace(/[\\[\]]/g, (c) => `\\${c}`);

/** A step's heading as the page shows it: numbered, "Step 2: Fix nail pops". */
export const STEP_TITLE = /^Step \d+:\s*/;

/** The article's body as Markdown: the introduction, then each section under a `## ` heading. */
export function articleBody(values: Pick<ArticleFormValues, "intro" | "sections">): string {
  const parts = [blockMarkdown(values.intro)];
  for (const section of values.sections) {
    parts.push(`## ${atLineStart(markdownText(section.heading))}`);
    if (section.photo) parts.push(`![${altMarkdown(section.photoAlt)}](${section.photo})`);
    if (section.text) parts.push(blockMarkdown(section));
    for (const [j, item] of section.items.entries()) {
      const title = section.kind === "steps" ? `Step ${j + 1}: ${item.title}` : item.title;
      parts.push(`### ${atLineStart(markdownText(title))}`);
      parts.push(blockMarkdown(item));
    }
  }
  return parts.filter(Boolean).join("\n\n");
}

export type ArticleErrors = Record<string, string>;

function textProblem(text: string, what: string, required: boolean): string | undefined {
  if (text === "") return required ? `Write the ${what.toLowerCase()}.` : undefined;
  if (text.length > TEXT_MAX) return `Keep the ${what.toLowerCase()} under ${TEXT_MAX} characters; split it in two.`;
  if (WEB_ADDRESS.test(text))
    return "Take the web address out: link words of the text to a page of the site with a mark below.";
  if (EMAIL_ADDRESS.test(text))
    return "Take the email address out: write {email} for the business's, or link words to it below.";
  return hiddenCharacterError(text, what, true);
}

function blockProblems(
  errors: ArticleErrors,
  name: string,
  block: TextBlock,
  what: string,
  required: boolean,
  allowed: ReadonlySet<string>,
) {
  const problem = textProblem(block.text, what, required);
  if (problem) errors[fieldName.text(name)] = problem;
  if (block.marks.length > MOST_MARKS) errors[fieldName.text(name)] ??= `Mark at most ${MOST_MARKS} words in one text.`;
  const places = placeMarks(runsOf(block.text), block.marks);
  for (const [k, mark] of block.marks.entries()) {
    const words = fieldName.markWords(name, k);
    if (mark.words === "") errors[words] = "Write the words of the text to mark.";
    else if (!problem && !places[k]) errors[words] = "These words are not in the text: copy them from it, exactly.";
    else {
      const hidden = hiddenCharacterError(mark.words, "The marked words");
      if (hidden) errors[words] = hidden;
    }
    if (mark.does !== BOLD && !allowed.has(mark.does))
      errors[fieldName.markDoes(name, k)] = "Choose Bold, or where the link leads, from the list.";
  }
}

function lineProblem(text: string, what: string, most: number, fewest: number): string | undefined {
  if (text === "") return fewest > 0 ? `Write the ${what.toLowerCase()}.` : undefined;
  if (text.length > most) return `Keep it to ${most} characters.`;
  if (text.length < fewest) return `Write at least ${fewest} characters.`;
  return hiddenCharacterError(text, what);
}

/**
 * The message for each field that breaks a rule; none when the article can be written. `allowed`
 * holds the places a link may lead, and `services` the slugs a related service may be.
 */
export function articleProblems(
  values: ArticleFormValues,
  allowed: ReadonlySet<string>,
  services: ReadonlySet<string>,
): ArticleErrors {
  const errors: ArticleErrors = {};
  const { words } = values;
  // The box at a glance is all four facts or none of them.
  const noGlance = GLANCE_WORDS.every((word) => words[word] === "");
  for (const word of ARTICLE_WORDS) {
    const rule = wordRules[word];
    if (word === "keywords" || word === "related1" || word === "related2") continue;
    if (noGlance && (GLANCE_WORDS as readonly string[]).includes(word)) continue;
    const problem = lineProblem(words[word], rule.label, rule.most, rule.fewest);
    if (problem) errors[word] = problem;
  }
  if (!errors.slug && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(words.slug))
    errors.slug = "Use lower-case letters, digits and dashes between words, as in storm-ready-decks.";
  const keywords = keywordsOf(words.keywords);
  if (keywords.length < 3) errors.keywords = "Write at least three search phrases, one per line.";
  else if (keywords.some((k) => k.length < 2 || k.length > 80))
    errors.keywords = "Each search phrase takes 2 to 80 characters.";
  else {
    const hidden = hiddenCharacterError(words.keywords, "The search phrases", true);
    if (hidden) errors.keywords = hidden;
  }
  if (!services.has(words.related1)) errors.related1 = "Choose a service from the list.";
  if (!services.has(words.related2)) errors.related2 = "Choose a service from the list.";
  else if (words.related2 === words.related1) errors.related2 = "Choose a different service from the first.";
  blockProblems(errors, "intro", values.intro, "Introduction", true, allowed);
  if (values.sections.length === 0) errors.form = "An article holds at least one section: add one.";
  if (values.sections.length > MOST_SECTIONS) errors.form = `An article holds at most ${MOST_SECTIONS} sections.`;
  for (const [i, section] of values.sections.entries()) {
    const kind = sectionKinds[section.kind];
    const heading = lineProblem(section.heading, "Heading", HEADING_MAX, 2);
    if (heading) errors[fieldName.heading(i)] = heading;
    blockProblems(errors, blockName.section(i), section, "Text", section.items.length === 0, allowed);
    if (section.items.length > MOST_ITEMS)
      errors[fieldName.heading(i)] ??= `A section holds at most ${MOST_ITEMS} ${kind.itemsLabel}.`;
    for (const [j, item] of section.items.entries()) {
      const title = fieldName.itemTitle(i, j);
      const titleProblem =
        lineProblem(item.title, `${kind.item}'s heading`, HEADING_MAX, 2) ??
        (section.kind === "questions" && !item.title.endsWith("?")
          ? "End the question with a question mark."
          : section.kind === "steps" && STEP_TITLE.test(item.title)
            ? "Leave out the step's number: the page numbers the steps in their order."
            : undefined);
      if (titleProblem) errors[title] = titleProblem;
      blockProblems(errors, blockName.item(i, j), item, "Text", true, allowed);
    }
  }
  return errors;
}

/** The search phrases typed one per line (commas also separate them). */
export const keywordsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((k) => k.trim())
    .filter(Boolean);

export const blankItem = (): SectionItem => ({ title: "", text: "", marks: [] });

/** Kinds of section made of parts (steps, problems, questions), which start with an empty first one. */
const IN_PARTS: ReadonlySet<SectionKind> = new Set(["steps", "troubleshooting", "questions"]);

/** A section with nothing in it yet, of a kind, under its usual heading. */
export const blankSection = (kind: SectionKind): ArticleSection => ({
  kind,
  heading: sectionKinds[kind].heading,
  photo: "",
  photoAlt: "",
  text: "",
  marks: [],
  items: IN_PARTS.has(kind) ? [blankItem()] : [],
});
