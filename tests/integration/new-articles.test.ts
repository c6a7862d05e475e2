/**
 * A new article written on the desk, on SQLite and PostgreSQL: started from a title under a free
 * address made from it (a second of the same title gets the next one), a title too short or with a
 * hidden character refused; while only its draft exists the public has no article there; its first
 * publish, with the owner's photo, gives it the next number and today's date and puts it on the
 * blog, in the sitemap and in the feed; a new article's first publish may take another free address;
 * and an article may go without its box at a glance.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ownerPhotoRef } from "~/content/owner-photos";
import { factsSource } from "~/facts/facts-source.server";
import { installSnapshot, loadSnapshot } from "~/live/snapshot.server";
import { loader as rssLoader } from "~/routes/blog-rss";
import { sitemapXml } from "~/seo/sitemap.server";
import { articleStatus, publishArticle } from "~/site-pages/article-edits.server";
import { BOLD } from "~/site-pages/marked-text";
import { blankArticle, newArticles, startArticle } from "~/site-pages/new-articles.server";
import { readDraft } from "~/site-pages/page-drafts.server";
import { withSectionPhotos } from "~/site-pages/page-photos.server";
import { liveArticle, sitePageSources } from "~/site-pages/site-pages-source.server";
import { processNextSitePhoto } from "~/site-pages/site-photos.server";
import { dayOf } from "~/time/business-time";
import { backends, useHarness } from "../support/harness";
import { jpegWithGps } from "../support/images";

const actor = { email: "pat@causeway.test", client: null };
const TITLE = "Checking Deck Footings After a Nor'easter";
const SLUG = "checking-deck-footings-after-a-noreaster";

/** The new article as the owner fills it in, with a photo at the top and a list in its section. */
function written(slug: string, image: string) {
  const values = blankArticle(TITLE, slug);
  Object.assign(values.words, {
    category: "Decks & Stairs",
    excerpt: "After a winter storm, look at the posts and footings under a raised deck before the busy season.",
    imageAlt: "A deck post on a concrete footing under a raised shore house",
    description:
      "How to check deck posts and footings after a nor'easter on Long Beach Island, and when to call a pro.",
    keywords: "deck footings\nnor'easter damage\nLBI decks",
    timeNeeded: "An hour",
    difficulty: "Beginner",
    bestTime: "The first dry day after the storm",
    cost: "Nothing but a flashlight",
    related1: "decks-and-stairs",
    related2: "home-watch",
  });
  values.image = image;
  values.intro = { text: "A nor'easter can move a deck more than it looks.", marks: [] };
  values.sections = [
    {
      kind: "text",
      heading: "Look under the deck",
      photo: "",
      photoAlt: "",
      text: "Walk under the deck with a flashlight.\n- Posts that lean\n- Footings that cracked\n\nCall {phone} if one moved.",
      marks: [{ words: "flashlight", does: BOLD, nth: 0 }],
      items: [],
    },
  ];
  return values;
}

