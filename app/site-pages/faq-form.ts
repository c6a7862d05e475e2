/**
 * The FAQ editor's form, shared by the page (in the browser) and the server: a category's questions
 * as the fields the owner edits, read back and checked field by field, and written as the category's
 * Markdown file. The owner types plain text: every character that Markdown would read as markup is
 * escaped, so what is typed is what the page shows. Links come from a picker (a page of the site,
 * the business's phone or email) with the words of the answer they sit on, so no brackets are typed.
 */
import type { Paragraph } from "~/content/markdown";
import type { FaqQuestion } from "~/content/faq-schema";
import { FACT_LINKS } from "~/content/fact-links";
import { hiddenCharacterError } from "~/forms/plain-text";
import { atLineStart, markdownText, markedRuns, placeMarks } from "./marked-text";

/** A link inside an answer: the words it sits on, and where it leads (a path, or a fact's link). */
export interface AnswerLink {
  words: string;
  to: string;
}

export interface QuestionValues {
  /** The `#` address of the question, which people share: kept as it was, made for a new one. */
  anchor: string;
  question: string;
  /** Paragraphs separated by a blank line. */
  answer: string;
  links: AnswerLink[];
}

export interface FaqFormValues {
  /** The version of the category the form was filled from (0: the repository's file). */
  basedOn: number;
  questions: QuestionValues[];
}

/** Where a link may lead, as the picker offers it. */
export interface LinkChoice {
  title: string;
  to: string;
}

export interface LinkChoiceGroup {
  label: string;
  choices: LinkChoice[];
}

export const MOST_QUESTIONS = 20;
/** The most questions a service page holds; the FAQ holds the rest. */
export const MOST_PAGE_QUESTIONS = 10;
export const FEWEST_QUESTIONS = 4;
export const MOST_LINKS = 4;
export const QUESTION_MAX = 200;
export const ANSWER_MAX = 3000;

/** The most fields a category's post holds: each question's four, its links' two each, and the form's own five. */
export const MOST_CATEGORY_FIELDS = (MOST_QUESTIONS + 1) * (3 + 2 * MOST_LINKS) + 5;

export const fieldName = {
  question: (i: number) => `question-${i}`,
  answer: (i: number) => `answer-${i}`,
  anchor: (i: number) => `anchor-${i}`,
  linkWords: (i: number, j: number) => `link-${i}-${j}-words`,
  linkTo: (i: number, j: number) => `link-${i}-${j}-to`,
};

/** The business's phone, email and contact form, as the picker offers them after the site's pages. */
export const FACT_CHOICES: LinkChoiceGroup = {
  label: "Call or write",
  choices: [
    { title: "Call us (the business's phone)", to: FACT_LINKS.phone },
    { title: "Email us (the business's address)", to: FACT_LINKS.email },
    { title: "Write to us (the contact form on the home page)", to: "/#contact" },
  ],
};

const paragraphText = (runs: Paragraph) => runs.map((run) => (typeof run === "string" ? run : run.text)).join("");

/** A question read with its tokens kept, as the form shows it. */
export function questionValues(question: FaqQuestion): QuestionValues {
  return {
    anchor: question.id,
    question: question.question,
    answer: question.answer.map(paragraphText).join("\n\n"),
    links: question.answer
      .flat()
      .flatMap((run) => (typeof run === "string" ? [] : [{ words: run.text, to: run.href }])),
  };
}

/** The questions as posted, in their order; a link row left empty is no link. */
export function readQuestions(get: (name: string) => string, count: number): QuestionValues[] {
  return Array.from({ length: count }, (_, i) => ({
    anchor: get(fieldName.anchor(i)).trim(),
    question: get(fieldName.question(i)).trim(),
    answer: get(fieldName.answer(i)).replace(/\r\n?/g, "\n").trim(),
    links: Array.from({ length: MOST_LINKS }, (_, j) => ({
      words: get(fieldName.linkWords(i, j)).trim(),
      to: get(fieldName.linkTo(i, j)).trim(),
    })).filter((link) => link.words !== "" || link.to !== ""),
  }));
}

const paragraphsOf = (answer: string) =>
  answer
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join(" "),
    )
    .filter(Boolean);

export const WEB_ADDRESS = /\b(?:https?:\/\/|www\.)\S/i;
export const EMAIL_ADDRESS = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;

