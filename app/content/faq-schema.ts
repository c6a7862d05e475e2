/**
 * What a FAQ category is made of, and the rules its file must follow.
 *
 * Each category is `content/faq/<id>.md`: front matter with its name, icon and place on the page,
 * then its questions in Markdown, each a `## ` heading ending in its anchor, `{#anchor}`, with the
 * answer below. The file name and the anchors become the page's `#` addresses, which people share,
 * so they are written out rather than made from the wording. Business facts are tokens (`{phone}`,
 * see `tokens.ts`).
 */
import { z } from "zod";
import { iconNames } from "./icon-names";
import { ContentError, kebabCase, parseQuestions, readContentFile, type Paragraph } from "./markdown";

const MIN_QUESTIONS = 4;

export const faqFrontMatterSchema = z.strictObject({
  name: z.string().min(3).max(40),
  icon: z.enum(iconNames),
  /** where the category appears on the page, from 1 */
  order: z.number().int().positive(),
});

export interface FaqQuestion {
  id: string;
  question: string;
  answer: Paragraph[];
}

export interface FaqCategory extends z.output<typeof faqFrontMatterSchema> {
  id: string;
  questions: FaqQuestion[];
}

/** Reads `<id>.md`; throws a ContentError naming the file and every field that breaks a rule. */
export function parseFaqCategory(fileName: string, source: string): FaqCategory {
  const id = fileName.replace(/^.*\//, "").replace(/\.md$/, "");
  const { data, body, problems } = readContentFile(source, faqFrontMatterSchema);
  if (!kebabCase.test(id)) problems.push(`file name: "${id}" becomes the category's anchor and must be kebab-case`);
  const parsed = parseQuestions(body);
  problems.push(...parsed.problems);
  const questions: FaqQuestion[] = [];
  for (const q of parsed.questions) {
    if (q.id) questions.push({ ...q, id: q.id });
    else problems.push(`body: question "${q.question}": needs its anchor, e.g. "## ${q.question} {#short-name}"`);
  }
  if (parsed.questions.length < MIN_QUESTIONS)
    problems.push(`body: holds ${parsed.questions.length} questions; a category holds at least ${MIN_QUESTIONS}`);
  if (!data || problems.length) throw new ContentError(fileName, problems);
  return { ...data, id, questions };
}

/** Rules that span the files: one order each, and anchors that are unique on the page. */
export function crossCheckFaq(categories: readonly FaqCategory[]): string[] {
  const problems: string[] = [];
  const orders = categories.map((c) => c.order).sort((a, b) => a - b);
  if (orders.some((order, i) => order !== i + 1))
    problems.push(`order: the categories' orders must run 1 to ${categories.length} (found ${orders.join(", ")})`);
  const anchors = categories.flatMap((c) => [c.id, ...c.questions.map((q) => q.id)]);
  for (const [i, anchor] of anchors.entries())
    if (anchors.indexOf(anchor) !== i) problems.push(`anchor #${anchor} is used twice on the FAQ page`);
  return problems;
}
