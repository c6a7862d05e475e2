/**
 * What the article editor reads and publishes: an article as it is live, as the form's fields
 * (`article-form.ts`), and a posted form published as the article's new Markdown file, each refusal
 * said at the field it concerns.
 */
import type { Kysely } from "kysely";
import { services, serviceSlugs } from "~/content/services";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { dayOf } from "~/time/business-time";
import { articleProblems, flatArticleValues, wordRules, ARTICLE_WORDS, type ArticleFormValues } from "./article-form";
import { articleMarkdown, articleValues } from "./article-file.server";
import { liveFiles, liveSummaryOf, readPublishedPage, type LiveSummary } from "./site-pages-source.server";
import { publishSitePage } from "./site-pages-store.server";

/** Whether an article of this slug is live: the editor edits only those. */
export const isLiveArticle = (slug: string) => Object.hasOwn(liveFiles("article"), slug);

async function currentFile(db: Kysely<Database>, slug: string) {
  const published = await readPublishedPage(db, "article", slug);
  return { published, markdown: published?.markdown ?? liveFiles("article")[slug] ?? "" };
}

export interface ArticleEditorState {
  title: string;
  /** Every field's value, as the form posts them. */
  values: Record<string, string>;
  live: LiveSummary;
  /** The services an article may name as related, by title. */
  services: { slug: string; title: string }[];
}

/** The article as it is live, as the form shows it. */
export async function articleEditorState(db: Kysely<Database>, slug: string): Promise<ArticleEditorState> {
  const { published, markdown } = await currentFile(db, slug);
  const values = articleValues(markdown, published?.version ?? 0);
  return {
    title: values.words.title,
    values: flatArticleValues(values),
    live: liveSummaryOf(published),
    services: services.map((s) => ({ slug: s.slug, title: s.title })),
  };
}

const frontMatterWord: Readonly<Record<string, string>> = {
  title: "title",
  excerpt: "excerpt",
  description: "description",
  category: "category",
  imageAlt: "imageAlt",
  keywords: "keywords",
  readTime: "form",
};

/** The blog's own rules, broken after the form's checks passed, at the field they name where one does. */
function problemsAtFields(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const problem of problems) {
    // "app/content/blog/x.md: invalid frontmatter: title: Too big…; excerpt: …"
    const frontMatter = /invalid frontmatter: (.*)$/.exec(problem);
    for (const part of frontMatter ? (frontMatter[1] ?? "").split("; ") : [problem]) {
      const [, key = "", message = part] = /^([\w.]+): (.*)$/.exec(part) ?? [];
      const field = frontMatterWord[key.split(".")[0] ?? ""];
      if (field && field !== "form" && (ARTICLE_WORDS as readonly string[]).includes(field))
        errors[field] ??= `${wordRules[field as keyof typeof wordRules].label}: ${message}.`;
      else general.push(part.replace(/^app\/content\/blog\/[\w-]+\.md: /, ""));
    }
  }
  if (general.length) errors.form = `Nothing was published: ${general.join("; ")}.`;
  return errors;
}

export type ArticlePublishOutcome =
  | { ok: true; version: number }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "stale" | "unchanged" };

/**
 * Publishes the posted article as its new version, on the version the form was filled from. Its
 * number, slug, picture and first date stay; its date of change is today's when anything changed.
 */
export async function publishArticle(
  db: Kysely<Database>,
  actor: Actor,
  slug: string,
  values: ArticleFormValues,
  allowedLinks: ReadonlySet<string>,
  now: Date,
): Promise<ArticlePublishOutcome> {
  const errors = articleProblems(values, allowedLinks, new Set(serviceSlugs));
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  const { markdown: before } = await currentFile(db, slug);
  const day = dayOf(now);
  const written = articleMarkdown(before, values, day);
  // The file as it was when nothing changed, so the store says so (or that the form is stale),
  // rather than storing the same article written out again.
  const unchanged = written === articleMarkdown(before, articleValues(before, values.basedOn), day);
  const markdown = unchanged ? before : written;
  const outcome = await publishSitePage(
    db,
    actor,
    { kind: "article", name: slug, markdown, basedOn: values.basedOn },
    now,
  );
  if (outcome.ok) return { ok: true, version: outcome.version };
  if (outcome.reason === "invalid") return { ok: false, reason: "invalid", errors: problemsAtFields(outcome.problems) };
  return { ok: false, reason: outcome.reason };
}
