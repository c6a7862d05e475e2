import type { Page } from "@playwright/test";

/** Prerendered pages are usable before their JavaScript runs; tests of scripted behaviour wait for it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
