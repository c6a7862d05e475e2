/**
 * What the service page editor reads and publishes: a page's words as fields (`page-words.ts`) and
 * its questions (`faq-form.ts`), read with their tokens kept, and a posted form published as the
 * page's new Markdown file, each refusal said at the field it concerns.
 */
import type { Kysely } from "kysely";
import { parse as parseYaml, stringify as yamlText } from "yaml";
import { parseQuestions, splitContentFile } from "~/content/markdown";
import { getService } from "~/content/service-details";
import { serviceSlugs, type ServiceSlug } from "~/content/services";
import { readKeepingTokens } from "~/content/tokens";
import type { FieldMessages } from "~/forms/change-answer";
import { hiddenCharacterError } from "~/forms/plain-text";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import {
  fieldName,
  flatValues,
  formValuesFrom,
  MOST_PAGE_QUESTIONS,
  questionProblems,
  questionsMarkdown,
  questionValues,
  type QuestionValues,
} from "./faq-form";
import { pageKinds } from "./page-kinds";
import { pictureProblems } from "./page-picture-checks.server";
import { pictureValues, withPictures } from "./page-pictures";
import { pathOf, wordAt, wordFieldName, wordGroups, withWords, type WordGroup } from "./page-words";
import { liveSummaryOf, readPublishedPage, type LiveSummary } from "./site-pages-source.server";
import { publishSitePage } from "./site-pages-store.server";

export const isServicePage = (slug: string): slug is ServiceSlug => (serviceSlugs as readonly string[]).includes(slug);

export interface PageFile {
  frontMatter: unknown;
  questions: QuestionValues[];
  hasQuestions: boolean;
}

/** A page's file read for editing: its front matter as written, its questions with their tokens. */
export function readPageFile(markdown: string): PageFile {
  const parts = splitContentFile(markdown);
  const frontMatter: unknown = parseYaml(parts?.yaml ?? "");
  const sections = (frontMatter as { sections?: { kind?: string }[] } | null)?.sections ?? [];
  const { questions } = readKeepingTokens(() => parseQuestions(parts?.body ?? ""));
  return {
    frontMatter,
    questions: questions.map((q) => questionValues({ ...q, id: "" })),
    hasQuestions: sections.some((s) => s.kind === "questions"),
  };
}

async function currentFile(db: Kysely<Database>, slug: ServiceSlug) {
  const published = await readPublishedPage(db, "service", slug);
  return { published, file: readPageFile(published?.markdown ?? pageKinds.service.repository[slug] ?? "") };
}

export interface ServicePageEditorState {
  title: string;
  slug: ServiceSlug;
  /** The service's picture, drawn at the top while the page has no photo of the owner's there. */
  illustration: string;
  groups: WordGroup[];
  hasQuestions: boolean;
  /** Every field's value, the words' and the questions', as the form posts them. */
  values: Record<string, string>;
  live: LiveSummary;
}

const wordValues = (groups: readonly WordGroup[], frontMatter: unknown) =>
  Object.fromEntries(groups.flatMap((g) => g.fields.map((f) => [f.name, wordAt(frontMatter, pathOf(f.name)) ?? ""])));

/** The page as it is live, as the form shows it. */
export async function servicePageEditorState(db: Kysely<Database>, slug: ServiceSlug): Promise<ServicePageEditorState> {
  const { published, file } = await currentFile(db, slug);
  const groups = wordGroups(file.frontMatter);
  const version = published?.version ?? 0;
  return {
    title: getService(slug)?.title ?? slug,
    slug,
    illustration: getService(slug)?.image ?? "",
    groups,
    hasQuestions: file.hasQuestions,
    values: {
      ...wordValues(groups, file.frontMatter),
      ...pictureValues(file.frontMatter),
      ...flatValues({ basedOn: version, questions: file.questions }),
    },
    live: liveSummaryOf(published),
  };
}

