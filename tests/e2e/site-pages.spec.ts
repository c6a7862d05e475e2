/**
 * On PostgreSQL with two instances, the owner rewrites the decks page from a phone (375 × 800,
 * touch): the first section's heading and a gallery picture replaced by a camera's photo are saved
 * as a draft, previewed as the real page (at the phone's width, and 1280 px wide in a frame) while
 * the public page is unchanged, then published, served by the second instance and seen by a
 * visitor; an article's step gets a list and is published to the article; 'Restore' brings the
 * decks page the site was built with back. Each desk page passes axe and never scrolls sideways.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { createTestDatabase, startPostgres, type PostgresCluster } from "../support/postgres";
import { cameraLikePhoto } from "../support/project-photo";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };
const BUILT_HEADING = "Decks and stairs for raised shore homes, built to take the weather";
const HEADING = "Decks in PVC, composite or wood for raised shore homes";

test.describe("the site's pages, written from the owner's phone", () => {
  let cluster: PostgresCluster;
  /** Where the owner works, and a second instance on the same PostgreSQL database. */
  let server: BuiltServer;
  let second: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startPostgres();
    const databaseUrl = await createTestDatabase(cluster.url);
    server = await startBuiltServer({ DATABASE_URL: databaseUrl });
    second = await startBuiltServer({ DATABASE_URL: databaseUrl });
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl });
  });
  test.afterAll(async () => {
    await handle?.close();
    await second?.stop();
    await server?.stop();
    await cluster?.stop();
  });

  test("a draft of the decks page is previewed, published and restored; an article gets a list", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext(phone);
    const signedIn = await signedInOwner(handle.db, server.origin);
    await context.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const desk = await context.newPage();
    const fits = async () =>
      expect(await desk.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);

    await gotoHydrated(desk, `${server.origin}/owner/site`);
    await desk.getByRole("link", { name: "Decks & Stairs" }).tap();
    await expect(desk.getByRole("heading", { name: "Decks & Stairs page", level: 1 })).toBeVisible();
    const section = desk.getByRole("group", { name: "Section 1: top of the page" });
    await section.getByLabel("Heading", { exact: true }).fill(HEADING);
    // The second gallery picture becomes a 12-megapixel photo from the phone, made ready off the request.
    const picture = desk.getByRole("group", { name: "Section 4: gallery" }).getByRole("group", { name: "Picture 2" });
    await picture.getByLabel("Replace with a photo").setInputFiles({
      name: "deck.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraLikePhoto(),
    });
    await expect(picture.getByText("Your photo, ready to publish.")).toBeVisible({ timeout: 60_000 });
    await desk.getByRole("button", { name: "Save draft" }).first().tap();
    await expect(desk.getByRole("status")).toContainText("Draft saved.");
    await expect(desk.getByRole("region", { name: "Draft" })).toContainText("Draft saved by");
    expect(await axeViolations(desk)).toEqual([]);
    await fits();

    // Wide, in a frame the phone pans across: the page's wide layout, drawn from the draft.
    await desk.getByRole("link", { name: "Preview it wide" }).tap();
    await expect(desk.getByRole("heading", { name: "Draft preview, wide", level: 1 })).toBeVisible();
    const frame = desk.frameLocator('iframe[title="The draft at a wide screen\'s width"]');
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    expect(await frame.locator("body").evaluate((body) => body.clientWidth)).toBe(1280);
    // The framed page is the public page, checked on its own below; the desk around it here.
    expect(await axeViolations(desk, ["iframe"])).toEqual([]);
    await fits();
    await desk.getByRole("link", { name: "Back to the editor" }).tap();

    // The preview is the real page drawn from the draft; the public page is still the built one.
    await desk.getByRole("link", { name: "Preview the draft" }).tap();
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    // The photo not yet on any published page is drawn for the signed-in owner.
    const drafted = desk.getByRole("img", { name: "A rebuilt deck stair with white vinyl railings" });
    await expect(drafted).toHaveAttribute("src", /^\/site-photos\/[0-9a-f]{16}-\d+\.webp$/);
    await drafted.scrollIntoViewIfNeeded();
    await expect.poll(() => drafted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(desk.getByRole("region", { name: "Draft preview" })).toContainText(
      "not on the site until it is published",
    );
    expect(await axeViolations(desk)).toEqual([]);
    await fits();
    expect(await (await fetch(`${server.origin}/services/decks-and-stairs`)).text()).toContain(BUILT_HEADING);
    await desk.getByRole("link", { name: "Back to the editor" }).tap();

    await expect(desk.getByLabel("Heading", { exact: true }).first()).toHaveValue(HEADING);
    await desk.getByRole("button", { name: "Publish" }).first().tap();
    const publishedAt = performance.now();
    await expect(desk.getByRole("status")).toContainText("Published version 1.");
    await expect(desk.getByRole("region", { name: "Draft" })).toHaveCount(0);
    // The second instance hears of it from the database and serves the new page, photo and all.
    await expect
      .poll(async () => (await fetch(`${second.origin}/services/decks-and-stairs`)).text(), { timeout: 10_000 })
      .toMatch(new RegExp(`${HEADING}</h1>[\\s\\S]*/site-photos/`));
    console.log(
      `[site pages e2e] publish tapped to served by the second instance: ${Math.round(performance.now() - publishedAt)} ms`,
    );
    const visitor = await browser.newPage(phone);
    await expect
      .poll(async () => (await fetch(`${server.origin}/services/decks-and-stairs`)).text(), { timeout: 10_000 })
      .toContain(`${HEADING}</h1>`);
    await gotoHydrated(visitor, `${server.origin}/services/decks-and-stairs`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(HEADING);
    // Published with the page, the photo is public: a stranger's browser draws it.
    const shown = visitor.getByRole("img", { name: "A rebuilt deck stair with white vinyl railings" });
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/site-photos\/[0-9a-f]{16}-\d+\.avif$/,
    );

    // An article's step gets a list of two items, published to the article.
    await gotoHydrated(desk, `${server.origin}/owner/site/articles/drywall-patching-guide`);
    const step = desk.getByRole("group", { name: "Step 1 of 7" });
    await step
      .getByLabel("Text", { exact: true })
      .fill("Lay down a drop cloth first.\n- Move the furniture away\n- Take the outlet covers off");
    expect(await axeViolations(desk)).toEqual([]);
    await fits();
    await desk.getByRole("button", { name: "Publish" }).first().tap();
    await expect(desk.getByRole("status")).toContainText("Published version 1.");
    await expect
      .poll(async () => (await fetch(`${server.origin}/blog/drywall-patching-guide`)).text(), { timeout: 10_000 })
      .toContain("<li>Take the outlet covers off</li>");

    // Restore what the site was built with, from the decks page's history.
    await gotoHydrated(desk, `${server.origin}/owner/site/services/decks-and-stairs`);
    await desk.getByRole("button", { name: "Restore what the site was built with" }).tap();
    await expect(desk.getByRole("status")).toContainText("Restored what the site was built with as version 2.");
    await expect
      .poll(async () => (await fetch(`${server.origin}/services/decks-and-stairs`)).text(), { timeout: 10_000 })
      .toContain(BUILT_HEADING);
    await expect
      .poll(async () => (await fetch(`${second.origin}/services/decks-and-stairs`)).text(), { timeout: 10_000 })
      .toContain(BUILT_HEADING);
    await context.close();
    await visitor.close();
  });
});
