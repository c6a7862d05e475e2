/**
 * The desk in one hand: Chromium at 375 × 800 with touch, signed in. Every desk page fits the
 * screen, keeps every control within it and above the section bar, and passes axe; from every
 * page, every section is one tap away (or two, through 'More'), marked current when reached; the
 * counts that need the owner show on their section and on 'More'. Then three photos picked at once
 * are described and sent, one refused at its field for a hidden character and sent again, and all
 * seen ready without a reload, and a notice linked through the picker
 * reaches a public page's Notice region.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { sendInvoice } from "~/invoices/invoices.server";
import { countNewLeads } from "~/leads/record/queries.server";
import { DESK_SECTIONS } from "~/owner/desk-navigation";
import { createProject } from "~/projects/projects.server";
import { sendQuote } from "~/quotes/send-quote.server";
import { acceptContract } from "~/server/contract.server";
import { addDays } from "~/time/business-time";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { jpegWithGps } from "../support/images";
import { cameraLikePhoto } from "../support/project-photo";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { enterContractFacts } from "../support/quotes";
import type { Page } from "@playwright/test";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };
const ACTOR = { email: "pat@causeway.test", client: null };

/** A section's link by its label, whatever count follows it ("Jobs 1 late"). */
const sectionName = (label: string) => new RegExp(`^${label}(?:\\s|$)`);

async function tapSection(page: Page, label: string) {
  const bar = page.getByRole("navigation", { name: "Desk" });
  const section = DESK_SECTIONS.find((s) => s.label === label);
  if (!section?.inBar) await bar.locator("summary").tap();
  await bar.getByRole("link", { name: sectionName(label) }).tap();
}

