/** The FAQ, the blog index and the articles, as a reader uses them. */
import { expect, test } from "@playwright/test";
import { faqCategories } from "../../app/content/faq";
import { gotoHydrated } from "./support/hydration";

const articles = [
  { slug: "andersen-windows-professional-handyman-services", date: "2025-11-03", readTime: "10 minutes", category: "Windows & Installation" },
  { slug: "pre-storm-checklist-lbi-shore-homes", date: "2025-08-30", readTime: "15 minutes", category: "Storm Preparation" },
  { slug: "off-season-home-watch-lbi", date: "2025-08-30", readTime: "12 minutes", category: "Home Watch" },
  { slug: "drywall-patching-guide", date: "2025-09-17", readTime: "8 minutes", category: "Handyman Services" },
];

test.describe("FAQ", () => {
  test("eight categories, each with an icon and at least four questions, and the stated payment facts", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    expect(faqCategories).toHaveLength(8);
    for (const c of faqCategories) {
      const section = page.locator(`section#${c.id}`);
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(c.name);
      await expect(section.locator("h2 svg")).toHaveCount(1);
      expect(c.questions.length).toBeGreaterThanOrEqual(4);
      await expect(section.locator("details")).toHaveCount(c.questions.length);
    }
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toMatch(/cash, check/i);
    expect(text).toMatch(/credit card/i);
    expect(text).toMatch(/hourly/i);
    expect(text).toMatch(/flat[^.]*written estimate|written[^.]*flat/i);
    await expect(page.getByRole("heading", { name: "Still Have Questions?" })).toBeVisible();
    await expect(page.locator("#contact")).toHaveCount(1);
  });

  test("every question opens and closes by keyboard", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const questions = page.locator("main details");
    const count = await questions.count();
    for (let i = 0; i < count; i++) {
      const details = questions.nth(i);
      const summary = details.locator("summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(details).toHaveAttribute("open", "");
      await expect(details.locator("div").first()).toBeVisible();
      await page.keyboard.press("Space");
      await expect(details).not.toHaveAttribute("open", "");
    }
    expect(count).toBeGreaterThanOrEqual(32);
  });

  test("questions open without JavaScript, and the FAQPage data lists every question", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq");
    const first = page.locator("main details").first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}") as { "@type": string; mainEntity: { name: string }[] };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.map((q) => q.name)).toEqual(faqCategories.flatMap((c) => c.questions.map((q) => q.question)));
    await context.close();
  });

  test("Get Free Estimate opens the estimate dialog", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    await page.getByRole("link", { name: "Get Free Estimate" }).click();
    await expect(page.getByRole("dialog", { name: "Request Your Free Estimate" })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("four cards, newest first, each leading to its article", async ({ page }) => {
    await page.goto("/blog");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(4);
    const dates = await cards.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect(dates).toEqual([...dates].sort().reverse());
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      const link = card.getByRole("heading").getByRole("link");
      const href = (await link.getAttribute("href")) ?? "";
      const meta = articles.find((a) => `/blog/${a.slug}` === href);
      expect(meta, href).toBeTruthy();
      await expect(card).toContainText(meta?.category ?? "");
      await expect(card).toContainText(meta?.readTime ?? "");
      await expect(card).toContainText("The Causeway Home Repair Team");
    }
    await expect(page.getByRole("form", { name: "Newsletter signup" })).toBeVisible();
    await expect(page.locator("#contact")).toHaveCount(1);
    await cards.first().getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/[a-z-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  for (const a of articles) {
    test(`${a.slug}: sections, badges, BlogPosting data with its dates, related services`, async ({ page }) => {
      await page.goto(`/blog/${a.slug}`);
      const main = page.locator("main");
      await expect(main.locator("header").getByText(a.category, { exact: true })).toBeVisible();
      await expect(main.getByText(`${a.readTime} read`)).toBeVisible();
      await expect(main.getByRole("heading", { name: "At a glance" })).toBeVisible();
      for (const heading of ["Safety notes", "Tools and materials", "Step-by-step"]) await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: "Back to the blog" })).toHaveAttribute("href", "/blog");
      await expect(main.getByRole("navigation", { name: "Related services" }).getByRole("link")).toHaveCount(2);
      const posting = await page.locator('script[type="application/ld+json"]').evaluateAll((els) =>
        els.map((e) => JSON.parse(e.textContent ?? "{}") as { "@type": string; datePublished?: string; dateModified?: string }).find((d) => d["@type"] === "BlogPosting"),
      );
      expect(posting?.datePublished).toBe(a.date);
      expect(posting?.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }

  test("the storm article links to the contact section and the services", async ({ page }) => {
    await page.goto("/blog/pre-storm-checklist-lbi-shore-homes");
    const body = page.locator(".prose-article");
    await expect(body.locator('a[href="/#contact"]').first()).toBeVisible();
    await expect(body.locator('a[href="/services"]').first()).toBeVisible();
  });

  test("the home watch and drywall articles open the estimate dialog from their buttons", async ({ page }) => {
    for (const [slug, label] of [
      ["off-season-home-watch-lbi", "Request an Estimate"],
      ["drywall-patching-guide", "Get Your Free Estimate Today"],
    ] as const) {
      await gotoHydrated(page, `/blog/${slug}`);
      await page.getByRole("link", { name: label }).click();
      const dialog = page.getByRole("dialog", { name: "Request Your Free Estimate" });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    await page.goto("/blog/off-season-home-watch-lbi");
    await expect(page.locator('.prose-article a[href="/services"]').first()).toBeVisible();
  });

  test("the RSS feed lists the four articles and every page links to it", async ({ request }) => {
    const feed = await request.get("/blog/rss.xml");
    expect(feed.headers()["content-type"]).toMatch(/xml/);
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    for (const a of articles) expect(xml).toContain(`/blog/${a.slug}</link>`);
    for (const path of ["/", "/faq", "/services/carpentry"]) expect(await (await request.get(path)).text()).toContain('type="application/rss+xml"');
  });
});
