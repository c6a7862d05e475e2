/**
 * The owner makes a project from a phone in Chromium: 'Projects' in the desk at 375 px, the form
 * filled with the keyboard, a photo added from the library with its progress shown, processed by
 * the server's own job, then 'Publish'; the desk page passes axe. On the public side the project
 * page shows the cover first and its story, passes axe, and its estimate button opens the dialog.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { jpegWithGps } from "../support/images";
import { axeViolations } from "../support/axe";

test.describe("a finished project, from the desk to its public page", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let origin: string;
  let cookie: { name: string; value: string };
  let projectUrl = "";

  test.beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    cookie = (await signedInOwner(handle.db, origin)).browserCookie;
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("the owner writes, illustrates and publishes a project at 375 px", async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ ...cookie, url: origin }]);
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/owner`);
    await page.getByRole("link", { name: "Projects" }).click();
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await page.getByLabel("Title").focus();
    await page.keyboard.type("New cedar outdoor shower");
    await page.getByLabel("Service").selectOption("outdoor-showers");
    await page.getByLabel("Town").fill("Harvey Cedars");
    await page.getByLabel("Finished").fill("2026-09");
    await page.getByLabel("Story").fill("The old shower leaked into the crawl space.\n\n- Cedar walls\n- A new drain");
    await page.getByRole("button", { name: "Save draft" }).press("Enter");
    await expect(page.getByRole("status")).toContainText("Draft saved");

    await page.getByLabel("Photos", { exact: true }).setInputFiles({
      name: "IMG_0001.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegWithGps(2400, 1800),
    });
    await page.getByLabel("Description of photo 1").fill("The finished cedar shower beside the stairs");
    await page.getByRole("button", { name: "Add photo" }).click();
    await expect(page.getByText("Photo added.")).toBeVisible();
    // The server's job makes the pictures; the page asks again by itself and shows them.
    await expect(page.getByRole("img", { name: "The finished cedar shower beside the stairs" })).toBeVisible({
      timeout: 120_000,
    });
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Publish" }).click();
    // The photo's own line stays beside the page's answer, each in its place.
    await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
    projectUrl = (await page.getByRole("link", { name: /^\/projects\// }).getAttribute("href")) ?? "";
    expect(projectUrl).toMatch(/^\/projects\/new-cedar-outdoor-shower-harvey-cedars$/);
  });

  test("the public page shows the cover first, and its button opens the estimate dialog", async ({ page }) => {
    await expect.poll(async () => (await fetch(`${origin}${projectUrl}`)).status, { timeout: 10_000 }).toBe(200);
    await page.setViewportSize({ width: 412, height: 823 });
    await gotoHydrated(page, `${origin}${projectUrl}`);
    const cover = page.getByRole("img", { name: "The finished cedar shower beside the stairs" });
    await expect(cover).toBeVisible();
    const coverBox = await cover.boundingBox();
    const headingBox = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(coverBox?.y ?? 1e9).toBeLessThan(headingBox?.y ?? 0);
    await expect(page.getByText("The old shower leaked into the crawl space.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Cedar walls" })).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    await page.getByRole("link", { name: "Get a free estimate for a project like this" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});
