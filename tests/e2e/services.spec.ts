/** /services and the service pages, as a visitor uses them. */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";
import { displayPhone, firstFacts } from "../../app/content/business-facts";
import { profile } from "../../app/content/profile";
import { serviceDetails } from "../../app/content/service-details";
import { services } from "../../app/content/services";
import { servicePage } from "../support/content";
import { gotoHydrated } from "../support/hydration";
import { layoutShifts } from "../support/layout-shift";

test.describe("/services", () => {
  for (const [width, columns] of [
    [375, 1],
    [768, 2],
    [1024, 3],
    [1280, 4],
  ] as const) {
    test(`shows ${columns} column${columns > 1 ? "s" : ""} of cards at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/services");
      const boxes = await page
        .getByRole("region", { name: "All services" })
        .getByRole("article")
        .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect()));
      expect(boxes).toHaveLength(services.length);
      const firstRowTop = boxes[0]?.top ?? 0;
      const firstRow = boxes.filter((b) => Math.abs(b.top - firstRowTop) < 2);
      expect(new Set(firstRow.map((b) => Math.round(b.left))).size).toBe(columns);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("has a card for every service, each with a Learn More link that names its service", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.getByRole("region", { name: "All services" }).getByRole("article");
    await expect(cards).toHaveCount(services.length);
    for (const [i, service] of services.entries()) {
      const card = cards.nth(i);
      const details = serviceDetails[service.slug];
      await expect(card.getByRole("heading")).toHaveText(service.title);
      await expect(card.getByRole("img")).toHaveAttribute("alt", details.alt);
      await expect(card.getByRole("listitem")).toHaveText([...details.features]);
      const link = card.getByRole("link", { name: `Learn More about ${service.title}`, exact: true });
      await expect(link).toHaveAttribute("href", service.link);
    }
  });

  test("Learn More from far down the page lands on the service page at the top", async ({ page }) => {
    const service = services.at(-1);
    if (!service) throw new Error("no services");
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/services");
    const link = page.getByRole("link", { name: `Learn More about ${service.title}` });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${service.link}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      servicePage(service.slug).sections[0]?.heading ?? "",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Get Free Estimate opens the estimate dialog", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).click();
    const dialog = page.locator("dialog[open]");
    await expect(dialog.getByRole("heading", { name: "Request Your Free Estimate" })).toBeVisible();
    await expect(dialog.getByLabel(/Name/)).toBeVisible();
  });

  test("every estimate button of the home watch page opens the one home watch dialog", async ({ page }) => {
    await gotoHydrated(page, "/services/home-watch");
    await page.locator("dialog[data-ready]").waitFor({ state: "attached" });
    // The header's button and the page's own; the footer's plain link leads to the general form's page.
    const buttons = page.locator('a[href="/estimate"]').filter({ hasText: /^Get (an|Free) Estimate$/ });
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      if (!(await button.isVisible())) continue;
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Ask for Home Watch" });
      await expect(dialog.getByLabel("Address of the house")).toBeVisible();
      await expect(dialog.getByLabel("Project description")).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    await expect(page).toHaveURL(/\/services\/home-watch$/);
  });
});

type JsonLd = { "@type": string; [key: string]: unknown };

async function structuredData(page: Page): Promise<JsonLd[]> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}") as JsonLd));
}

for (const service of services) {
  const content = servicePage(service.slug);
  const [hero, ...sections] = content.sections;
  const gallery = content.sections.find((s) => s.kind === "gallery");
  const buttons = content.sections.flatMap((s) =>
    s.kind === "hero" || s.kind === "call-to-action" ? [{ estimate: s.estimateButton, call: s.callButton }] : [],
  );

  test.describe(service.link, () => {
    test("shows the sections of its content file in order, each a region named by its heading", async ({ page }) => {
      await page.goto(service.link);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(hero?.heading ?? "");
      await expect(main.getByRole("heading", { level: 2 })).toHaveText(sections.map((s) => s.heading));
      for (const section of sections) await expect(main.getByRole("region", { name: section.heading })).toBeVisible();
    });

    test("shows the business's towns and rating from the profile where its file asks for them", async ({ page }) => {
      await page.goto(service.link);
      const main = page.getByRole("main");
      for (const section of sections)
        if (section.kind === "service-areas")
          await expect(main.getByRole("region", { name: section.heading }).getByRole("listitem")).toHaveText(
            section.towns,
          );
      const { value, best, countLabel } = profile.rating;
      const rating = main.getByText(`${value.toFixed(1)} of ${best} from ${countLabel} reviews`);
      await expect(rating).toHaveCount(hero?.kind === "hero" && hero.rating ? 1 : 0);
    });

    test("its buttons ask for an estimate or dial the business, labelled as its file says", async ({ page }) => {
      await page.goto(service.link);
      const main = page.getByRole("main");
      await expect(main.locator('a[href="/estimate"]')).toHaveText(buttons.map((b) => b.estimate));
      const calls = main.locator('a[href^="tel:"]');
      await expect(calls).toHaveText(buttons.flatMap((b) => (b.call ? [b.call] : [])));
      for (const link of await calls.all()) {
        await expect(link).toHaveAttribute("href", `tel:${firstFacts.phone}`);
        await expect(link).toContainText(displayPhone(firstFacts.phone));
      }
    });

    test("its structured data describes this page and this business", async ({ page }) => {
      await page.goto(service.link);
      const data = await structuredData(page);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      const offered = data.find((d) => d["@type"] === "Service");
      expect(offered).toMatchObject({ name: service.title, url: canonical, description });
      expect(offered?.provider).toMatchObject({ name: profile.name, telephone: firstFacts.phone });
      const trail = data.find((d) => d["@type"] === "BreadcrumbList")?.itemListElement;
      expect(Array.isArray(trail) ? trail.at(-1) : undefined).toMatchObject({ name: service.title, item: canonical });
    });

    test("its estimate button opens the estimate dialog from the keyboard, and Escape returns focus", async ({
      page,
    }) => {
      await gotoHydrated(page, service.link);
      const button = page.getByRole("main").locator('a[href="/estimate"]').first();
      await button.focus();
      await page.keyboard.press("Enter");
      const dialog = page.locator("dialog[open]");
      await expect(dialog).toBeVisible();
      // The home watch page asks for less: its buttons open the short home watch form.
      const title = service.slug === "home-watch" ? "Ask for Home Watch" : "Request Your Free Estimate";
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      await expect
        .poll(() =>
          page.evaluate(() => document.querySelector("dialog[open]")?.contains(document.activeElement) ?? false),
        )
        .toBe(true);
      await expect(page).toHaveURL(new RegExp(`${service.link}$`));
      await page.keyboard.press("Escape");
      await expect(page.locator("dialog[open]")).toHaveCount(0);
      await expect(button).toBeFocused();
    });

    test("does not shift its layout while loading and scrolling", async ({ page }) => {
      await gotoHydrated(page, service.link);
      // Nothing may move; a few millionths are sub-pixel rounding of a scrolled frame, which no one sees.
      const { score, shifts } = await layoutShifts(page);
      expect(score, JSON.stringify(shifts, null, 1)).toBeLessThan(0.001);
    });

    if (gallery?.kind === "gallery") {
      test("gallery pictures block the context menu and dragging", async ({ page }) => {
        await gotoHydrated(page, service.link);
        const pictures = page.getByRole("region", { name: gallery.heading }).getByRole("img");
        await expect(pictures).toHaveCount(gallery.items.length);
        for (const picture of await pictures.all()) {
          await expect(picture).toHaveAttribute("draggable", "false");
          // The attribute is in the HTML; the handlers come with the gallery's code, which arrives
          // after the page's first paint, so on a busy machine they may be a moment behind it.
          await expect
            .poll(() =>
              picture.evaluate((img) => {
                const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true, button: 2 });
                img.dispatchEvent(menu);
                const drag = new DragEvent("dragstart", { bubbles: true, cancelable: true });
                img.dispatchEvent(drag);
                return { menu: menu.defaultPrevented, drag: drag.defaultPrevented };
              }),
            )
            .toEqual({ menu: true, drag: true });
        }
        // A picture outside the gallery keeps its ordinary menu: the block is deliberate, not global.
        const first = page.locator("main img").first();
        const menuBlocked = await first.evaluate(
          (img) => !img.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })),
        );
        expect(menuBlocked).toBe(false);
      });
    }
  });
}
