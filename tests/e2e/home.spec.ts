/** The home page as a visitor meets it: its sections, counters, parallax, chat and layout stability. */
import fs from "node:fs";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { displayPhone, firstFacts } from "../../app/content/business-facts";
import { layoutShifts } from "../support/layout-shift";

const FINAL_COUNTS = ["40+", "17", "100%"];
const HERO_HEADING = "Home Repair & Renovation for Long Beach Island";

/** The figures as drawn on screen (screen readers get a separate, fixed copy). */
const shownCounts = (page: Page) => page.locator("[data-count-up]").allTextContents();

/** Records every change to the counters' text once the HTML is parsed (before any script runs). */
async function recordCounterText(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { counterText: string[] }).counterText = seen;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const node = record.target;
        const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element);
        const counter = element?.closest("[data-count-up]");
        if (counter) seen.push(counter.textContent ?? "");
      }
    });
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive")
        observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
  });
  return () => page.evaluate(() => (window as unknown as { counterText: string[] }).counterText);
}

test.describe("sections", () => {
  test("appear in order, with one h1 and an outline that never skips a level", async ({ page }) => {
    await page.goto("/");
    const sectionNames = await page.locator("main > section").evaluateAll((sections) =>
      sections.map((s) => {
        const labelledBy = s.getAttribute("aria-labelledby");
        return (labelledBy ? document.getElementById(labelledBy)?.textContent : s.id)?.trim();
      }),
    );
    expect(sectionNames).toHaveLength(7);
    expect(sectionNames[0]).toBe(HERO_HEADING);
    expect(sectionNames[1]).toBe("Services for shore homes");
    expect(sectionNames[2]).toMatch(/window/i);
    expect(sectionNames[3]).toMatch(/house all winter/i);
    expect(sectionNames[5]).toBe("Contact Us");
    expect(sectionNames[6]).toBe("Live Chat");
    const ids = await page.locator("main > section").evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids.slice(4)).toEqual(["about", "contact", "chat"]);

    const levels = await page
      .locator("main :is(h1, h2, h3, h4, h5, h6)")
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++)
      expect(levels[i] ?? 0, `heading ${i} skips a level`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
  });

  test("hero: headline, estimate button to #contact, See Our Work to /services and three figures", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: HERO_HEADING });
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText(HERO_HEADING);
    await expect(hero.getByRole("link", { name: "Get a Fast Estimate" })).toHaveAttribute("href", "#contact");
    await expect(hero.getByRole("link", { name: "See Our Work" })).toHaveAttribute("href", "/services");
    const figures = hero.getByRole("list", { name: "At a glance" }).getByRole("listitem");
    await expect(figures).toHaveText([/40\+.*Years Experience/, /17.*Years on LBI/, /100%.*Satisfaction/]);
  });

  test("services grid: six service cards, each with its Learn More link, and a link to all services", async ({
    page,
  }) => {
    await page.goto("/");
    const grid = page.getByRole("region", { name: "Services for shore homes" });
    const cards = grid.getByRole("article");
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all())
      await expect(card.getByRole("link", { name: /^Learn More about / })).toHaveAttribute(
        "href",
        /^\/services\/[a-z-]+$/,
      );
    await expect(grid.getByRole("link", { name: /View all 8 services/ })).toHaveAttribute("href", "/services");
  });

  test("Andersen and home watch sections: four cards each, a picture, and links to their service pages", async ({
    page,
  }) => {
    await page.goto("/");
    const andersen = page.locator("main > section").nth(2);
    await expect(andersen.getByRole("heading", { level: 3 })).toHaveText([
      /Certified Andersen/i,
      /Energy/i,
      /Wind-Driven Rain/i,
      /Warranty/i,
    ]);
    await expect(andersen.getByRole("img")).toHaveCount(1);
    await expect(andersen.getByRole("link", { name: /Andersen window services/ })).toHaveAttribute(
      "href",
      "/services/andersen-windows",
    );
    await expect(andersen.getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", "/estimate");

    const homeWatch = page.locator("main > section").nth(3);
    await expect(homeWatch.getByRole("heading", { level: 3 })).toHaveText([
      /Weekly Visits/,
      /Photo Reports/,
      /Storm Checks/,
      /Key Holding/,
    ]);
    await expect(homeWatch.getByRole("img")).toHaveCount(1);
    await expect(homeWatch.getByRole("link", { name: /home watch/i })).toHaveAttribute("href", "/services/home-watch");
  });

  test("about: the family facts and a consultation button to #contact", async ({ page }) => {
    await page.goto("/");
    const about = page.locator("#about");
    await expect(about).toContainText("since 1984");
    for (const fact of [
      "40+ years of experience",
      "17+ years on LBI",
      "Family-owned",
      "Three generations of craftsmen",
      "Licensed and insured",
      "Work guaranteed",
      "Free estimates",
    ])
      await expect(about.getByRole("listitem").filter({ hasText: fact })).toHaveCount(1);
    await expect(about.getByRole("link", { name: "Schedule Your Free Consultation" })).toHaveAttribute(
      "href",
      "#contact",
    );
  });

  for (const [where, name] of [
    ["hero", "Get a Fast Estimate"],
    ["about", "Schedule Your Free Consultation"],
  ] as const) {
    test(`${where}: '${name}' brings the contact form into view below the sticky header`, async ({ page }) => {
      await gotoHydrated(page, "/");
      if (where === "about") await page.locator("#about").scrollIntoViewIfNeeded();
      await page.getByRole("link", { name }).click();
      await expect(page).toHaveURL(/\/#contact$/);
      const heading = page.getByRole("heading", { name: "Get Your Free Quote" });
      await expect(heading).toBeInViewport();
      await expect(page.locator("#contact")).toBeInViewport();
      await expect
        .poll(async () => (await page.getByRole("heading", { name: "Contact Us" }).boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(64);
      // The page stays the home page: no router navigation happened.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_HEADING);
    });
  }
});

test.describe("count-up figures", () => {
  // Tall enough that the hero's figures are on screen on arrival.
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the HTML, read without JavaScript, shows the final figures", async ({ browser, request }) => {
    const html = await (await request.get("/")).text();
    for (const figure of FINAL_COUNTS) {
      const literal = figure.replace("+", "\\+");
      expect(html).toMatch(new RegExp(`data-count-up="${literal}"[^>]*>${literal}<`));
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    expect(await shownCounts(page)).toEqual(FINAL_COUNTS);
    await context.close();
  });

  test("count up from 0 when the hero is on screen and end at 40+, 17 and 100%", async ({ page }) => {
    const seen = await recordCounterText(page);
    await gotoHydrated(page, "/");
    await expect.poll(seen).toContain("0+");
    await expect.poll(() => shownCounts(page), { timeout: 5000 }).toEqual(FINAL_COUNTS);
    const values = await seen();
    // Values in between were shown: the figures really moved.
    expect(values.filter((v) => !["0+", "0", "0%", ...FINAL_COUNTS].includes(v)).length).toBeGreaterThan(3);
  });

  test("screen readers hear only the final figures, even mid-count", async ({ page }) => {
    const seen = await recordCounterText(page);
    await gotoHydrated(page, "/");
    await expect.poll(seen).toContain("0+");
    await expect(page.getByRole("list", { name: "At a glance" })).toMatchAriaSnapshot(`
      - list "At a glance":
        - listitem: 40+ Years Experience
        - listitem: 17 Years on LBI
        - listitem: 100% Satisfaction
    `);
  });

  test("a counter below the fold waits until it is half visible", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    const seen = await recordCounterText(page);
    await gotoHydrated(page, "/");
    await page.waitForTimeout(600);
    expect(await seen()).toEqual([]);
    expect(await shownCounts(page)).toEqual(FINAL_COUNTS);
    await page.getByRole("list", { name: "At a glance" }).scrollIntoViewIfNeeded();
    await expect.poll(seen).toContain("0+");
    await expect.poll(() => shownCounts(page), { timeout: 5000 }).toEqual(FINAL_COUNTS);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("nothing animates: the figures are final at once and the picture does not drift", async ({ page }) => {
      const seen = await recordCounterText(page);
      await gotoHydrated(page, "/");
      expect(await shownCounts(page)).toEqual(FINAL_COUNTS);
      await page.waitForTimeout(1800);
      expect(await seen()).toEqual([]);
      expect(await shownCounts(page)).toEqual(FINAL_COUNTS);

      const picture = page.locator("main > section").first().locator("img");
      const before = (await picture.boundingBox())?.y ?? 0;
      await page.evaluate(() => window.scrollTo({ top: 300, behavior: "instant" }));
      await page.waitForTimeout(200);
      expect(((await picture.boundingBox())?.y ?? 0) - before).toBeCloseTo(-300, 0);
    });
  });
});

