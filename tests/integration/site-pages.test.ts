/**
 * The written pages (service pages, the FAQ, articles) published as versions of their Markdown, on
 * SQLite and PostgreSQL: with nothing published every reader reads the repository's files; a
 * publish reaches the service page, the FAQ, the blog, the sitemap, the feed and the notices' link
 * picker through the live snapshot, with the facts in force put into its copy; a stale, unchanged
 * or unreadable page is refused and nothing stored; a burst on one version lands once; and the
 * export writes published pages back as the repository's files.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { displayPhone, firstFacts } from "~/content/business-facts";
import { articleFiles } from "~/content/articles.server";
import { faqFiles } from "~/content/faq.server";
import { plainText } from "~/content/markdown";
import { serviceFiles } from "~/content/service-pages.server";
import { factsSource } from "~/facts/facts-source.server";
import { publishFacts } from "~/facts/facts-store.server";
import { installSnapshot, loadSnapshot } from "~/live/snapshot.server";
import { noticeLinkTargets } from "~/notices/notice-link-targets.server";
import { loader as rssLoader } from "~/routes/blog-rss";
import { sitemapXml } from "~/seo/sitemap.server";
import { copyProblem } from "~/site-pages/copy-check.server";
import {
  articlesSource,
  liveArticle,
  liveArticles,
  liveFaqCategories,
  liveServicePage,
  readPublishedPages,
  sitePageSources,
} from "~/site-pages/site-pages-source.server";
import {
  pageHistoryEntries,
  publishSitePage,
  readPageVersion,
  restoreSitePage,
} from "~/site-pages/site-pages-store.server";
import { FACTS_FILE, runContentCommand } from "../../scripts/content";
import { backends, useHarness } from "../support/harness";

const actor = { email: "pat@causeway.test", client: null };
const other = { email: "sam@causeway.test", client: null };
const DECKS = "decks-and-stairs";
const NEW_HEADING = "Decks and stairs in PVC, composite or pressure-treated, built for the weather";

const decksFile = serviceFiles[DECKS] ?? "";
const newDecks = decksFile.replace(
  "heading: Decks and stairs for raised shore homes, built to take the weather",
  `heading: ${NEW_HEADING}`,
);

/** A new article, written from the repository's shortest one with its own slug and title. */
function newArticle(slug: string): string {
  const drywall = articleFiles["drywall-patching-guide"] ?? "";
  return drywall
    .replace("id: 4", "id: 5")
    .replace("slug: drywall-patching-guide", `slug: ${slug}`)
    .replace(/^title: .*$/m, 'title: "Checking Deck Footings After a Nor\'easter"')
    .replace("date: 2025-09-17\ndateModified: 2025-09-17", "date: 2026-11-20\ndateModified: 2026-11-20")
    .replace(
      "## Know your compound",
      "## Look under the deck\n\nCall {phone} if a post has moved.\n\n## Know your compound",
    );
}

const quietIo = () => {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) } };
};

