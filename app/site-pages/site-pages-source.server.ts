/**
 * The service pages, the FAQ and the articles as the public reads them: one live source per kind
 * of page, whose empty value is the repository's Markdown, so with nothing published every page is
 * the build's own. A publish replaces one page's file; the source overlays the newest version of
 * each published page on the repository's files, and pages read them with the facts in force.
 *
 * Every public reader takes them from here (the pages, the sitemap, the feed, the notices' links),
 * so what the owner publishes reaches all of them with one render per change, on every instance.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Kysely, Selectable } from "kysely";
import { articlesFor, type Article } from "~/content/articles.server";
import { faqCategoriesFor } from "~/content/faq.server";
import type { FaqCategory } from "~/content/faq-schema";
import type { PageFiles } from "~/content/markdown";
import { getServicePage } from "~/content/service-pages.server";
import type { ServicePage } from "~/content/service-page-schema";
import type { ServiceSlug } from "~/content/services";
import { liveFacts } from "~/facts/facts-source.server";
import type { Database } from "~/infra/schema.server";
import { toDate } from "~/infra/schema.server";
import type { LiveSource } from "~/live/snapshot.server";
import { readLive } from "~/live/snapshot.server";
import { articlePath } from "~/route-registry";
import { pageKinds, type PageKind } from "./page-kinds";
import type { SitePageVersionsTable } from "./site-page-tables";
import { sitePhotosSource, type LivePhoto } from "./site-photos-source.server";

export interface PublishedPage {
  name: string;
  version: number;
  markdown: string;
  publishedBy: string;
  publishedAt: Date;
  /** Set when this version moved the page to another name; its Markdown is then empty. */
  movedTo: string | null;
}

/** Whether a version took its page off the site (taken down, or moved to a new address). */
export const isOffSite = (page: Pick<PublishedPage, "markdown">) => page.markdown === "";

const publishedPageOf = (row: Selectable<SitePageVersionsTable>): PublishedPage => ({
  name: row.name,
  version: Number(row.version),
  markdown: row.markdown,
  publishedBy: row.published_by,
  publishedAt: toDate(row.published_at),
  movedTo: row.moved_to ?? null,
});

/** The newest version of each page of a kind the owner has published, by name. */
export async function readPublishedPages(db: Kysely<Database>, kind: PageKind): Promise<PublishedPage[]> {
  const rows = await db
    .selectFrom("site_page_versions as v")
    .selectAll("v")
    .where("v.kind", "=", kind)
    .where(({ eb, selectFrom }) =>
      eb(
        "v.version",
        "=",
        selectFrom("site_page_versions as w")
          .select(({ fn }) => fn.max("w.version").as("newest"))
          .whereRef("w.kind", "=", "v.kind")
          .whereRef("w.name", "=", "v.name"),
      ),
    )
    .orderBy("v.name")
    .execute();
  return rows.map(publishedPageOf);
}

/**
 * A kind's files with the published pages in place of the repository's, and without the pages taken
 * off the site. The repository's own object while nothing is published: pages read from it were
 * already read once, when the bundle loaded.
 */
export function filesWith(kind: PageKind, published: readonly PublishedPage[]): PageFiles {
  const { repository } = pageKinds[kind];
  if (published.length === 0) return repository;
  const files: Record<string, string> = { ...repository };
  for (const page of published)
    if (isOffSite(page)) delete files[page.name];
    else files[page.name] = page.markdown;
  return files;
}

/** What the desk says is live of a page: its version (0, the repository's file) and who published it when. */
export interface LiveSummary {
  version: number;
  publishedBy: string | null;
  publishedAt: string | null;
}

export const liveSummaryOf = (published: PublishedPage | undefined): LiveSummary => ({
  version: published?.version ?? 0,
  publishedBy: published?.publishedBy ?? null,
  publishedAt: published?.publishedAt.toISOString() ?? null,
});

/** The newest version of one page, or undefined while the repository's file is in force. */
export async function readPublishedPage(
  db: Kysely<Database>,
  kind: PageKind,
  name: string,
): Promise<PublishedPage | undefined> {
  const row = await db
    .selectFrom("site_page_versions")
    .selectAll()
    .where("kind", "=", kind)
    .where("name", "=", name)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? publishedPageOf(row) : undefined;
}

function pagesSource(kind: PageKind, name: string): LiveSource<PageFiles> {
  return {
    name,
    empty: pageKinds[kind].repository,
    load: async (db) => ({ value: filesWith(kind, await readPublishedPages(db, kind)) }),
  };
}