describe.each(backends)("a new article on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  afterEach(() => installSnapshot(undefined));

  async function readyPhoto(): Promise<string> {
    const db = await harness().db();
    const id = randomUUID();
    await db
      .insertInto("site_photos")
      .values({
        id,
        upload_key: randomUUID(),
        state: "waiting",
        original: await jpegWithGps(1600, 900),
        original_format: "jpeg",
        uploaded_by: actor.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    await processNextSitePhoto(db);
    return ownerPhotoRef(id);
  }

  it("is started from its title under a free address, and refused a title that would not do", async () => {
    const db = await harness().db();
    expect(await startArticle(db, actor, `  ${TITLE}  `)).toEqual({ ok: true, slug: SLUG });
    expect(await startArticle(db, actor, TITLE)).toEqual({ ok: true, slug: `${SLUG}-2` });
    // An address an article of the repository holds is not given.
    expect(await startArticle(db, actor, "Drywall Patching Guide")).toEqual({
      ok: true,
      slug: "drywall-patching-guide-2",
    });
    expect(await startArticle(db, actor, "Too short")).toMatchObject({ ok: false, errors: { title: /at least 10/ } });
    expect(await startArticle(db, actor, "Deck footings\u200b after storms")).toMatchObject({
      ok: false,
      errors: { title: /would not show on screen/ },
    });
    expect((await newArticles(db)).map((a) => a.slug).sort()).toEqual(
      [SLUG, `${SLUG}-2`, "drywall-patching-guide-2"].sort(),
    );
    expect(await articleStatus(db, SLUG)).toEqual({ on: "new" });
    expect((await readDraft(db, "article", SLUG))?.fields.title).toBe(TITLE);
  });

  it("is not on the site until its first publish, which numbers it, dates it and lists it everywhere", async () => {
    const db = await harness().db();
    await startArticle(db, actor, TITLE);
    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    expect(liveArticle(SLUG)).toBeUndefined();
    expect(sitemapXml()).not.toContain(`/blog/${SLUG}<`);

    const noPhoto = await publishArticle(db, actor, SLUG, written(SLUG, ""), new Set(["/estimate"]), new Date());
    expect(noPhoto).toMatchObject({ ok: false, reason: "invalid", errors: { image: "Choose a picture." } });
    const photo = await readyPhoto();
    const now = new Date();
    expect(await publishArticle(db, actor, SLUG, written(SLUG, photo), new Set(["/estimate"]), now)).toEqual({
      ok: true,
      version: 1,
    });
    expect(await articleStatus(db, SLUG)).toMatchObject({ on: "site" });
    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    const article = liveArticle(SLUG);
    expect(article).toMatchObject({ id: 5, date: dayOf(now), dateModified: dayOf(now), image: photo, title: TITLE });
    expect(article?.html).toContain("<li>Footings that cracked</li>");
    expect(article?.html).toContain("<strong>flashlight</strong>");
    expect(sitemapXml()).toContain(`/blog/${SLUG}</loc>`);
    expect(await rssLoader().text()).toContain(`/blog/${SLUG}</link>`);
  });

  it("may take another free address at its first publish, not one an article holds", async () => {
    const db = await harness().db();
    await startArticle(db, actor, TITLE);
    const photo = await readyPhoto();
    const taken = written("drywall-patching-guide", photo);
    expect(await publishArticle(db, actor, SLUG, taken, new Set(), new Date())).toMatchObject({
      ok: false,
      errors: { slug: /Another article/ },
    });
    const desk = written("new", photo);
    expect(await publishArticle(db, actor, SLUG, desk, new Set(), new Date())).toMatchObject({
      ok: false,
      errors: { slug: /the desk's/ },
    });
    const elsewhere = written("deck-footings-after-storms", photo);
    expect(await publishArticle(db, actor, SLUG, elsewhere, new Set(), new Date())).toEqual({
      ok: true,
      version: 1,
      movedTo: "deck-footings-after-storms",
    });
    expect(await articleStatus(db, "deck-footings-after-storms")).toMatchObject({ on: "site" });
  });

  it("goes without the box at a glance when all four facts are left empty, and not with one of them", async () => {
    const db = await harness().db();
    await startArticle(db, actor, TITLE);
    const photo = await readyPhoto();
    const values = written(SLUG, photo);
    Object.assign(values.words, { timeNeeded: "", difficulty: "", bestTime: "", cost: "Nothing" });
    expect(await publishArticle(db, actor, SLUG, values, new Set(), new Date())).toMatchObject({
      ok: false,
      errors: { timeNeeded: expect.any(String), difficulty: expect.any(String), bestTime: expect.any(String) },
    });
    values.words.cost = "";
    expect(await publishArticle(db, actor, SLUG, values, new Set(), new Date())).toEqual({ ok: true, version: 1 });
    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    expect(liveArticle(SLUG)).toMatchObject({ slug: SLUG });
    expect(liveArticle(SLUG)?.atAGlance).toBeUndefined();
  });

  it("publishes a section's photo once it is ready and described, drawn under the section's heading", async () => {
    const db = await harness().db();
    await startArticle(db, actor, TITLE);
    const top = await readyPhoto();
    const values = written(SLUG, top);
    const section = values.sections[0];
    if (!section) throw new Error("the article has a section");
    section.photo = `photo-${randomUUID()}`;
    section.photoAlt = "";
    expect(await publishArticle(db, actor, SLUG, values, new Set(), new Date())).toMatchObject({
      ok: false,
      errors: { "s0-photo": "That photo is no longer kept. Choose it again.", "s0-photo-alt": /Say in a sentence/ },
    });
    section.photo = await readyPhoto();
    section.photoAlt = "A leaning deck post beside its cracked footing";
    expect(await publishArticle(db, actor, SLUG, values, new Set(), new Date())).toEqual({ ok: true, version: 1 });
    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    const html = withSectionPhotos(liveArticle(SLUG)?.html ?? "");
    expect(html).toMatch(
      /<h2 id="look-under-the-deck">Look under the deck<\/h2>\n<figure class="article-photo"><picture><source type="image\/avif" srcset="\/site-photos\/[0-9a-f]{16}-480\.avif 480w, /,
    );
    expect(html).toContain('alt="A leaning deck post beside its cracked footing"');
  });
});