describe.each(backends)("written pages on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  afterEach(() => installSnapshot(undefined));

  /** What an instance does when the live version moves: reads every source once. */
  async function readSnapshot() {
    const snapshot = await loadSnapshot(await harness().db(), [factsSource, ...sitePageSources], new Date());
    installSnapshot(snapshot);
    return snapshot;
  }

  it("read the repository's files while nothing is published, the same objects the build read", async () => {
    const snapshot = await readSnapshot();
    expect(snapshot.published).toBe(false);
    expect(snapshot.extraPages).toEqual([]);
    expect(snapshot.values.get("service-pages")).toBe(serviceFiles);
    expect(snapshot.values.get("faq")).toBe(faqFiles);
    expect(snapshot.values.get("articles")).toBe(articleFiles);
    expect(liveServicePage(DECKS).sections[0]?.heading).toBe(
      "Decks and stairs for raised shore homes, built to take the weather",
    );
    expect(liveArticles().map((a) => a.slug)).toHaveLength(Object.keys(articleFiles).length);
  });

  it("show a published service page with the facts in force, read once per publish", async () => {
    const db = await harness().db();
    expect(await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown: newDecks, basedOn: 0 })).toEqual({
      ok: true,
      version: 1,
    });
    await publishFacts(db, actor, { facts: { ...firstFacts, phone: "+16095550199" }, basedOn: 0 });
    const snapshot = await readSnapshot();
    expect(snapshot.published).toBe(true);
    const page = liveServicePage(DECKS);
    expect(page.sections[0]?.heading).toBe(NEW_HEADING);
    // Read once for this snapshot, however many pages ask.
    expect(liveServicePage(DECKS)).toBe(page);
    // The other pages are the repository's, now quoting the new phone.
    const bathrooms = JSON.stringify(liveServicePage("bathroom-renovations"));
    expect(bathrooms).toContain("Causeway");
    const faq = liveFaqCategories()
      .flatMap((c) => c.questions.map((q) => plainText(q.answer)))
      .join("\n");
    expect(faq).toContain("(609) 555-0199");
    expect(faq).not.toContain(displayPhone(firstFacts.phone));
    const [stored] = await readPublishedPages(db, "service");
    expect(stored).toMatchObject({ name: DECKS, version: 1, markdown: newDecks, publishedBy: "pat@causeway.test" });
  });

  it("refuse a stale, unchanged, unreadable or hidden-character page and store nothing", async () => {
    const db = await harness().db();
    const publish = (input: { markdown: string; basedOn: number; name?: string; kind?: "service" | "faq" }) =>
      publishSitePage(db, other, { kind: input.kind ?? "service", name: input.name ?? DECKS, ...input });
    expect(await publish({ markdown: decksFile, basedOn: 0 })).toEqual({ ok: false, reason: "unchanged", version: 0 });
    const broken = await publish({ markdown: decksFile.replace(/^metaTitle: .*$/m, "metaTitle: x"), basedOn: 0 });
    expect(broken).toMatchObject({ ok: false, reason: "invalid" });
    expect(broken.ok ? [] : "problems" in broken ? broken.problems : []).toEqual([
      expect.stringMatching(/^metaTitle: /),
    ]);
    const hidden = await publish({ markdown: newDecks.replace("the weather", "the\u200b weather"), basedOn: 0 });
    expect(hidden).toEqual({
      ok: false,
      reason: "invalid",
      problems: ["the text holds a hidden character (U+200B) that would not show on screen"],
    });
    expect(await publish({ markdown: decksFile, basedOn: 0, name: "roofing" })).toMatchObject({ reason: "invalid" });
    // The FAQ's anchors span its categories: one taken from another category is refused.
    const general = faqFiles.general ?? "";
    const clash = general.replace(/\{#[a-z0-9-]+\}/, "{#deck-materials}");
    expect(await publish({ kind: "faq", name: "general", markdown: clash, basedOn: 0 })).toEqual({
      ok: false,
      reason: "invalid",
      problems: ["anchor #deck-materials is used twice on the FAQ page"],
    });
    expect(await readPublishedPages(db, "service")).toEqual([]);
    expect(await readPublishedPages(db, "faq")).toEqual([]);
    expect(await publish({ markdown: newDecks, basedOn: 0 })).toMatchObject({ ok: true, version: 1 });
    // Filled from the repository's file while version 1 is live: it would undo that publish unseen.
    expect(await publish({ markdown: newDecks.replace("the weather", "salt air"), basedOn: 0 })).toEqual({
      ok: false,
      reason: "stale",
      version: 1,
    });
    // Line ends a phone may send are no change.
    expect(await publish({ markdown: newDecks.replace(/\n/g, "\r\n"), basedOn: 1 })).toEqual({
      ok: false,
      reason: "unchanged",
      version: 1,
    });
  });

  it("land one of a burst of publishes made from the same version", async () => {
    const db = await harness().db();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        publishSitePage(db, i % 2 ? actor : other, {
          kind: "service",
          name: DECKS,
          markdown: newDecks.replace("the weather", `the weather ${i}`),
          basedOn: 0,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === "stale")).toHaveLength(11);
    expect(await readPublishedPages(db, "service")).toHaveLength(1);
  });

  it("put a new article on the blog, in the sitemap, the feed and the notices' link picker", async () => {
    const db = await harness().db();
    const slug = "deck-footings-after-a-noreaster";
    expect(
      await publishSitePage(db, actor, { kind: "article", name: slug, markdown: newArticle(slug), basedOn: 0 }),
    ).toEqual({ ok: true, version: 1 });
    const snapshot = await readSnapshot();
    expect(snapshot.extraPages).toEqual([`/blog/${slug}`]);
    expect(articlesSource.pages?.(articleFiles)).toEqual([]);
    const article = liveArticle(slug);
    expect(article?.title).toBe("Checking Deck Footings After a Nor'easter");
    expect(article?.html).toContain(`Call ${displayPhone(firstFacts.phone)} if a post has moved.`);
    expect(liveArticles()[0]?.slug).toBe(slug);
    expect(sitemapXml()).toContain(`/blog/${slug}</loc>\n    <lastmod>2026-11-20</lastmod>`);
    const rss = await rssLoader().text();
    expect(rss).toContain("<title>Checking Deck Footings After a Nor'easter</title>");
    expect(rss).toContain(`/blog/${slug}</link>`);
    const picker = noticeLinkTargets([]).groups.find((g) => g.label === "Articles");
    expect(picker?.targets).toContainEqual({
      title: "Checking Deck Footings After a Nor'easter",
      path: `/blog/${slug}`,
    });
    // An article whose file name and slug differ would answer at an address it does not name.
    expect(
      await publishSitePage(db, actor, { kind: "article", name: "other-name", markdown: newArticle(slug), basedOn: 0 }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("check new facts against the pages as published", async () => {
    const db = await harness().db();
    // Different hours each day make a far longer hours line than the repository's pages quote.
    const closes = ["15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00"];
    const longHours = {
      ...firstFacts,
      hours: Object.fromEntries(
        Object.keys(firstFacts.hours).map((day, i) => [day, { opens: "07:00", closes: closes[i] ?? "17:00" }]),
      ) as typeof firstFacts.hours,
    };
    expect(copyProblem(longHours)).toBeUndefined();
    // A published decks page whose eyebrow (a line of at most 100 characters) quotes the hours.
    const quoting = newDecks.replace("eyebrow: Decks & Stairs", 'eyebrow: "{officeHours}"');
    expect(await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown: quoting, basedOn: 0 })).toEqual({
      ok: true,
      version: 1,
    });
    await readSnapshot();
    expect(copyProblem(firstFacts)).toBeUndefined();
    expect(copyProblem(longHours)).toMatch(/^With these facts a page's text would break \(sections\.0\.eyebrow: /);
  });

  it("list each page's versions and restore an earlier one, or the repository's file, as a new version", async () => {
    const db = await harness().db();
    const at = new Date("2026-12-01T15:00:00Z");
    await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown: newDecks, basedOn: 0 }, at);
    const salt = newDecks.replace("the weather", "salt air");
    await publishSitePage(db, other, { kind: "service", name: DECKS, markdown: salt, basedOn: 1 }, at);
    expect(await readPageVersion(db, "service", DECKS, 0)).toBe(decksFile);
    expect(await readPageVersion(db, "service", DECKS, 1)).toBe(newDecks);
    expect(await readPageVersion(db, "service", DECKS, 7)).toBeUndefined();
    expect(await restoreSitePage(db, actor, { kind: "service", name: DECKS, version: 7, basedOn: 2 })).toBeUndefined();
    expect(await restoreSitePage(db, actor, { kind: "service", name: DECKS, version: 1, basedOn: 1 })).toEqual({
      ok: false,
      reason: "stale",
      version: 2,
    });
    expect(await restoreSitePage(db, actor, { kind: "service", name: DECKS, version: 2, basedOn: 2 })).toEqual({
      ok: false,
      reason: "unchanged",
      version: 2,
    });
    expect(await restoreSitePage(db, actor, { kind: "service", name: DECKS, version: 0, basedOn: 2 })).toEqual({
      ok: true,
      version: 3,
    });
    expect((await readPublishedPages(db, "service"))[0]?.markdown).toBe(decksFile);
    const entries = await pageHistoryEntries(db, "service", DECKS);
    expect(entries.map((e) => [e.version, e.publishedBy, e.restoredFrom])).toEqual([
      [3, "pat@causeway.test", 0],
      [2, "sam@causeway.test", null],
      [1, "pat@causeway.test", null],
      [0, null, null],
    ]);
    expect(await pageHistoryEntries(db, "faq", "general")).toEqual([]);
  });

  it("are written back as the repository's files by the export", async () => {
    const db = await harness().db();
    const repo = await fs.mkdtemp(path.join(os.tmpdir(), "site-pages-export-"));
    try {
      const none = quietIo();
      expect(await runContentCommand(["export", "--to", repo], harness().env, none.io)).toBe(0);
      expect(none.lines.join("\n")).toMatch(/Nothing published/);
      await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown: newDecks, basedOn: 0 });
      await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown: decksFile, basedOn: 1 });
      const written = quietIo();
      expect(await runContentCommand(["export", "--to", repo], harness().env, written.io)).toBe(0);
      expect(written.lines.join("\n")).toMatch(
        /Wrote app\/content\/services\/decks-and-stairs.md: version 2, published by pat@causeway.test/,
      );
      // Publishing the repository's file again writes it back byte for byte.
      const file = `app/content/services/${DECKS}.md`;
      expect(await fs.readFile(path.join(repo, file), "utf8")).toBe(await fs.readFile(file, "utf8"));
      await expect(fs.access(path.join(repo, FACTS_FILE))).rejects.toThrow();
    } finally {
      await fs.rm(repo, { recursive: true, force: true });
    }
  });
});
