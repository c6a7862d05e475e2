/**
 * A review from the owner's tap to the public pages, in Chromium. The owner, on a phone, sets the
 * job's service and asks for a review; the homeowner, with JavaScript off, rates it with the
 * keyboard and publishes it from the link in the email; the review is on /reviews, the home page
 * and the service page, as text, and the pages pass axe at 375 px without a console error or CSP
 * violation. The owner then replies publicly from the desk.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { reviewTokenOf } from "../support/reviews";
import { axeViolations } from "../support/axe";

const SCREENSHOT = process.env.REVIEWS_SCREENSHOT;

test.describe("a review, from the owner's request to the public pages", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let origin: string;
  let cookie: { name: string; value: string };
  let leadId: string;

  test.beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    cookie = (await signedInOwner(handle.db, origin)).browserCookie;
    leadId = await insertLead(handle.db, {
      status: "won",
      name: "Dana Visitor",
      address: "12 Dune Lane, Surf City, NJ 08008",
    });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("the owner sets the service and asks for a review at 375 px", async ({ page, context }) => {
    await context.addCookies([{ ...cookie, url: origin }]);
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/owner/leads/${leadId}`);
    await page.getByLabel("Service of the job").selectOption("decks-and-stairs");
    await page.getByRole("button", { name: "Save service" }).click();
    await expect(page.getByRole("status")).toContainText("Service saved.");
    await page.getByRole("button", { name: "Ask for a review" }).click();
    await expect(page.getByRole("status")).toContainText("Review request sent");
    await expect(page.getByTestId("review-request")).toContainText("no review yet");
    await expect(page.getByRole("button", { name: "Ask for a review" })).toHaveCount(0);
    expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the review form at 375 px passes axe and fits the screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    // Opening the link only shows the form; it is spent by the post below, without JavaScript.
    await gotoHydrated(page, `${origin}/review/${await reviewTokenOf(handle.db, leadId)}`);
    await expect(page.getByRole("group", { name: "Rating" })).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the homeowner rates with the keyboard and publishes from the emailed link", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${origin}/review/${await reviewTokenOf(handle.db, leadId)}`);
      await expect(page.getByRole("heading", { name: "How did we do?" })).toBeVisible();
      await expect(page.getByLabel("Name to show")).toHaveValue("Dana V.");
      await expect(page.getByLabel("Town")).toHaveValue("Surf City");
      // The rating's radio buttons: Tab reaches the group, the arrow keys move the choice.
      await page.getByRole("radio", { name: "1 star", exact: true }).focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("radio", { name: "1 star", exact: true })).toBeChecked();
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Your review")).toBeFocused();
      await page.keyboard.type('The stairs wobble already. <img src=x onerror="alert(1)">');
      await page.getByRole("button", { name: "Publish my review" }).press("Enter");
      await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Post it on Google too" })).toHaveAttribute(
        "href",
        /google\.com\/maps/,
      );
    });
  });

  test("the review is on /reviews, the home page and its service page, as text", async ({ page }) => {
    await expect
      .poll(async () => (await fetch(`${origin}/reviews`)).text(), { timeout: 5_000 })
      .toContain("The stairs wobble already.");
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/reviews`);
    const review = page.getByRole("article").filter({ hasText: "The stairs wobble already." });
    await expect(review).toContainText('<img src=x onerror="alert(1)">');
    await expect(review).toContainText("Verified customer");
    await expect(review).toContainText("1 out of 5 stars");
    await expect(page.locator("img[src='x']")).toHaveCount(0);
    await expect(page.getByText("Average of 1 review")).toBeVisible();
    await expect(page.getByRole("row", { name: "1 star 1" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How we handle reviews" })).toBeVisible();
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
    if (SCREENSHOT) await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await gotoHydrated(page, `${origin}/services/decks-and-stairs`);
    await expect(page.getByRole("region", { name: "Reviews of our Decks & Stairs jobs" })).toContainText(
      "The stairs wobble already.",
    );
    await gotoHydrated(page, `${origin}/`);
    await expect(page.getByRole("region", { name: "What our customers say" })).toContainText(
      "The stairs wobble already.",
    );
    // A client-side navigation reads /reviews' data, which carries the review too.
    await page.getByRole("link", { name: "Read every review" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByText("The stairs wobble already.")).toBeVisible();
  });

  test("the owner replies publicly from the desk's Reviews page", async ({ page, context }) => {
    await context.addCookies([{ ...cookie, url: origin }]);
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/owner/reviews`);
    // At 375 px Reviews sits behind 'More' in the desk's bar.
    await page.getByRole("navigation", { name: "Desk" }).locator("summary").click();
    await expect(page.getByRole("link", { name: "Reviews", exact: true })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await page.getByLabel("Public reply").fill("We are sorry. Pat will come by on Monday to fix the stairs.");
    await page.getByRole("button", { name: "Reply publicly" }).click();
    await expect(page.getByRole("status")).toContainText("Reply published.");
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    await expect
      .poll(async () => (await fetch(`${origin}/reviews`)).text(), { timeout: 5_000 })
      .toContain("Pat will come by on Monday");
  });
});
