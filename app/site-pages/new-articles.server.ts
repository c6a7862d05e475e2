/**
 * A new article, from its title to its first publish. 'Write a new article' takes a title, gives it
 * a free address made from it, and keeps an empty article under that address as its draft: from
 * there it is edited, saved, previewed and published as any article is, and the public address
 * answers 404 until the first publish. The first publish gives it the next number and today's date.
 */
import type { Kysely } from "kysely";
import { stringify as yamlText } from "yaml";
import { profile } from "~/content/profile";
import { hiddenCharacterError } from "~/forms/plain-text";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { blankSection, flatArticleValues, wordRules, type ArticleFormValues } from "./article-form";
import { pageKinds } from "./page-kinds";
import { saveDraft } from "./page-drafts.server";
import { MAX_ADDRESS } from "./site-pages-store.server";

/** Where the desk starts a new article (`/owner/site/articles/new`): no article takes it. */
export const NEW_ARTICLE_ADDRESS = "new";

/** What a new article starts from: its title and address, and one empty section to write in. */
export function blankArticle(title: string, slug: string): ArticleFormValues {
  return {
    basedOn: 0,
    words: {
      title,
      slug,
      category: "",
      excerpt: "",
      imageAlt: "",
      ctaLabel: "Get Your Free Estimate",
      description: "",
      keywords: "",
      timeNeeded: "",
      difficulty: "",
      bestTime: "",
      cost: "",
      related1: "",
      related2: "",
    },
    image: "",
    intro: { text: "", marks: [] },
    sections: [blankSection("text")],
  };
}

/** An address made of the title's words: lower-case letters, digits and dashes, cut at a word. */
export function addressOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let address = "";
  for (const word of words) {
    const longer = address ? `${address}-${word}` : word;
    if (longer.length > MAX_ADDRESS - 3) break;
    address = longer;
  }
  return address;
}

/** Every address an article holds or held, and every new article's: none is given twice. */
async function takenAddresses(db: Kysely<Database>): Promise<Set<string>> {
  const [published, drafts] = await Promise.all([
    db.selectFrom("site_page_versions").select("name").where("kind", "=", "article").distinct().execute(),
    db.selectFrom("site_page_drafts").select("name").where("kind", "=", "article").execute(),
  ]);
  return new Set([
    ...Object.keys(pageKinds.article.repository),
    ...published.map((row) => row.name),
    ...drafts.map((row) => row.name),
    NEW_ARTICLE_ADDRESS,
  ]);
}

export type StartOutcome = { ok: true; slug: string } | { ok: false; errors: { title: string } };

/** Starts a new article with this title, as a draft under a free address made from it. */
export async function startArticle(
  db: Kysely<Database>,
  actor: Actor,
  typed: string,
  now: Date = new Date(),
): Promise<StartOutcome> {
  const title = typed.replace(/\s+/g, " ").trim();
  const rule = wordRules.title;
  const problem =
    title.length < rule.fewest
      ? `Write a title of at least ${rule.fewest} characters.`
      : title.length > rule.most
        ? `Keep the title to ${rule.most} characters.`
        : (hiddenCharacterError(title, "The title") ??
          (addressOf(title).length < wordRules.slug.fewest ? "Use a few words in the title." : undefined));
  if (problem) return { ok: false, errors: { title: problem } };
  const base = addressOf(title);
  // Two owners starting the same title at once: the draft's key keeps one, the other tries again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await takenAddresses(db);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const fields = flatArticleValues(blankArticle(title, slug));
    const saved = await saveDraft(db, actor, { kind: "article", name: slug, fields, basedOn: 0, revision: 0 }, now);
    if (saved.ok) return { ok: true, slug };
  }
  return { ok: false, errors: { title: "No free address was found for this title: change a word." } };
}

/** The articles started and not yet published, newest first, by address and title. */
export async function newArticles(db: Kysely<Database>): Promise<{ slug: string; title: string }[]> {
  const published = new Set(
    (await db.selectFrom("site_page_versions").select("name").where("kind", "=", "article").execute()).map(
      (row) => row.name,
    ),
  );
  const drafts = await db
    .selectFrom("site_page_drafts")
    .select(["name", "fields"])
    .where("kind", "=", "article")
    .orderBy("saved_at", "desc")
    .execute();
  return drafts
    .filter((d) => !published.has(d.name) && !Object.hasOwn(pageKinds.article.repository, d.name))
    .map((d) => {
      const fields: unknown = JSON.parse(d.fields);
      const title =
        typeof fields === "object" && fields !== null && "title" in fields && typeof fields.title === "string"
          ? fields.title
          : "";
      return { slug: d.name, title: title || d.name };
    });
}

/** The file a new article's first publish writes its fields into: its number, author and dates. */
export async function newArticleFile(db: Kysely<Database>, day: string): Promise<string> {
  const files = [
    ...Object.values(pageKinds.article.repository),
    ...(await db.selectFrom("site_page_versions").select("markdown").where("kind", "=", "article").execute()).map(
      (row) => row.markdown,
    ),
  ];
  const ids = files.map((file) => Number(/^id: (\d+)$/m.exec(file)?.[1] ?? 0));
  // The keys in the order the repository's articles write them; the editor's fields fill the rest.
  const frontMatter = {
    id: Math.max(0, ...ids) + 1,
    title: "",
    slug: "",
    excerpt: "",
    description: "",
    author: `The ${profile.shortName} Team`,
    date: day,
    dateModified: day,
    category: "",
    image: "",
    imageAlt: "",
    readTime: "1 minutes",
    keywords: [],
    relatedServices: [],
    ctaLabel: "",
  };
  return `---\n${yamlText(frontMatter, { lineWidth: 0 })}---\n\n`;
}