/** The message for each field that breaks a rule; none when the questions can be written. */
export function questionProblems(
  questions: readonly QuestionValues[],
  allowed: ReadonlySet<string>,
  /** How many questions the page holds, and what it calls the place they are in. */
  bounds: { fewest: number; most: number; place: string } = {
    fewest: FEWEST_QUESTIONS,
    most: MOST_QUESTIONS,
    place: "A category",
  },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (questions.length < bounds.fewest)
    errors.form = `${bounds.place} holds at least ${bounds.fewest} questions: add one before removing this.`;
  if (questions.length > bounds.most) errors.form = `${bounds.place} holds at most ${bounds.most} questions.`;
  for (const [i, q] of questions.entries()) {
    const questionError =
      q.question === ""
        ? "Write the question."
        : q.question.length > QUESTION_MAX
          ? `Keep the question under ${QUESTION_MAX} characters.`
          : !q.question.endsWith("?")
            ? "End the question with a question mark."
            : hiddenCharacterError(q.question, "The question");
    if (questionError) errors[fieldName.question(i)] = questionError;
    const answerError =
      q.answer === ""
        ? "Write the answer."
        : q.answer.length > ANSWER_MAX
          ? `Keep the answer under ${ANSWER_MAX} characters.`
          : WEB_ADDRESS.test(q.answer)
            ? "Take the web address out: link words of the answer to a page of the site with a link below."
            : EMAIL_ADDRESS.test(q.answer)
              ? "Take the email address out: write {email} for the business's, or link words to it below."
              : hiddenCharacterError(q.answer, "The answer", true);
    if (answerError) errors[fieldName.answer(i)] = answerError;
    const places = placeMarks(paragraphsOf(q.answer), q.links);
    for (const [j, link] of q.links.entries()) {
      if (link.words === "") errors[fieldName.linkWords(i, j)] = "Write the words of the answer the link sits on.";
      else if (!answerError && !places[j])
        errors[fieldName.linkWords(i, j)] = "These words are not in the answer: copy them from it, exactly.";
      else {
        const hidden = hiddenCharacterError(link.words, "The link's words");
        if (hidden) errors[fieldName.linkWords(i, j)] = hidden;
      }
      if (!allowed.has(link.to)) errors[fieldName.linkTo(i, j)] = "Choose where the link leads from the list.";
    }
  }
  return errors;
}

function answerMarkdown(q: QuestionValues): string {
  const links = q.links.map((link) => ({ words: link.words, does: link.to, nth: 0 }));
  return markedRuns(paragraphsOf(q.answer), links).map(atLineStart).join("\n\n");
}

/**
 * The category's Markdown file: its front matter as it was (name, icon, place on the page), then
 * each question as a `## ` heading with its anchor, and its answer.
 */
export function categoryMarkdown(frontMatter: string, questions: readonly QuestionValues[]): string {
  return `${frontMatter.trimEnd()}\n\n${questionsMarkdown(questions, true)}\n`;
}

/** Questions as a Markdown body: each a `## ` heading, with its anchor when `anchored` (the FAQ's). */
export function questionsMarkdown(questions: readonly QuestionValues[], anchored: boolean): string {
  return questions
    .map((q) => {
      const heading = atLineStart(markdownText(q.question)) + (anchored ? ` {#${q.anchor}}` : "");
      return `## ${heading}\n\n${answerMarkdown(q)}`;
    })
    .join("\n\n");
}

/** A new question's anchor: its words in kebab-case, short, and unlike every anchor on the page. */
export function newAnchor(question: string, taken: ReadonlySet<string>): string {
  const words = question
    .toLowerCase()
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .slice(0, 6)
    .join("-");
  const base = words || "question";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The front matter block of a category's file, kept as it is when the questions are written. */
export function frontMatterOf(markdown: string): string {
  return /^---\r?\n[\s\S]*?\r?\n---/.exec(markdown)?.[0] ?? "";
}

/** The form's values as the desk's answers carry them: one string per field. */
export function flatValues(values: FaqFormValues): Record<string, string> {
  const flat: Record<string, string> = { basedOn: String(values.basedOn), count: String(values.questions.length) };
  for (const [i, q] of values.questions.entries()) {
    flat[fieldName.anchor(i)] = q.anchor;
    flat[fieldName.question(i)] = q.question;
    flat[fieldName.answer(i)] = q.answer;
    for (const [j, link] of q.links.entries()) {
      flat[fieldName.linkWords(i, j)] = link.words;
      flat[fieldName.linkTo(i, j)] = link.to;
    }
  }
  return flat;
}

/** How many questions a post says it holds, within what a category may hold and one more. */
export const questionCount = (posted: string) =>
  Math.min(Math.max(Math.trunc(Number(posted)) || 0, 0), MOST_QUESTIONS + 1);

/** The form's values from its fields, as posted or as an answer carried them. */
export function formValuesFrom(get: (name: string) => string): FaqFormValues {
  const basedOn = Number(get("basedOn"));
  return {
    // A blank or missing version is no version: Number("") is 0, the repository's file.
    basedOn: /^\d{1,9}$/.test(get("basedOn")) ? basedOn : -1,
    questions: readQuestions(get, questionCount(get("count"))),
  };
}

/** A question with nothing in it yet, for 'Add a question'. */
export const blankQuestion = (): QuestionValues => ({ anchor: "", question: "", answer: "", links: [] });
