/**
 * axe-core on every page (and the 404 page) at phone and desktop widths, and again with the
 * estimate dialog open, the mobile menu open and the side panel collapsed: no WCAG 2.0/2.1/2.2 A or
 * AA violations.
 */
import fs from "node:fs";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { axeViolations } from "../support/axe";

const sitemap = fs.readFileSync(path.resolve(import.meta.dirname, "../../build/client/sitemap.xml"), "utf8");
const pages = [
  ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname),
  "/no-such-page",
];

async function violations(page: Page) {
  // Reveal animations would be caught half-faded: show everything as a visitor eventually sees it.
  await page.evaluate(() =>
    document.querySelectorAll("[data-reveal]").forEach((el) => el.setAttribute("data-revealed", "")),
  );
  return axeViolations(page);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
    for (const urlPath of pages) {
      test(`${urlPath} has no WCAG A/AA violations`, async ({ page, expectConsoleErrors }) => {
        // The not-found page answers 404 and logs the path it was asked for, as it should.
        if (urlPath === "/no-such-page") expectConsoleErrors(/status of 404/, /404 Error: User attempted/);
        await gotoHydrated(page, urlPath);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

test.describe("interactive states", () => {
  test.use({ reducedMotion: "reduce" });

  test("the estimate dialog, open", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/services/decks-and-stairs");
    await page.getByRole("link", { name: "Get Free Estimate" }).first().click();
    await expect(page.getByRole("dialog", { name: "Request Your Free Estimate" })).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Name")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the home watch dialog on a phone, open and with its messages at the fields", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/services/home-watch");
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Ask for Home Watch" });
    await expect(dialog.getByLabel("Empty from")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Ask for Home Watch" }).click();
    await expect(dialog.getByText("Please enter the address of the house.")).toBeVisible();
    await expect(dialog.getByLabel("Address of the house")).toHaveAttribute("aria-invalid", "true");
    expect(await violations(page)).toEqual([]);
  });

  test("the mobile menu, open", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/faq");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Site" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the side panel, collapsed", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/services");
    await page.keyboard.press("Control+b");
    await expect(page.getByRole("button", { name: "Expand panel" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
