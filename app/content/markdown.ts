/**
 * Content files: YAML front matter, then questions and answers in Markdown, one `##` heading per
 * question with its answer in paragraphs below (the FAQ files and the service pages).
 *
 * An answer may hold text and links, nothing else, and comes back as paragraphs of text runs and
 * links rather than HTML: the page draws internal links with the router's <Link>, so following one
 * does not reload the page, and structured data quotes the same answer as plain text.
 */
import { Marked, type MarkedToken, type Token } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { FACT_LINKS } from "./fact-links";
import { factLinkAddress, resolveTokens } from "./tokens";

export type Inline = string | { text: string; href: string };
export type Paragraph = Inline[];

export interface Question {
  /** the anchor written after the question as `{#id}`, if any */
  id: string | undefined;
  question: string;
  answer: Paragraph[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;

/** Thrown for a content file that breaks a rule; the message names the file and each field. */
export class ContentError extends Error {
  constructor(fileName: string, problems: readonly string[]) {
    super(`${fileName} is invalid:\n  ${problems.join("\n  ")}`);
    this.name = "ContentError";
  }
}

/** A content file's two parts as written: the YAML between its `---` lines, and the Markdown after. */
export function splitContentFile(source: string): { yaml: string; body: string } | undefined {
  const match = FRONT_MATTER.exec(source);
  return match ? { yaml: match[1] ?? "", body: match[2] ?? "" } : undefined;
}

/** The YAML front matter, checked against `schema`, and the Markdown body of a content file. */
export function readContentFile<S extends z.ZodType>(
  source: string,
  schema: S,
): { data: z.output<S> | undefined; body: string; problems: string[] } {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { data: undefined, body: "", problems: ["front matter: missing (a --- line, YAML, a --- line)"] };
  let yaml: unknown;
  try {
    yaml = parseYaml(match[1] ?? "");
  } catch (error) {
    return { data: undefined, body: "", problems: [`front matter: not valid YAML: ${String(error)}`] };
  }
  const parsed = schema.safeParse(yaml);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`);
  return { data: parsed.success ? parsed.data : undefined, body: match[2] ?? "", problems };
}

export const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A content file's path as its author knows it, from the key `import.meta.glob` gives it. */
export const contentPath = (globKey: string) => `app/content/${globKey.replace(/^\.\//, "")}`;

/**
 * One kind of page's Markdown files (the service pages, the FAQ's categories, the articles), each
 * by its name: the file's name without `.md`, which is the page's slug or the category's anchor.
 * The repository's files are the first value; what the owner publishes replaces them one by one.
 */
export type PageFiles = Readonly<Record<string, string>>;

/** The files `import.meta.glob` read, by name. */
export const filesByName = (globbed: Record<string, string>): PageFiles =>
  Object.fromEntries(
    Object.entries(globbed).map(([key, text]) => [key.replace(/^.*\//, "").replace(/\.md$/, ""), text]),
  );

const marked = new Marked({ gfm: true });

const names: Partial<Record<MarkedToken["type"], string>> = {
  strong: "bold text",
  em: "emphasised text",
  del: "struck-through text",
  codespan: "code",
  code: "a code block",
  br: "a hard line break",
  html: "HTML",
  image: "an image",
  blockquote: "a quotation",
  hr: "a horizontal rule",
};

const describe = (token: MarkedToken) =>
  token.type === "heading"
    ? `a level ${token.depth} heading`
    : (names[token.type] ?? `a ${token.type.replace("_", " ")}`);

/** Text of inline tokens that may hold nothing but text; anything else is reported. */
function plainInline(tokens: Token[] | undefined, where: string, problems: string[]): string {
  let text = "";
  for (const token of (tokens ?? []) as MarkedToken[]) {
    if (token.type === "text" || token.type === "escape") text += token.text;
    else problems.push(`${where}: holds ${describe(token)}; only plain text is allowed here`);
  }
  return text;
}

/** Puts the business facts into copy, reporting unknown tokens where they were found. */
function withFacts(text: string, where: string, problems: string[]): string {
  const resolved = resolveTokens(text);
  problems.push(...resolved.problems.map((p) => `${where}: ${p}`));
  return resolved.text;
}

// Soft line breaks inside a paragraph are spaces, as a browser would show them.
const unwrap = (text: string) => text.replace(/\s*\n\s*/g, " ");

function paragraph(tokens: Token[], where: string, problems: string[]): Paragraph {
  const runs: Paragraph = [];
  for (const token of tokens as MarkedToken[]) {
    if (token.type === "text" || token.type === "escape") {
      const last = runs.at(-1);
      if (typeof last === "string") runs[runs.length - 1] = last + token.text;
      else runs.push(token.text);
    } else if (token.type === "link") {
      const text = withFacts(unwrap(plainInline(token.tokens, `${where}: link text`, problems)), where, problems);
      // Our own pages, or a call or mail to the business: an outside address would need a new-tab notice.
      const fact = factLinkAddress(token.href);
      if (!fact && (!token.href.startsWith("/") || token.href.startsWith("//")))
        problems.push(
          `${where}: link to ${token.href}: links lead to pages of this site (start with /), ${FACT_LINKS.phone} or ${FACT_LINKS.email}`,
        );
      runs.push({ text, href: fact ?? token.href });
    } else {
      problems.push(`${where}: holds ${describe(token)}; an answer holds paragraphs of text and links only`);
    }
  }
  return runs.map((run) => (typeof run === "string" ? withFacts(unwrap(run), where, problems) : run));
}

/** The questions of a Markdown body, with the problems found in it (each naming its question). */
export function parseQuestions(markdown: string): { questions: Question[]; problems: string[] } {
  const questions: Question[] = [];
  const problems: string[] = [];
  let where = "body";
  for (const token of marked.lexer(markdown) as MarkedToken[]) {
    if (token.type === "space") continue;
    const current = questions.at(-1);
    if (token.type === "heading" && token.depth === 2) {
      where = `body: question ${questions.length + 1}`;
      const heading = plainInline(token.tokens, where, problems).trim();
      const [, text = heading, id] = /^(.*?)\s*\{#([^{}]*)\}$/.exec(heading) ?? [];
      where = `body: question ${questions.length + 1} ("${text}")`;
      if (id !== undefined && !kebabCase.test(id)) problems.push(`${where}: anchor {#${id}} must be kebab-case`);
      const question = withFacts(text, where, problems);
      if (!question.endsWith("?")) problems.push(`${where}: a question ends with a question mark`);
      questions.push({ id, question, answer: [] });
    } else if (token.type === "paragraph" && current) {
      current.answer.push(paragraph(token.tokens, where, problems));
    } else if (current) {
      problems.push(`${where}: holds ${describe(token)}; an answer holds paragraphs of text and links only`);
    } else {
      problems.push(`body: starts with ${describe(token)}; it holds questions, each a "## " heading`);
    }
  }
  for (const [i, q] of questions.entries())
    if (!q.answer.length) problems.push(`body: question ${i + 1} ("${q.question}") has no answer`);
  return { questions, problems };
}

/** An answer as plain text, paragraphs separated by a blank line (for structured data). */
export function plainText(answer: readonly Paragraph[]): string {
  return answer.map((runs) => runs.map((run) => (typeof run === "string" ? run : run.text)).join("")).join("\n\n");
}

type Link = Exclude<Inline, string>;

const linksOf = (answer: readonly Paragraph[]): Link[] =>
  answer.flat().filter((run): run is Link => typeof run !== "string");

/** Links in answers to the site's pages that lead to no page of it, as problems. */
export function unknownLinks(questions: readonly Question[], knownPaths: ReadonlySet<string>): string[] {
  return questions.flatMap((q) =>
    linksOf(q.answer)
      .filter((link) => link.href.startsWith("/") && !knownPaths.has(link.href.replace(/[#?].*$/, "") || "/"))
      .map((link) => `body: question "${q.question}": link to ${link.href} leads to no page of the site`),
  );
}
