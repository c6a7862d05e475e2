/**
 * What the FAQ editor reads and publishes: a category's questions as the form shows them (tokens
 * kept, so `{phone}` stays a token), and a posted form published as the category's new Markdown,
 * each refusal said at the field it concerns.
 */
import type { Kysely } from "kysely";
import { parseFaqCategory } from "~/content/faq-schema";
import { faqCategoryPath } from "~/content/faq.server";
import { kebabCase } from "~/content/markdown";
import { readKeepingTokens } from "~/content/tokens";
import type { FieldMessages } from "~/forms/change-answer";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import {
  categoryMarkdown,
  fieldName,
  frontMatterOf,
  newAnchor,
  questionProblems,
  questionValues,
  type FaqFormValues,
  type QuestionValues,
} from "./faq-form";
import { pageKinds } from "./page-kinds";
import { liveFaqCategories, liveSummaryOf, readPublishedPage, type LiveSummary } from "./site-pages-source.server";
import { publishSitePage } from "./site-pages-store.server";

/** The categories' names (their files' names and their anchors on /faq), in the page's order. */
export const faqCategoryNames = (): string[] => liveFaqCategories().map((c) => c.id);

export const isFaqCategory = (name: string) => Object.hasOwn(pageKinds.faq.repository, name);

export interface FaqEditorState {
  /** The category's name as the page shows it ("Decks & Stairs"). */
  title: string;
  values: FaqFormValues;
  live: LiveSummary;
}

/** The category as it is live, as the form shows it. */
export async function faqEditorState(db: Kysely<Database>, name: string): Promise<FaqEditorState> {
  const published = await readPublishedPage(db, "faq", name);
  const markdown = published?.markdown ?? pageKinds.faq.repository[name] ?? "";
  const category = readKeepingTokens(() => parseFaqCategory(faqCategoryPath(name), markdown));
  return {
    title: category.name,
    values: { basedOn: published?.version ?? 0, questions: category.questions.map(questionValues) },
    live: liveSummaryOf(published),
  };
}

/** Each question with its anchor: kept when it is one, made from its words when it is new. */
function withAnchors(name: string, questions: readonly QuestionValues[]): QuestionValues[] {
  const taken = new Set(
    liveFaqCategories().flatMap((c) => [c.id, ...(c.id === name ? [] : c.questions.map((q) => q.id))]),
  );
  return questions.map((q) => {
    const anchor = kebabCase.test(q.anchor) && !taken.has(q.anchor) ? q.anchor : newAnchor(q.question, taken);
    taken.add(anchor);
    return { ...q, anchor };
  });
}

/** A problem the page's rules found, at the field of the question it names; others for the whole form. */
function problemsAtFields(problems: readonly string[]): FieldMessages {
  const errors: FieldMessages = {};
  const general: string[] = [];
  for (const problem of problems) {
    const at = /^body: question (\d+) \("[^"]*"\): (.*)$/.exec(problem);
    const i = Number(at?.[1]) - 1;
    if (at && i >= 0) errors[fieldName.answer(i)] ??= `This answer cannot be published: ${at[2]}.`;
    else general.push(problem);
  }
  if (general.length) errors.form = `Nothing was published: ${general.join("; ")}.`;
  return errors;
}

/** The category's file with these questions, each with its anchor, as a publish (or a preview) writes it. */
export function faqCategoryFile(
  name: string,
  values: FaqFormValues,
): { questions: QuestionValues[]; markdown: string } {
  const questions = withAnchors(name, values.questions);
  // The name, icon and place of a category are the repository's: the editor changes its questions.
  return { questions, markdown: categoryMarkdown(frontMatterOf(pageKinds.faq.repository[name] ?? ""), questions) };
}

export type FaqPublishOutcome =
  | { ok: true; version: number; values: FaqFormValues }
  | { ok: false; reason: "invalid"; errors: FieldMessages }
  | { ok: false; reason: "stale" | "unchanged" };

/** Publishes the posted questions as the category's new version. */
export async function publishFaqCategory(
  db: Kysely<Database>,
  actor: Actor,
  name: string,
  values: FaqFormValues,
  allowedLinks: ReadonlySet<string>,
  now: Date,
): Promise<FaqPublishOutcome> {
  const errors = questionProblems(values.questions, allowedLinks);
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  const { questions, markdown } = faqCategoryFile(name, values);
  const outcome = await publishSitePage(db, actor, { kind: "faq", name, markdown, basedOn: values.basedOn }, now);
  if (outcome.ok) return { ok: true, version: outcome.version, values: { basedOn: outcome.version, questions } };
  if (outcome.reason === "invalid") return { ok: false, reason: "invalid", errors: problemsAtFields(outcome.problems) };
  return { ok: false, reason: outcome.reason };
}
