/** /services and the eight service pages, as a visitor uses them. */
import { expect, test } from "@playwright/test";
import { profile } from "../../app/content/profile";
import { servicePages } from "../../app/content/service-pages";
import { serviceDetails } from "../../app/content/service-details";
import { services, type ServiceSlug } from "../../app/content/services";
import { gotoHydrated } from "./support/hydration";
import { cumulativeLayoutShift } from "./support/layout-shift";

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
      const boxes = await page.getByRole("region", { name: "All services" }).getByRole("article").evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect()));
      expect(boxes).toHaveLength(8);
      const firstRowTop = boxes[0]?.top ?? 0;
      const firstRow = boxes.filter((b) => Math.abs(b.top - firstRowTop) < 2);
      expect(new Set(firstRow.map((b) => Math.round(b.left))).size).toBe(columns);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("has eight cards, each with a Learn More link that names its service", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete Home Services for Long Beach Island");
    const cards = page.getByRole("region", { name: "All services" }).getByRole("article");
    await expect(cards).toHaveCount(8);
    for (const [i, service] of services.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading")).toHaveText(service.title);
      await expect(card.getByRole("img")).toHaveAttribute("alt", serviceDetails[service.slug].alt);
      await expect(card.getByRole("listitem")).toHaveCount(4);
      const link = card.getByRole("link", { name: `Learn More about ${service.title}`, exact: true });
      await expect(link).toHaveAttribute("href", service.link);
    }
    await expect(page.getByRole("link", { name: "Learn More about Decks & Stairs" })).toBeVisible();
  });

  test("Learn More from far down the page lands on the service page at the top", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/services");
    const link = page.getByRole("link", { name: "Learn More about Outdoor Showers" });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await link.click();
    await expect(page).toHaveURL(/\/services\/outdoor-showers$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(servicePages["outdoor-showers"].hero.heading);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Get Free Estimate opens the estimate dialog", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).click();
    const dialog = page.locator("dialog[open]");
    await expect(dialog.getByRole("heading", { name: "Request Your Free Estimate" })).toBeVisible();
    await expect(dialog.getByLabel(/Name/)).toBeVisible();
  });
});

/** What the spec says each page shows beyond the common layout. */
const expectations: Record<ServiceSlug, { gallery: number | null; extras: string[] }> = {
  "bathroom-renovations": { gallery: 4, extras: [] },
  "decks-and-stairs": { gallery: 4, extras: [] },
  "andersen-windows": { gallery: 3, extras: ["certified"] },
  "handyman-services": { gallery: 4, extras: ["popular"] },
  carpentry: { gallery: 4, extras: [] },
  "ground-level-remodeling": { gallery: null, extras: ["featureCards"] },
  "home-watch": { gallery: null, extras: ["serviceCards", "benefits", "areas", "rating"] },
  "outdoor-showers": { gallery: 4, extras: ["benefitCards"] },
};

/** The section headings a page should show, in order, from its copy. */
function expectedHeadings(slug: ServiceSlug): string[] {
  const copy = servicePages[slug];
  const extras = expectations[slug].extras;
  return [
    ...(extras.includes("certified") ? [copy.certifiedBanner?.title ?? "missing certified banner"] : []),
    ...(extras.includes("serviceCards") ? ["Home watch services"] : []),
    ...(extras.includes("benefitCards") ? ["Why an outdoor shower pays off"] : []),
    copy.features.heading,
    ...(extras.includes("featureCards") ? ["Built for the flood zone"] : []),
    ...(extras.includes("popular") ? ["Popular handyman services"] : []),
    ...(extras.includes("benefits") ? ["Benefits of home watch"] : []),
    ...(extras.includes("areas") ? ["Service areas"] : []),
    copy.whyChoose.heading,
    ...(copy.gallery ? [copy.gallery.heading] : []),
    ...(copy.faq?.length ? ["Questions we hear"] : []),
    copy.cta.heading,
  ];
}