test("the hero picture scrolls slower than the page (parallax) without moving anything else", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/");
  const picture = page.locator("main > section").first().locator("img");
  const heading = page.getByRole("heading", { level: 1 });
  const [pictureBefore, headingBefore] = [(await picture.boundingBox())?.y ?? 0, (await heading.boundingBox())?.y ?? 0];
  await page.evaluate(() => window.scrollTo({ top: 300, behavior: "instant" }));
  await expect.poll(async () => ((await picture.boundingBox())?.y ?? 0) - pictureBefore).toBeGreaterThan(-290);
  const pictureMoved = ((await picture.boundingBox())?.y ?? 0) - pictureBefore;
  expect(pictureMoved).toBeLessThan(-150);
  expect(((await heading.boundingBox())?.y ?? 0) - headingBefore).toBeCloseTo(-300, 0);
});

test.describe("live chat", () => {
  const settingsFile = path.join(process.cwd(), "build", "build-settings.json");
  const chatConfigured =
    fs.existsSync(settingsFile) &&
    (JSON.parse(fs.readFileSync(settingsFile, "utf8")) as { chatEmbedUrl: string }).chatEmbedUrl !== "";

  test("loading the page asks nothing of another host", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requested.length).toBeGreaterThan(1);
    expect(requested.filter((url) => new URL(url).hostname !== "127.0.0.1")).toEqual([]);
    await expect(page.locator("#chat iframe")).toHaveCount(0);
  });

  test("without a configured chat, the section offers phone, estimate and hours instead of an empty frame", async ({
    page,
  }) => {
    test.skip(chatConfigured, "this build embeds a chat (CHAT_EMBED_URL was set)");
    await gotoHydrated(page, "/");
    const chat = page.locator("#chat");
    await chat.scrollIntoViewIfNeeded();
    await expect(chat.getByRole("heading", { level: 2 })).toHaveText("Live Chat");
    await expect(chat.getByRole("link", { name: `Call ${displayPhone(firstFacts.phone)}` })).toHaveAttribute(
      "href",
      /^tel:\+1\d{10}$/,
    );
    await expect(chat.getByRole("link", { name: "Get Free Estimate" })).toBeVisible();
    await expect(chat).toContainText("Monday - Friday");
    await expect(chat.locator("iframe")).toHaveCount(0);
    await chat.getByRole("link", { name: "Get Free Estimate" }).click();
    await expect(
      page.locator("dialog[open]").getByRole("heading", { name: "Request Your Free Estimate" }),
    ).toBeVisible();
  });
});

