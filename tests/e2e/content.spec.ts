/** The FAQ, the blog index and the articles, as a reader uses them. */
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/e2e";
import { displayPhone, firstFacts } from "../../app/content/business-facts";
import { profile } from "../../app/content/profile";
import { articleFiles, faqCategories } from "../support/content";
import { gotoHydrated } from "../support/hydration";

const categories = faqCategories();
const questionCount = categories.reduce((n, c) => n + c.questions.length, 0);
const articles = articleFiles().sort((a, b) => b.date.localeCompare(a.date));

/** Internal links answer with a page, and a link to #anchor finds that anchor on it. */
async function expectLinksWork(request: APIRequestContext, hrefs: readonly string[]) {
  for (const href of new Set(hrefs)) {
    const url = new URL(href, "http://site");
    const response = await request.get(url.pathname);
    expect(response.status(), href).toBe(200);
    if (url.hash) expect(await response.text(), href).toContain(`id="${url.hash.slice(1)}"`);
  }
}

test.describe("FAQ", () => {
  test("every category of the content files, in order, with its icon and its questions", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "FAQ categories" }).getByRole("link");
    await expect(nav).toHaveText(categories.map((c) => c.name));
    for (const c of categories) {
      const section = page.locator(`section#${c.id}`);
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(c.name);
      await expect(section.locator("h2 svg")).toHaveCount(1);
      await expect(section.locator("details summary h3")).toHaveText(c.questions.map((q) => q.question));
    }
    await expect(page.locator("#contact")).toHaveCount(1);
  });

  test("states the payment methods from the business profile and the phone number in force", async ({ page }) => {
    await page.goto("/faq");
    const text = ((await page.locator("main").textContent()) ?? "").toLowerCase();
    for (const method of profile.paymentAccepted) expect(text).toContain(method.toLowerCase());
    await expect(
      page.getByRole("main").getByRole("link", { name: `Call ${displayPhone(firstFacts.phone)}` }),
    ).toHaveAttribute("href", `tel:${firstFacts.phone}`);
  });

  test("a category link jumps to its section", async ({ page }) => {
    const last = categories.at(-1);
    if (!last) throw new Error("no FAQ categories");
    await gotoHydrated(page, "/faq");
    await page.getByRole("navigation", { name: "FAQ categories" }).getByRole("link", { name: last.name }).click();
    await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
    await expect(page.locator(`section#${last.id} h2`)).toBeInViewport();
  });

  test("every question opens and closes by keyboard", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const questions = page.locator("main details");
    await expect(questions).toHaveCount(questionCount);
    for (let i = 0; i < questionCount; i++) {
      const details = questions.nth(i);
      const summary = details.locator("summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(details).toHaveAttribute("open", "");
      await expect(details.locator("div").first()).toBeVisible();
      await page.keyboard.press("Space");
      await expect(details).not.toHaveAttribute("open", "");
    }
  });

  test("questions open without JavaScript, and the FAQPage data says what the page says", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq");
    const first = page.locator("main details").first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    ) as {
      "@type": string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data["@type"]).toBe("FAQPage");
    const shown = await page.locator("main details").evaluateAll((all) =>
      all.map((d) => ({
        name: d.querySelector("summary h3")?.textContent ?? "",
        text: [...d.querySelectorAll("div > p")].map((p) => p.textContent).join("\n\n"),
      })),
    );
    expect(data.mainEntity.map((q) => ({ name: q.name, text: q.acceptedAnswer.text }))).toEqual(shown);
    await context.close();
  });

  test("links in the answers lead to pages that exist", async ({ page, request }) => {
    await page.goto("/faq");
    const hrefs = await page
      .locator("main details a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    await expectLinksWork(request, hrefs);
  });

  test("a link in an answer opens its page without reloading this one", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    const details = page
      .locator("main details")
      .filter({ has: page.locator('a[href^="/services/"]') })
      .first();
    await details.locator("summary").click();
    const link = details.locator('a[href^="/services/"]').first();
    const href = (await link.getAttribute("href")) ?? "";
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(await page.evaluate(() => "stayedOnPage" in window)).toBe(true);
  });

  test("Get Free Estimate opens the estimate dialog", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    await page.getByRole("link", { name: "Get Free Estimate" }).click();
    await expect(page.getByRole("dialog", { name: "Request Your Free Estimate" })).toBeVisible();
  });
});

test.describe("blog", () => {
  test("a card for every article, newest first, each leading to its article", async ({ page }) => {
    await page.goto("/blog");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(articles.length);
    const dates = await cards.locator("time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect(dates).toEqual(articles.map((a) => a.date));
    for (let i = 0; i < articles.length; i++) {
      const card = cards.nth(i);
      const link = card.getByRole("heading").getByRole("link");
      const href = (await link.getAttribute("href")) ?? "";
      const meta = articles.find((a) => `/blog/${a.slug}` === href);
      expect(meta, href).toBeTruthy();
      await expect(card).toContainText(meta?.category ?? "");
      await expect(card).toContainText(meta?.readTime ?? "");
      await expect(card).toContainText(meta?.author ?? "");
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
      for (const heading of ["Safety notes", "Tools and materials", "Step-by-step"])
        await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: "Back to the blog" })).toHaveAttribute("href", "/blog");
      await expect(main.getByRole("navigation", { name: "Related services" }).getByRole("link")).toHaveCount(2);
      const posting = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) =>
          els
            .map(
              (e) =>
                JSON.parse(e.textContent ?? "{}") as { "@type": string; datePublished?: string; dateModified?: string },
            )
            .find((d) => d["@type"] === "BlogPosting"),
        );
      expect(posting?.datePublished).toBe(a.date);
      expect(posting?.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    test(`${a.slug}: links in the article lead to pages that exist`, async ({ page, request }) => {
      await page.goto(`/blog/${a.slug}`);
      const hrefs = await page
        .locator(".prose-article a[href^='/']")
        .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
      await expectLinksWork(request, hrefs);
    });

    if (a.ctaLabel) {
      test(`${a.slug}: '${a.ctaLabel}' opens the estimate dialog`, async ({ page }) => {
        await gotoHydrated(page, `/blog/${a.slug}`);
        await page.getByRole("link", { name: a.ctaLabel }).click();
        const dialog = page.getByRole("dialog", { name: "Request Your Free Estimate" });
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      });
    }
  }

  test("the RSS feed lists every article and every page links to it", async ({ request }) => {
    const feed = await request.get("/blog/rss.xml");
    expect(feed.headers()["content-type"]).toMatch(/xml/);
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    for (const a of articles) expect(xml).toContain(`/blog/${a.slug}</link>`);
    for (const path of ["/", "/faq", "/services/carpentry"])
      expect(await (await request.get(path)).text()).toContain('type="application/rss+xml"');
  });
});
