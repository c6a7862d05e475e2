/**
 * The owner puts up a notice from a phone in Chromium: the Site page at 375 px, worked with the
 * keyboard, previews the notice as it is typed and passes axe; published, it is on the public
 * pages above the header as a labelled region, in the HTML from the first byte (no layout shift),
 * with no console error or CSP violation, and a client-side navigation keeps it. A closed day shows
 * in the hours. Removing the notice takes it away. Without JavaScript, a closed day refused at its
 * field comes back to the Site page as typed, with the message at the field.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { addDays, dayOf } from "~/time/business-time";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { cumulativeLayoutShift } from "../support/layout-shift";
import { axeViolations } from "../support/axe";

test.describe("the notice and closed days, from the desk to the public pages", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let origin: string;
  let cookie: { name: string; value: string };

  test.beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    cookie = (await signedInOwner(handle.db, origin)).browserCookie;
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("the owner previews and publishes a notice at 375 px with the keyboard", async ({ page, context }) => {
    await context.addCookies([{ ...cookie, url: origin }]);
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/owner/site`);
    await expect(page.getByRole("link", { name: "Site" })).toHaveAttribute("aria-current", "page");
    const text = page.getByLabel("Notice text");
    await text.focus();
    await page.keyboard.type(
      "After the nor'easter we book storm repairs first. For a leak, [call us](tel:609-555-0142).",
    );
    const preview = page.getByRole("region", { name: "Preview at 375 px" });
    await expect(preview).toContainText("After the nor'easter we book storm repairs first. For a leak, call us.");
    await expect(preview.getByRole("link", { name: "call us" })).toHaveAttribute("href", "tel:+16095550142");
    // Past 'Link to' and 'Link words' (no link picked: the typed one stands) to the tone.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Urgent" })).toBeChecked();
    await expect(preview).toContainText("Urgent:");
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    const publish = page.getByRole("button", { name: "Publish notice" });
    await publish.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toContainText("Published");
    await expect(page.getByText("Showing now, until you remove it.")).toBeVisible();
    expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the notice is on the public pages from the first paint, without shift or errors", async ({ page }) => {
    await expect
      .poll(async () => (await fetch(`${origin}/services/home-watch`)).text(), { timeout: 10_000 })
      .toContain("storm repairs first");
    await page.setViewportSize({ width: 412, height: 823 });
    await gotoHydrated(page, `${origin}/services/home-watch`);
    const notice = page.getByRole("region", { name: "Notice" });
    await expect(notice).toContainText("Urgent: After the nor'easter we book storm repairs first.");
    // Above the header.
    const noticeBox = await notice.boundingBox();
    const headerBox = await page.locator("header").first().boundingBox();
    expect((noticeBox?.y ?? 1) + (noticeBox?.height ?? 0)).toBeLessThanOrEqual((headerBox?.y ?? 0) + 1);
    expect(await cumulativeLayoutShift(page)).toBeLessThanOrEqual(0.02);
    // A client-side navigation reads the page's data, which carries the notice too.
    await page.evaluate(() => {
      (window as Window & { navigated?: boolean }).navigated = true;
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    // The same document: React Router fetched the page's data instead of loading a new page.
    expect(await page.evaluate(() => (window as Window & { navigated?: boolean }).navigated)).toBe(true);
    await expect(page.getByRole("region", { name: "Notice" })).toContainText("storm repairs first");
  });

  test("a closed day says so in the hours; removing the notice takes it off the pages", async ({ page, context }) => {
    await context.addCookies([{ ...cookie, url: origin }]);
    await gotoHydrated(page, `${origin}/owner/site`);
    await page.getByLabel("Date").fill(dayOf(new Date()));
    await page.getByLabel("Label").fill("Inventory day");
    await page.getByRole("button", { name: "Add closed day" }).click();
    await expect(page.getByRole("status")).toContainText("Added: Inventory day");
    await page.getByRole("button", { name: "Remove notice" }).click();
    await expect(page.getByRole("status")).toContainText("Removed");
    await expect
      .poll(
        async () => {
          const html = await (await fetch(`${origin}/`)).text();
          return html.includes("Closed today: Inventory day") && !html.includes('aria-label="Notice"');
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await gotoHydrated(page, `${origin}/`);
    await expect(page.getByRole("region", { name: "Notice" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toContainText("Closed today: Inventory day");
  });

  test("without JavaScript a closed day refused at its field comes back as typed, then goes in", async ({
    browser,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies([{ ...cookie, url: origin }]);
    const plain = await noScript.newPage();
    await plain.goto(`${origin}/owner/site`);
    // The browser lets it through; the server finds the hidden direction mark in the label.
    const day = addDays(dayOf(new Date()), 60);
    await plain.getByLabel("Date").fill(day);
    await plain.getByLabel("Label").fill("Stock\u202Ecount");
    await plain.getByRole("button", { name: "Add closed day" }).click();
    // Sent back to the Site page, which reads the answer from a cookie: the address holds none of
    // what was typed.
    await expect(plain).toHaveURL(`${origin}/owner/site`);
    await expect(plain.getByLabel("Label")).toHaveAccessibleDescription(/hidden direction mark \(U\+202E\)/);
    await expect(plain.getByLabel("Label")).toHaveValue("Stock\u202Ecount");
    await expect(plain.getByLabel("Date")).toHaveValue(day);
    expect(await handle.db.selectFrom("closed_days").select("label").execute()).not.toContainEqual({
      label: "Stock\u202Ecount",
    });

    await plain.getByLabel("Label").fill("Stock count");
    await plain.getByRole("button", { name: "Add closed day" }).click();
    await expect(plain.getByRole("status")).toHaveText(
      "Added: Stock count. The hours on every page say so on the day.",
    );
    await expect(plain.getByRole("list").getByText("Stock count")).toBeVisible();
    await expect(plain).toHaveURL(`${origin}/owner/site`);
    // Read once: a reload shows the page without it.
    await plain.reload();
    await expect(plain.getByText("Added: Stock count.")).toHaveCount(0);
    // An answer written into an address by hand is not shown.
    await plain.goto(`${origin}/owner/site?answer=add-closed-day&done=Passkey+expired,+call+609-555-0100`);
    await expect(plain.getByText("Passkey expired")).toHaveCount(0);
    await noScript.close();
  });
});
