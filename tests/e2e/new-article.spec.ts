/**
 * The owner writes a new article from a phone (375 × 800, touch), after a nor'easter: started from
 * its title on the site page, written with a camera's photo at the top and a list and a photo in
 * its section, answering 404 to the public until it is published; then it is on /blog, at its
 * address with its structured data, in the sitemap and in the feed, its photos drawn. The editor
 * passes axe and never scrolls sideways.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { jpegWithGps } from "../support/images";
import { cameraLikePhoto } from "../support/project-photo";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };
const TITLE = "Checking Deck Footings After a Nor'easter";
const SLUG = "checking-deck-footings-after-a-noreaster";

test.describe("a new article, written from the owner's phone", () => {
  let server: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    server = await startBuiltServer();
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("is started from its title, written with a photo and a list, and published to the blog", async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext(phone);
    const signedIn = await signedInOwner(handle.db, server.origin);
    await context.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const desk = await context.newPage();
    const fits = async () =>
      expect(await desk.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);

    await gotoHydrated(desk, `${server.origin}/owner/site`);
    await desk.getByLabel("Title of a new article").fill(TITLE);
    await desk.getByRole("button", { name: "Write a new article" }).tap();
    await expect(desk.getByRole("heading", { name: `Article: ${TITLE}`, level: 1 })).toBeVisible();
    await expect(desk.getByLabel("Address: /blog/ and these words")).toHaveValue(SLUG);
    expect((await fetch(`${server.origin}/blog/${SLUG}`)).status).toBe(404);

    const blog = desk.getByRole("group", { name: "On the blog" });
    await blog.getByLabel("Category").fill("Decks & Stairs");
    await blog
      .getByLabel("Summary on the blog")
      .fill("After a winter storm, look at the posts and footings under a raised deck before the busy season.");
    const picture = blog.getByRole("group", { name: "Picture at the top" });
    await picture.getByLabel("Add a photo").setInputFiles({
      name: "footing.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraLikePhoto(),
    });
    await blog
      .getByLabel("Picture description (for screen readers and search)")
      .fill("A deck post on a concrete footing under a raised shore house");
    const search = desk.getByRole("group", { name: "In search results" });
    await search
      .getByLabel("Description in search results")
      .fill("How to check deck posts and footings after a nor'easter on Long Beach Island, and when to call a pro.");
    await search.getByLabel("Search phrases, one per line").fill("deck footings\nnor'easter damage\nLBI decks");
    const glance = desk.getByRole("group", { name: "At a glance" });
    await glance.getByLabel("Time needed").fill("An hour");
    await glance.getByLabel("Difficulty").fill("Beginner");
    await glance.getByLabel("Best time").fill("The first dry day after the storm");
    await glance.getByLabel("Cost").fill("Nothing but a flashlight");
    await desk.getByLabel("First related service").selectOption({ label: "Decks & Stairs" });
    await desk.getByLabel("Second related service").selectOption({ label: "Off-Season Home Watch" });
    await desk
      .getByRole("group", { name: "Introduction" })
      .getByLabel("Text", { exact: true })
      .fill("A nor'easter can move a deck more than it looks from the yard.");
    const section = desk.getByRole("group", { name: "Section 1 of 1: Section" });
    await section.getByLabel("Heading", { exact: true }).fill("Look under the deck");
    await section
      .getByLabel("Text", { exact: true })
      .fill("Walk under the deck with a flashlight.\n- Posts that lean\n- Footings that cracked");
    // The section's own photo, under its heading, described.
    const sectionPhoto = section.getByRole("group", { name: "Photo in this section" });
    await sectionPhoto.getByLabel("Add a photo").setInputFiles({
      name: "post.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegWithGps(1600, 1200),
    });
    await sectionPhoto
      .getByLabel("What the photo shows (for screen readers and search)")
      .fill("A leaning deck post beside its cracked footing");
    await expect(sectionPhoto.getByText("Your photo, ready to publish.")).toBeVisible({ timeout: 60_000 });
    await expect(picture.getByText("Your photo, ready to publish.")).toBeVisible({ timeout: 60_000 });
    expect(await axeViolations(desk)).toEqual([]);
    await fits();

    await desk.getByRole("button", { name: "Publish" }).first().tap();
    await expect(desk.getByRole("status")).toContainText(`Published at /blog/${SLUG}.`);
    await expect.poll(async () => (await fetch(`${server.origin}/blog/${SLUG}`)).status, { timeout: 10_000 }).toBe(200);
    const html = await (await fetch(`${server.origin}/blog/${SLUG}`)).text();
    expect(html).toContain("<li>Footings that cracked</li>");
    expect(html).toMatch(/"@type":"BlogPosting","headline":"Checking Deck Footings After a Nor.easter"/);
    // The lists are rendered again with the change, a moment after the article's own page answers.
    const listed = (path: string) => async () => (await fetch(`${server.origin}${path}`)).text();
    await expect.poll(listed("/blog"), { timeout: 10_000 }).toContain(`/blog/${SLUG}`);
    await expect.poll(listed("/sitemap.xml"), { timeout: 10_000 }).toContain(`/blog/${SLUG}</loc>`);
    await expect.poll(listed("/blog/rss.xml"), { timeout: 10_000 }).toContain(`/blog/${SLUG}</link>`);

    const visitor = await browser.newPage(phone);
    await gotoHydrated(visitor, `${server.origin}/blog/${SLUG}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    const photo = visitor.getByRole("img", { name: "A deck post on a concrete footing under a raised shore house" });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const inSection = visitor.getByRole("img", { name: "A leaning deck post beside its cracked footing" });
    await inSection.scrollIntoViewIfNeeded();
    await expect.poll(() => inSection.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await inSection.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/site-photos\/[0-9a-f]{16}-\d+\.avif$/,
    );
    await visitor.close();
    await context.close();
  });
});