test.describe("images", () => {
  test("the hero picture loads first and everything else lazily", async ({ page }) => {
    await page.goto("/");
    const preload = page.locator('head link[rel="preload"][as="image"][type="image/avif"]');
    await expect(preload).toHaveAttribute("imagesrcset", /hero-beach\.[0-9a-f]+-\d+\.avif/);
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    const hero = page.locator("main > section").first().locator("img");
    await expect(hero).toHaveAttribute("src", /hero-beach/);
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    const loading = await page
      .locator("main img:not([src*='hero-beach'])")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")));
    expect(loading.length).toBeGreaterThanOrEqual(9);
    expect(new Set(loading)).toEqual(new Set(["lazy"]));
  });

  test("no script is fetched before the hero picture has arrived, and the page still hydrates", async ({ page }) => {
    // Resolves only once React has hydrated the page.
    await gotoHydrated(page, "/");
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const hero = resources.find((r) => /hero-beach\.[0-9a-f]+-\d+\.avif/.test(r.name));
      const scripts = resources.filter((r) => /\/assets\/.+\.js$/.test(r.name));
      return {
        heroEnd: hero?.responseEnd,
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.heroEnd).toBeGreaterThan(0);
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.heroEnd ?? Number.POSITIVE_INFINITY);
  });

  test("on a wide screen the hero picture is the largest paint", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await expect.poll(() => largestPaint(page)).toContain("hero-beach");
  });

  // A phone draws the first picture of a page from the copy its HTML carries: one round trip fewer
  // before the largest paint, and the file is not fetched as well.
  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    // Each page, and whether it shows pictures below its first.
    for (const [path, further] of [
      ["/", true],
      ["/blog/drywall-patching-guide", false],
      ["/services/decks-and-stairs", true],
    ] as const) {
      test(`${path} paints its first picture from its own HTML`, async ({ page }) => {
        const fetched: string[] = [];
        page.on("request", (request) => {
          if (new URL(request.url()).pathname.startsWith("/img/")) fetched.push(request.url());
        });
        await page.goto(path);
        await expect.poll(() => largestPaint(page)).toMatch(/^data:image\/avif/);
        const first = page.locator("main img").first();
        expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc.slice(0, 15))).toBe("data:image/avif");
        // Decoded and drawn (its width is given in CSS pixels, the file's 800 over the screen's density).
        expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        // Its name without the width: no file of it at any width was asked for.
        const name = /\/img\/([\w-]+)\./.exec((await first.getAttribute("src")) ?? "")?.[1] ?? "";
        expect(name).not.toBe("");
        expect(fetched.filter((url) => url.includes(`/img/${name}.`))).toEqual([]);
        // The pictures further down still come as files.
        await page.locator("main img").last().scrollIntoViewIfNeeded();
        if (further) await expect.poll(() => fetched.length).toBeGreaterThan(0);
        else expect(await page.locator("main img").count()).toBe(1);
      });
    }
  });
});

/** The largest paint so far, as its picture's address or its element's tag. */
function largestPaint(page: Page) {
  // A busy machine can fire the load event before the picture is drawn, so callers ask again until
  // it settles.
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as
            (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
          resolve(last?.url || last?.element?.tagName || "");
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

for (const width of [1280, 375]) {
  test(`no layout shift at ${width} px while loading, counting and scrolling to the bottom`, async ({ page }) => {
    await page.setViewportSize({ width, height: 850 });
    await gotoHydrated(page, "/");
    await expect.poll(() => shownCounts(page), { timeout: 5000 }).toEqual(FINAL_COUNTS);
    await page.waitForTimeout(1700);
    // Nothing may move; a few millionths are sub-pixel rounding of a scrolled frame, which no one sees.
    const { score, shifts } = await layoutShifts(page);
    expect(score, JSON.stringify(shifts, null, 1)).toBeLessThan(0.001);
  });
}