test.describe("the desk at 375 px with touch", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let pages: string[] = [];
  let projectId = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startBuiltServer({ LEADS_TO: "owner@causeway.test" });
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    const { db } = handle;
    // Sixty days ago: the job is late by now and its deposit's invoice overdue.
    const then = new Date(Date.now() - 60 * 86_400_000);
    await enterContractFacts(db, then);
    const leadId = await insertLead(db, { name: "Dana Phone", email: "dana.phone@example.com" });
    const context = { siteUrl: server.origin, leadsTo: "owner@causeway.test" };
    expect(await sendQuote(db, leadId, twelveHundredQuote(then), ACTOR, context, then)).toMatchObject({ ok: true });
    const signer = { name: "Dana Phone", consent: true, chosen: [], ip: null, userAgent: null };
    const token = await linkIn(db, "quote-sent", "quote");
    expect(await acceptContract(db, token, signer, new Set(), context, then)).toMatchObject({ accepted: true });
    const job = await db.selectFrom("jobs").select(["id", "start_day"]).executeTakeFirstOrThrow();
    await db
      .updateTable("jobs")
      .set({ start_day: addDays(job.start_day ?? "2026-01-05", -7), completion_day: job.start_day ?? "2026-01-06" })
      .where("id", "=", job.id)
      .execute();
    expect(await sendInvoice(db, ACTOR, job.id, "deposit", context, then)).toMatchObject({ ok: true });
    await insertLead(db, { name: "Sam Newlead", email: "sam@example.com" });
    projectId = await createProject(
      db,
      {
        title: "Cedar outdoor shower",
        service: "outdoor-showers",
        town: "Harvey Cedars",
        finished: "2026-09",
        story: "",
      },
      ACTOR,
    );
    pages = [
      "/owner",
      `/owner/leads/${leadId}`,
      `/owner/leads/${leadId}/quote`,
      "/owner/jobs",
      `/owner/jobs/${job.id}`,
      "/owner/quarantine",
      "/owner/subscribers",
      "/owner/stats",
      "/owner/site",
      "/owner/site/contract",
      "/owner/site/facts",
      "/owner/site/faq",
      "/owner/site/faq/decks-stairs",
      "/owner/site/services/decks-and-stairs",
      "/owner/site/articles/drywall-patching-guide",
      "/owner/reviews",
      "/owner/projects",
      `/owner/projects/${projectId}`,
      "/owner/account",
    ];
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  async function signedIn(browser: import("@playwright/test").Browser) {
    const context = await browser.newContext(phone);
    const owner = await signedInOwner(handle.db, server.origin);
    await context.addCookies([{ ...owner.browserCookie, url: server.origin }]);
    return context;
  }

  test("every desk page fits, keeps its controls on screen and above the bar, and passes axe", async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await signedIn(browser);
    const page = await context.newPage();
    for (const path of pages) {
      await gotoHydrated(page, `${server.origin}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            // Hidden, inside a closed disclosure, or the skip link's clipped box: none can be tapped.
            if (!el.checkVisibility({ visibilityProperty: true }) || box.width <= 1 || box.height <= 1) return false;
            return box.left < -1 || box.right > window.innerWidth + 1;
          })
          .map((el) => el.outerHTML.slice(0, 100)),
      );
      expect(outside, path).toEqual([]);
      // At the very bottom, the page's last control clears the bar.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      const covered = await page.evaluate(() => {
        const bar = document.querySelector('nav[aria-label="Desk"].fixed')?.getBoundingClientRect();
        if (!bar) return ["no bar"];
        return [...document.querySelectorAll<HTMLElement>("main a[href], main button, main input, main select")]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return el.checkVisibility({ visibilityProperty: true }) && box.height > 1 && box.bottom > bar.top;
          })
          .map((el) => el.outerHTML.slice(0, 120));
      });
      expect(covered, path).toEqual([]);
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  test("from every desk page, every section is a tap away and marked current", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await signedIn(browser);
    const page = await context.newPage();
    for (const path of pages) {
      await gotoHydrated(page, `${server.origin}${path}`);
      for (const section of DESK_SECTIONS) {
        await tapSection(page, section.label);
        await expect(page, `${path} → ${section.label}`).toHaveURL(`${server.origin}${section.to}`);
        // Where it lands is marked the same from every page: that is checked from the first.
        if (path === pages[0]) {
          const bar = page.getByRole("navigation", { name: "Desk" });
          if (!section.inBar) await bar.locator("summary").tap();
          await expect(bar.getByRole("link", { name: sectionName(section.label) })).toHaveAttribute(
            "aria-current",
            "page",
          );
          if (!section.inBar) {
            await page.keyboard.press("Escape");
            await expect(bar.locator("details")).not.toHaveAttribute("open");
          }
        }
        // A tap on the page's own section replaces the entry rather than adding one.
        if (section.to === path) continue;
        await page.goBack();
        await expect(page).toHaveURL(`${server.origin}${path}`);
      }
    }
    await context.close();
  });

  test("the counts show on their sections, and on 'More' while it hides them", async ({ browser }) => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${server.origin}/owner/site`);
    const bar = page.getByRole("navigation", { name: "Desk" });
    const newLeads = await countNewLeads(handle.db);
    expect(newLeads).toBeGreaterThan(0);
    await expect(bar.getByRole("link", { name: `Leads ${newLeads} new` })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Jobs 1 late" })).toBeVisible();
    await expect(bar.locator("summary")).toContainText("More1 waiting");
    await bar.locator("summary").tap();
    await expect(bar.getByRole("link", { name: "Numbers 1 overdue" })).toBeVisible();
    // Escape closes the list and gives the focus back to 'More'.
    await page.keyboard.press("Escape");
    await expect(bar.getByRole("link", { name: "Numbers 1 overdue" })).toBeHidden();
    await expect(bar.locator("summary")).toBeFocused();
    // From 768 px every section sits in one row, counts and all, and the bar is gone.
    await page.setViewportSize({ width: 768, height: 1024 });
    const row = page.getByRole("navigation", { name: "Desk" }).getByRole("list");
    expect(await row.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toHaveCount(1);
    await expect(bar.getByRole("link")).toHaveCount(DESK_SECTIONS.length);
    await expect(bar.getByRole("link", { name: "Numbers 1 overdue" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Site" })).toHaveAttribute("aria-current", "page");
    await context.close();
  });

  test("three photos picked at once, one a camera's, are sent one after another; one refused at its field goes again; all are seen ready without a reload", async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await signedIn(browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${server.origin}/owner/projects/${projectId}`);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const files = await Promise.all(
      ["deck-1.jpg", "deck-2.jpg", "deck-3.jpg"].map(async (name, i) => ({
        name,
        mimeType: "image/jpeg",
        // The first is a camera's 12 MP photo with detail at every scale, as a phone's library holds.
        buffer: i === 0 ? await cameraLikePhoto() : await jpegWithGps(1200 + i * 40, 900),
      })),
    );
    // The page's own data requests while it waits: asking again must not reload the desk's counts.
    const asked: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/owner/projects/${projectId}.data`) asked.push(url);
    });
    await page.getByLabel("Photos", { exact: true }).setInputFiles(files);
    const rows = page.getByRole("list", { name: "Picked photos" }).getByRole("listitem");
    await expect(rows).toHaveCount(3);
    // A row without its description is not sent: the owner is told at the field.
    await page.getByRole("button", { name: "Add 3 photos" }).tap();
    await expect(page.getByRole("status")).toContainText("Describe each photo first");
    await expect(page.getByLabel("Description of photo 1")).toBeFocused();
    // The second description hides a direction mark, as text pasted from a message can: the server
    // refuses that photo at its field, and the batch goes on with the third.
    for (const n of [1, 2, 3])
      await page.getByLabel(`Description of photo ${n}`).fill(`Deck boards,${n === 2 ? "\u202E" : ""} view ${n}`);
    await page.getByLabel("Label of photo 3").selectOption("after");
    await page.getByRole("button", { name: "Add 3 photos" }).tap();
    await expect(page.getByRole("status")).toContainText("2 of 3 added", { timeout: 60_000 });
    const second = page.getByLabel("Description of photo 2");
    await expect(second).toHaveAttribute("aria-invalid", "true");
    await expect(rows.nth(1)).toContainText("U+202E");
    await second.fill("Deck boards, view 2");
    await page.getByRole("button", { name: "Add photo" }).tap();
    await expect(page.getByRole("status")).toContainText("Photo added.", { timeout: 60_000 });
    await expect(rows.filter({ hasText: "Added and ready." })).toHaveCount(3, { timeout: 90_000 });
    for (const n of [1, 2, 3]) await expect(page.getByRole("img", { name: `Deck boards, view ${n}` })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked) {
      const routes = (url.searchParams.get("_routes") ?? "").split(",");
      expect(routes).toContain("routes/owner.project");
      expect(routes).not.toContain("routes/owner");
    }
    const stored = await handle.db
      .selectFrom("project_photos")
      .select(["description", "label"])
      .where("project_id", "=", projectId)
      .orderBy("position")
      .execute();
    expect(stored).toEqual([
      { description: "Deck boards, view 1", label: null },
      { description: "Deck boards, view 3", label: "after" },
      { description: "Deck boards, view 2", label: null },
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test("a notice linked to /estimate through the picker reaches a public page's Notice region", async ({ browser }) => {
    const context = await signedIn(browser);
    const page = await context.newPage();
    await gotoHydrated(page, `${server.origin}/owner/site`);
    await page.getByLabel("Notice text").fill("Booking spring deck work now.");
    await page.getByLabel("Link to").selectOption({ label: "Get an estimate" });
    // One tap is enough: the words follow the pick until the owner writes their own.
    await expect(page.getByLabel("Link words")).toHaveValue("Get an estimate");
    await page.getByLabel("Link words").fill("Ask for an estimate");
    const preview = page.getByRole("region", { name: "Preview at 375 px" });
    await expect(preview).toContainText("Booking spring deck work now. Ask for an estimate");
    await expect(preview.getByRole("link", { name: "Ask for an estimate" })).toHaveAttribute("href", "/estimate");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Publish notice" }).tap();
    await expect(page.getByRole("status")).toContainText("Published");
    await expect
      .poll(async () => (await fetch(`${server.origin}/faq`)).text(), { timeout: 10_000 })
      .toContain("Booking spring deck work now.");
    await gotoHydrated(page, `${server.origin}/faq`);
    const notice = page.getByRole("region", { name: "Notice" });
    await expect(notice.getByRole("link", { name: "Ask for an estimate" })).toHaveAttribute("href", "/estimate");
    await context.close();
  });
});
