/** The header, the side panel and /about-us, as a visitor uses them. */
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { displayPhone, firstFacts } from "../../app/content/business-facts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const phoneName = new RegExp(escapeRegExp(displayPhone(firstFacts.phone)));

test.describe("/about-us", () => {
  test("with JavaScript: replaces the history entry with / and scrolls to #about", async ({ page }) => {
    await page.goto("/faq");
    await gotoHydrated(page, "/about-us");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#about")).toBeInViewport();
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("without JavaScript: shows the message, a link and a meta refresh to /#about", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.request.get("/about-us");
    const html = await response.text();
    expect(html).toContain("Redirecting to About section...");
    expect(html).toMatch(/<meta http-equiv="refresh" content="0; url=\/#about"/);
    await page.goto("/about-us");
    await expect(page).toHaveURL(/\/#about$/);
    await context.close();
  });
});

test.describe("side panel", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("groups its links, highlights the current page and links every service", async ({ page }) => {
    await page.goto("/services/carpentry");
    const panel = page.getByRole("navigation", { name: "Site" });
    await expect(panel.getByRole("link", { name: "Carpentry & Trim" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Home", "Services", "Blog", "FAQ"])
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(panel.locator('a[href^="/services/"]')).toHaveCount(8);
    await expect(panel.locator('a[href^="tel:"]')).toBeVisible();
  });

  test("Ctrl+B collapses it, the choice survives a reload with no flash, and Ctrl+B opens it again", async ({
    page,
    expectConsoleErrors,
  }) => {
    // The reload blocks every script on purpose, to show the panel needs none to stay collapsed.
    expectConsoleErrors(/net::ERR_FAILED/);
    await gotoHydrated(page, "/faq");
    const panel = page.locator("#side-panel");
    const openWidth = (await panel.boundingBox())?.width ?? 0;
    expect(openWidth).toBeGreaterThan(200);
    await page.keyboard.press("Control+b");
    await expect.poll(async () => (await panel.boundingBox())?.width ?? 0).toBeLessThan(80);
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === "panel");
    expect(cookie?.value).toBe("collapsed");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    // The collapsed state must be applied before the first paint: check the HTML as parsed,
    // before any script of the app runs.
    await page.route("**/assets/**", (route) => route.abort());
    await page.reload();
    expect((await panel.boundingBox())?.width ?? 0).toBeLessThan(80);
    await page.unroute("**/assets/**");
    await gotoHydrated(page, "/faq");
    await page.keyboard.press("Meta+b");
    await expect.poll(async () => (await panel.boundingBox())?.width ?? 0).toBeGreaterThan(200);
  });

  test("Get Estimate on another page leads to the home page's contact section", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Get Estimate" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact")).toBeInViewport();
  });
});

test.describe("header", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("links home, services, the About menu and Live Chat, and shows the phone number", async ({ page }) => {
    await page.goto("/blog");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Live Chat" })).toHaveAttribute("href", "/#chat");
    await nav.getByRole("link", { name: "Services" }).hover();
    await expect(nav.getByRole("link", { name: "Andersen Windows" })).toBeVisible();
    await nav.getByRole("link", { name: "About" }).hover();
    await expect(nav.getByRole("link", { name: "FAQ" })).toBeVisible();
    await expect(header.getByRole("link", { name: phoneName })).toBeVisible();
    await expect(header.getByRole("link", { name: /Facebook/ })).toBeVisible();
  });

  test("the services menu opens by keyboard", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).focus();
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bathroom Renovations" }),
    ).toBeFocused();
  });
});

test.describe("phone layout (375 px)", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("no horizontal scrolling, a call link, and a menu that opens the panel as a sheet", async ({ page }) => {
    for (const path of [
      "/",
      "/services",
      "/services/home-watch",
      "/faq",
      "/blog",
      "/blog/pre-storm-checklist-lbi-shore-homes",
      "/estimate",
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    const header = page.getByRole("banner");
    await expect(
      header.getByRole("link", { name: new RegExp(`Call ${escapeRegExp(displayPhone(firstFacts.phone))}`) }),
    ).toBeVisible();
    await expect(page.locator("#side-panel")).toBeHidden();
    await gotoHydrated(page, "/estimate");
    await header.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("navigation", { name: "Site" });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Decks & Stairs" }).click();
    await expect(page).toHaveURL(/\/services\/decks-and-stairs$/);
    await expect(sheet).toBeHidden();
  });

  test("the menu opens without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto("/faq");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Home", exact: true }),
    ).toBeVisible();
    await context.close();
  });
});