/** A rule's words as the owner reads them ("Too big: expected string to have <=100 characters"). */
function plainRule(message: string): string {
  const most = /<=\s*(\d+) character/.exec(message);
  if (most) return `Keep it to ${most[1]} characters, with the facts it names filled in.`;
  const least = />=\s*(\d+) character/.exec(message);
  if (least) return `Write at least ${least[1]} characters.`;
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/** Each problem the page's rules found, at the field it names; the rest for the whole form. */
function problemsAtFields(problems: readonly string[], known: ReadonlySet<string>): FieldMessages {
  const errors: FieldMessages = {};
  const general: string[] = [];
  for (const problem of problems) {
    const question = /^body: question (\d+) \("[^"]*"\): (.*)$/.exec(problem);
    const field = /^([\w.]+): (.*)$/.exec(problem);
    const name = field ? wordFieldName(pathOf(field[1] ?? "")) : "";
    if (question && Number(question[1]) > 0)
      errors[fieldName.answer(Number(question[1]) - 1)] ??= `This answer cannot be published: ${question[2]}.`;
    else if (field && known.has(name)) errors[name] ??= plainRule(field[2] ?? "");
    else general.push(problem);
  }
  if (general.length) errors.form = `Nothing was published: ${general.join("; ")}.`;
  return errors;
}

/** The page's file with these words, pictures and questions: its front matter as YAML, its questions below. */
export function servicePageMarkdown(
  frontMatter: unknown,
  words: Readonly<Record<string, string>>,
  questions: readonly QuestionValues[],
  pictures: Readonly<Record<string, string>> = {},
): string {
  const yaml = yamlText(withWords(withPictures(frontMatter, pictures), words), { lineWidth: 0 });
  const body = questions.length ? `\n${questionsMarkdown(questions, false)}\n` : "";
  return `---\n${yaml}---\n${body}`;
}

/** The page's file with the posted words and questions, as a preview of the draft shows it. */
export async function servicePageDraftFile(
  db: Kysely<Database>,
  slug: ServiceSlug,
  get: (name: string) => string,
): Promise<string> {
  const { file } = await currentFile(db, slug);
  const words = Object.fromEntries(
    wordGroups(file.frontMatter).flatMap((g) => g.fields.map((f) => [f.name, get(f.name).trim()])),
  );
  return servicePageMarkdown(
    file.frontMatter,
    words,
    file.hasQuestions ? formValuesFrom(get).questions : [],
    postedPictures(file.frontMatter, get),
  );
}

/**
 * The picture fields of the page as posted. The editor posts every one; a gallery picture missing
 * from a post (a draft saved before the page had the field) keeps the page's own.
 */
function postedPictures(frontMatter: unknown, get: (name: string) => string): Record<string, string> {
  const kept = pictureValues(frontMatter);
  return Object.fromEntries(
    Object.entries(kept).map(([name, value]) => [name, get(name) || (name.endsWith(".image") ? value : "")]),
  );
}

export type ServicePagePublishOutcome =
  | { ok: true; version: number }
  | { ok: false; reason: "invalid"; errors: FieldMessages }
  | { ok: false; reason: "stale" | "unchanged" };

/**
 * Publishes the posted words and questions as the page's new version, on the version the form was
 * filled from. Only the fields the page has are read; its shape (sections, icons, pictures) stays.
 */
export async function publishServicePage(
  db: Kysely<Database>,
  actor: Actor,
  slug: ServiceSlug,
  posted: { word: (name: string) => string; questions: readonly QuestionValues[]; basedOn: number },
  allowedLinks: ReadonlySet<string>,
  now: Date,
): Promise<ServicePagePublishOutcome> {
  const { file } = await currentFile(db, slug);
  const groups = wordGroups(file.frontMatter);
  const errors: FieldMessages = {};
  const words: Record<string, string> = {};
  for (const f of groups.flatMap((g) => g.fields)) {
    const text = posted.word(f.name).replace(/\r\n?/g, "\n").trim();
    words[f.name] = text;
    const problem = text === "" ? "Write the words." : hiddenCharacterError(text, `'${f.label}'`, f.long);
    if (problem) errors[f.name] = problem;
  }
  const pictures = postedPictures(file.frontMatter, posted.word);
  Object.assign(
    errors,
    await pictureProblems(
      db,
      groups.flatMap((g) => g.pictures),
      (name) => pictures[name] ?? "",
      pictureValues(file.frontMatter),
    ),
  );
  const questions = file.hasQuestions ? posted.questions : [];
  Object.assign(
    errors,
    file.hasQuestions
      ? questionProblems(questions, allowedLinks, { fewest: 1, most: MOST_PAGE_QUESTIONS, place: "This page" })
      : {},
  );
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  const markdown = servicePageMarkdown(
    file.frontMatter,
    words,
    questions,
    postedPictures(file.frontMatter, posted.word),
  );
  const outcome = await publishSitePage(
    db,
    actor,
    { kind: "service", name: slug, markdown, basedOn: posted.basedOn },
    now,
  );
  if (outcome.ok) return { ok: true, version: outcome.version };
  if (outcome.reason === "invalid") {
    const known = new Set(groups.flatMap((g) => g.fields.map((f) => f.name)));
    return { ok: false, reason: "invalid", errors: problemsAtFields(outcome.problems, known) };
  }
  return { ok: false, reason: outcome.reason };
}