export const servicePagesSource = pagesSource("service", "service-pages");
export const faqSource = pagesSource("faq", "faq");
export const articlesSource: LiveSource<PageFiles> = {
  ...pagesSource("article", "articles"),
  // The articles the build prerendered are among its pages already; a new one adds its own.
  pages: (files) =>
    Object.keys(files)
      .filter((slug) => !Object.hasOwn(pageKinds.article.repository, slug))
      .map(articlePath),
};

/** The addresses of articles no longer on the site: taken down, or moved to another slug. */
export interface ArticleAddresses {
  gone: readonly string[];
  moved: Readonly<Record<string, string>>;
}

export const articleAddressesSource: LiveSource<ArticleAddresses> = {
  name: "article-addresses",
  empty: { gone: [], moved: {} },
  load: async (db) => {
    const off = (await readPublishedPages(db, "article")).filter(isOffSite);
    return {
      value: {
        gone: off.filter((p) => !p.movedTo).map((p) => p.name),
        moved: Object.fromEntries(off.flatMap((p) => (p.movedTo ? [[p.name, p.movedTo]] : []))),
      },
    };
  },
};

/** The written pages' sources, for the live layer's composition. */
export const sitePageSources: readonly LiveSource<unknown>[] = [
  sitePhotosSource,
  servicePagesSource,
  faqSource,
  articlesSource,
  articleAddressesSource,
];

const publishedFiles = (kind: PageKind): PageFiles =>
  readLive(kind === "service" ? servicePagesSource : kind === "faq" ? faqSource : articlesSource);

/** A draft in place of its page's published file, for the one render of the desk's preview. */
const previewing = new AsyncLocalStorage<{
  kind: PageKind;
  files: PageFiles;
  photos: Readonly<Record<string, LivePhoto>>;
}>();

/**
 * Runs `render` with the draft's file in place of its page's, for every reader the render calls:
 * the preview shows the real page, its lists and its structured data, as publishing it would. The
 * draft's photos not yet on any published page are given beside it.
 */
export function withDraftPage<T>(
  draft: { kind: PageKind; name: string; markdown: string; photos?: Readonly<Record<string, LivePhoto>> },
  render: () => T,
): T {
  const files = { ...publishedFiles(draft.kind), [draft.name]: draft.markdown };
  return previewing.run({ kind: draft.kind, files, photos: draft.photos ?? {} }, render);
}

/** The owner's photos a page names, as published (and, in a preview, the draft's); a name not found is left out. */
export function livePhotos(refs: readonly string[]): Record<string, LivePhoto> {
  const published = readLive(sitePhotosSource);
  const drafted = previewing.getStore()?.photos ?? {};
  return Object.fromEntries(
    refs.flatMap((ref) => {
      const photo = drafted[ref] ?? published[ref];
      return photo ? [[ref, photo] as const] : [];
    }),
  );
}

/** The files of a kind of page in force: what public pages read (or, in a preview, the draft's). */
export function liveFiles(kind: PageKind): PageFiles {
  const draft = previewing.getStore();
  return draft?.kind === kind ? draft.files : publishedFiles(kind);
}

/** A service page as published, with the facts in force. */
export const liveServicePage = (slug: ServiceSlug): ServicePage =>
  getServicePage(slug, liveFiles("service"), liveFacts());

/** The FAQ's categories as published, in page order, with the facts in force. */
export const liveFaqCategories = (): readonly FaqCategory[] => faqCategoriesFor(liveFiles("faq"), liveFacts());

/** The published articles, newest first, with the facts in force. */
export const liveArticles = (): readonly Article[] => articlesFor(liveFiles("article"), liveFacts());

export const liveArticle = (slug: string): Article | undefined => liveArticles().find((a) => a.slug === slug);

/** The most moves followed from an old address: more would be a loop. */
const MOST_MOVES = 20;

/**
 * Where an address that holds no article now sends its readers: the article it moved to (following
 * later moves), "gone" when it was taken down, or undefined when it never held one.
 */
export function articleElsewhere(slug: string): { movedTo: string } | "gone" | undefined {
  const { gone, moved } = readLive(articleAddressesSource);
  let at = slug;
  for (let hop = 0; hop < MOST_MOVES && moved[at] !== undefined; hop++) {
    at = moved[at] ?? at;
    if (liveArticle(at)) return { movedTo: at };
  }
  return at !== slug || gone.includes(slug) ? "gone" : undefined;
}

/** The old addresses that lead to an article by moves, each followed to its end: its links still count. */
export function addressesMovedTo(slug: string): string[] {
  const { moved } = readLive(articleAddressesSource);
  const ends = (from: string) => {
    let at = from;
    for (let hop = 0; hop < MOST_MOVES && moved[at] !== undefined; hop++) at = moved[at] ?? at;
    return at;
  };
  return Object.keys(moved).filter((from) => ends(from) === slug);
}
