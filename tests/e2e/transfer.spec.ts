/**
 * What a phone downloads: at a 412 px viewport, the home page's whole transfer (HTML, JavaScript,
 * CSS, pictures, after scrolling to the bottom so every lazy picture loads) stays under 600 KB, and
 * no request goes to another host. Prints the figures for the main pages.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";

const HOME_BUDGET = 600 * 1024;

interface Transfer {
  html: number;
  js: number;
  css: number;
  images: number;
  other: number;
  total: number;
  foreignHosts: string[];
}

async function measure(page: Page, path: string): Promise<Transfer> {
  const foreign = new Set<string>();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) foreign.add(url.host);
  });
  await page.goto(path, { waitUntil: "load" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Scroll through the page so lazy pictures load, as a visitor reading to the end would.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.waitForLoadState("networkidle");
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return [
      { name: nav?.name ?? "", type: "navigation", size: nav?.transferSize ?? 0 },
      ...resources.map((r) => ({ name: r.name, type: r.initiatorType, size: r.transferSize })),
    ];
  });
  const t: Transfer = { html: 0, js: 0, css: 0, images: 0, other: 0, total: 0, foreignHosts: [...foreign] };
  for (const e of entries) {
    const pathname = new URL(e.name).pathname;
    if (e.type === "navigation") t.html += e.size;
    else if (/\.js$/.test(pathname)) t.js += e.size;
    else if (/\.css$/.test(pathname)) t.css += e.size;
    else if (/\.(avif|webp|jpg|png|svg)$/.test(pathname)) t.images += e.size;
    else t.other += e.size;
    t.total += e.size;
  }
  return t;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test.describe("transfer at 412 px", () => {
  test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });

  for (const path of ["/", "/services", "/services/decks-and-stairs", "/blog/pre-storm-checklist-lbi-shore-homes"]) {
    test(`${path}: no request to another host${path === "/" ? ", whole transfer under 600 KB" : ""}`, async ({
      page,
    }) => {
      const t = await measure(page, path);
      console.log(
        `${path.padEnd(44)} html ${kb(t.html)}  js ${kb(t.js)}  css(inline) ${kb(t.css)}  images ${kb(t.images)}  other ${kb(t.other)}  total ${kb(t.total)}`,
      );
      expect(t.foreignHosts).toEqual([]);
      expect(t.js).toBeGreaterThan(0);
      if (path === "/") expect(t.total).toBeLessThanOrEqual(HOME_BUDGET);
    });
  }
});