for (const service of services) {
  const slug = service.slug;
  const copy = servicePages[slug];
  const expected = expectations[slug];

  test.describe(service.link, () => {
    test("shows its sections in order", async ({ page }) => {
      await page.goto(service.link);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(copy.hero.heading);
      await expect(main.getByRole("heading", { level: 2 })).toHaveText(expectedHeadings(slug));

      const gallery = main.getByRole("region", { name: copy.gallery?.heading ?? "no gallery" });
      if (expected.gallery === null) {
        expect(copy.gallery).toBeNull();
        await expect(main.locator("figure")).toHaveCount(0);
      } else {
        await expect(gallery.getByRole("img")).toHaveCount(expected.gallery);
        await expect(gallery.locator("figcaption")).toHaveCount(expected.gallery);
      }

      if (expected.extras.includes("certified")) await expect(main.getByRole("region", { name: "Certified Andersen Installers" })).toContainText("certified");
      if (expected.extras.includes("popular"))
        await expect(main.getByRole("region", { name: "Popular handyman services" }).getByRole("heading", { level: 3 })).toHaveText(["Quick Fixes", "Installation", "Maintenance", "Emergency"]);
      if (expected.extras.includes("featureCards")) {
        await expect(main.getByRole("region", { name: "Built for the flood zone" }).getByRole("heading", { level: 3 })).toHaveCount(4);
        await expect(main.getByRole("link", { name: "Get Free Consultation" })).toHaveCount(2);
        await expect(main.getByRole("link", { name: "Get Free Estimate" })).toHaveCount(0);
      }
      if (expected.extras.includes("serviceCards"))
        await expect(main.getByRole("region", { name: "Home watch services" }).first().getByRole("heading", { level: 3 })).toHaveCount(4);
      if (expected.extras.includes("benefits")) await expect(main.getByRole("region", { name: "Benefits of home watch" }).getByRole("listitem")).toHaveCount(copy.benefits?.length ?? -1);
      if (expected.extras.includes("areas")) await expect(main.getByRole("region", { name: "Service areas" }).getByRole("listitem")).toHaveText([...profile.homeWatchAreas]);
      if (expected.extras.includes("rating")) {
        await expect(main.getByRole("link", { name: /Call \(609\) 555-0142/ }).first()).toHaveAttribute("href", /^tel:/);
        await expect(main).toContainText(/\d\.\d of 5/);
      }
      if (expected.extras.includes("benefitCards"))
        await expect(main.getByRole("region", { name: "Why an outdoor shower pays off" }).getByRole("heading", { level: 3 })).toHaveCount(2);

      const cta = main.getByRole("region", { name: copy.cta.heading });
      await expect(cta.getByRole("link", { name: copy.cta.button })).toHaveAttribute("href", "/estimate");
    });

    test(`'${copy.cta.button}' opens the estimate dialog from the keyboard, and Escape returns focus`, async ({ page }) => {
      await gotoHydrated(page, service.link);
      const button = page.getByRole("main").getByRole("link", { name: copy.cta.button }).first();
      await button.focus();
      await page.keyboard.press("Enter");
      const dialog = page.locator("dialog[open]");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "Request Your Free Estimate" })).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.querySelector("dialog[open]")?.contains(document.activeElement) ?? false)).toBe(true);
      await expect(page).toHaveURL(new RegExp(`${service.link}$`));
      await page.keyboard.press("Escape");
      await expect(page.locator("dialog[open]")).toHaveCount(0);
      await expect(button).toBeFocused();
    });

    test("does not shift its layout while loading and scrolling", async ({ page }) => {
      await gotoHydrated(page, service.link);
      expect(await cumulativeLayoutShift(page)).toBe(0);
    });

    if (expected.gallery !== null) {
      test("gallery pictures block the context menu and dragging", async ({ page }) => {
        await gotoHydrated(page, service.link);
        const pictures = page.getByRole("region", { name: copy.gallery?.heading ?? "" }).getByRole("img");
        await expect(pictures).toHaveCount(expected.gallery ?? 0);
        for (const picture of await pictures.all()) {
          await expect(picture).toHaveAttribute("draggable", "false");
          const blocked = await picture.evaluate((img) => {
            const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true, button: 2 });
            img.dispatchEvent(menu);
            const drag = new DragEvent("dragstart", { bubbles: true, cancelable: true });
            img.dispatchEvent(drag);
            return { menu: menu.defaultPrevented, drag: drag.defaultPrevented };
          });
          expect(blocked).toEqual({ menu: true, drag: true });
        }
        // A picture outside the gallery keeps its ordinary menu: the block is deliberate, not global.
        const hero = page.locator("main img").first();
        expect(await hero.evaluate((img) => !img.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })))).toBe(false);
      });
    }
  });
}
