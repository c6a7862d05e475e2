import type { Page } from "@playwright/test";

/**
 * Prerendered pages are usable before their JavaScript runs; tests of scripted behaviour wait for
 * it. On a public page that is also the frame's parts hydrated after the page starts: the side
 * panel (its shortcut) and the estimate dialog (which the estimate buttons open).
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  if ((await page.locator("#side-panel").count()) > 0) {
    await page.locator("#side-panel[data-ready]").waitFor({ state: "attached" });
    await page.locator('dialog[aria-labelledby="estimate-dialog-title"][data-ready]').waitFor({ state: "attached" });
  }
  return response;
}
