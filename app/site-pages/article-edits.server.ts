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
import {
  articleProblems,
  flatArticleValues,
  wordRules,
  ARTICLE_PICTURE,
  ARTICLE_WORDS,
  sectionPicture,
  type ArticleFormValues,
} from "./article-form";
import { pictureProblems } from "./page-picture-checks.server";
import { articleMarkdown, articleValues } from "./article-file.server";
import { NEW_ARTICLE_ADDRESS, newArticleFile } from "./new-articles.server";
import { readDraft } from "./page-drafts.server";
import { pageKinds } from "./page-kinds";
import {
  isOffSite,
  liveSummaryOf,
  readPublishedPage,
  type LiveSummary,
  type PublishedPage,
} from "./site-pages-source.server";
import { moveSitePage, publishSitePage } from "./site-pages-store.server";

export type ArticleStatus =
  | { on: "site"; published: PublishedPage | undefined; markdown: string }
  /** Started on the desk and not yet published: only its draft exists. */
  | { on: "new" }
  | { on: "moved"; to: string }
  | { on: "gone"; takenDown: PublishedPage };

/**
 * Where an article stands, read from the database rather than the pages in force, which follow a
 * publish a moment later: on the site (its newest version, or the repository's file), moved to
 * another address, taken down, started and never published, or unknown.
 */
export async function articleStatus(db: Kysely<Database>, slug: string): Promise<ArticleStatus | undefined> {
  const published = await readPublishedPage(db, "article", slug);
  if (published && isOffSite(published))
    return published.movedTo ? { on: "moved", to: published.movedTo } : { on: "gone", takenDown: published };
  const markdown = published?.markdown ?? pageKinds.article.repository[slug];
  if (markdown !== undefined) return { on: "site", published, markdown };
  return (await readDraft(db, "article", slug)) ? { on: "new" } : undefined;
}

/** The article's file in force; a new article's is the one its first publish would start from. */
async function currentFile(db: Kysely<Database>, slug: string, now: Date = new Date()) {
  const status = await articleStatus(db, slug);
  if (status?.on === "site") return status;
  return { published: undefined, markdown: status?.on === "new" ? await newArticleFile(db, dayOf(now)) : "" };
}

export interface ArticleEditorState {
  slug: string;
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
    slug,
    title: values.words.title,
    values: flatArticleValues(values),
    live: liveSummaryOf(published),
    services: services.map((s) => ({ slug: s.slug, title: s.title })),
  };
}

const frontMatterWord: Readonly<Record<string, string>> = {
  title: "title",
  slug: "slug",
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

/** The article's file with the posted fields, at its present address, as a preview of the draft shows it. */
export async function articleDraftFile(
  db: Kysely<Database>,
  slug: string,
  values: ArticleFormValues,
  now: Date,
): Promise<string> {
  const { markdown } = await currentFile(db, slug, now);
  return articleMarkdown(markdown, { ...values, words: { ...values.words, slug } }, dayOf(now));
}

export type ArticlePublishOutcome =
  | { ok: true; version: number; movedTo?: string }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "stale" | "unchanged" };

/**
 * Publishes the posted article as its new version, on the version the form was filled from. Its
 * number and first date stay; its date of change is today's when anything changed.
 */
export async function publishArticle(
  db: Kysely<Database>,
  actor: Actor,
  slug: string,
  values: ArticleFormValues,
  allowedLinks: ReadonlySet<string>,
  now: Date,
): Promise<ArticlePublishOutcome> {
  const status = await articleStatus(db, slug);
  const { markdown: before } = await currentFile(db, slug, now);
  // A form without the picture's field (a draft saved before it had one) keeps the article's.
  const kept = articleValues(before, 0).image;
  const posted = { ...values, image: values.image || kept };
  const errors = articleProblems(posted, allowedLinks, new Set(serviceSlugs));
  // The picture at the top, and each section's photo where it has one.
  const flat = flatArticleValues(posted);
  const pictureErrors = await pictureProblems(
    db,
    [ARTICLE_PICTURE, ...posted.sections.map((_, i) => sectionPicture(i))],
    (name) => flat[name] ?? "",
    { [ARTICLE_PICTURE.name]: kept },
  );
  for (const [field, message] of Object.entries(pictureErrors)) if (message) errors[field] = message;
  // The desk's own address for starting an article: an article there could not be edited.
  if (posted.words.slug === NEW_ARTICLE_ADDRESS) errors.slug = "This address is the desk's: choose another.";
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  const day = dayOf(now);
  const written = articleMarkdown(before, posted, day);
  // The file as it was when nothing changed, so the store says so (or that the form is stale),
  // rather than storing the same article written out again.
  const unchanged = written === articleMarkdown(before, articleValues(before, posted.basedOn), day);
  const markdown = unchanged ? before : written;
  const to = values.words.slug;
  if (status?.on === "new") return publishNewArticle(db, actor, slug, to, written, now);
  const outcome =
    to === slug
      ? await publishSitePage(db, actor, { kind: "article", name: slug, markdown, basedOn: values.basedOn }, now)
      : await moveSitePage(
          db,
          actor,
          { kind: "article", name: slug, to, markdown: written, basedOn: values.basedOn },
          now,
        );
  if (outcome.ok)
    return to === slug ? { ok: true, version: outcome.version } : { ok: true, version: outcome.version, movedTo: to };
  if (outcome.reason === "taken")
    return { ok: false, reason: "invalid", errors: { slug: "Another article is at this address: choose another." } };
  if (outcome.reason === "invalid") return { ok: false, reason: "invalid", errors: problemsAtFields(outcome.problems) };
  return { ok: false, reason: outcome.reason };
}

/**
 * A new article's first publish, at the address its form names (the one it was started under, or
 * another that holds no article and never did): its first version there.
 */
async function publishNewArticle(
  db: Kysely<Database>,
  actor: Actor,
  slug: string,
  to: string,
  markdown: string,
  now: Date,
): Promise<ArticlePublishOutcome> {
  if (to !== slug && ((await articleStatus(db, to)) !== undefined || (await readPublishedPage(db, "article", to))))
    return {
      ok: false,
      reason: "invalid",
      errors: { slug: "Another article is or was at this address: choose another." },
    };
  const outcome = await publishSitePage(db, actor, { kind: "article", name: to, markdown, basedOn: 0 }, now);
  if (outcome.ok) return { ok: true, version: outcome.version, ...(to === slug ? {} : { movedTo: to }) };
  if (outcome.reason === "invalid") return { ok: false, reason: "invalid", errors: problemsAtFields(outcome.problems) };
  return { ok: false, reason: outcome.reason };
}
