/**
 * The owner keeps the business facts true from a phone (375 × 800, touch): a mistyped number is
 * refused at its field, then a new number, Saturday hours and a holiday closure are published; the
 * public pages show them within seconds (the header's call link, the hours, the note of the closure
 * ahead), the page passes axe and never scrolls sideways, and after the old number is published
 * again 'Restore' brings version 1 back.
 */
import { displayPhone, firstFacts } from "~/content/business-facts";
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { addDays, dayOf } from "~/time/business-time";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };

test.describe("the business facts, from the owner's phone to every page", () => {
  let server: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    server = await startBuiltServer();
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("the owner publishes a new phone, Saturday hours and a closure, then restores them after a change", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext(phone);
    const signedIn = await signedInOwner(handle.db, server.origin);
    await context.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const desk = await context.newPage();

    await gotoHydrated(desk, `${server.origin}/owner/site`);
    await desk.getByRole("link", { name: "Edit phone, email and hours" }).tap();
    await expect(desk.getByRole("heading", { name: "Business facts", level: 1 })).toBeVisible();
    await expect(desk.getByRole("region", { name: "Live now" })).toContainText(displayPhone(firstFacts.phone));

    // A number short of its digits is refused where it was typed, and nothing is published.
    const phoneField = desk.getByLabel("Phone", { exact: true });
    await phoneField.fill("(609) 555-01");
    await desk.getByRole("button", { name: "Publish" }).tap();
    await expect(desk.getByText("Type a US phone number with its area code")).toBeVisible();
    await expect(desk.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(desk.getByLabel("Phone", { exact: true })).toHaveValue("(609) 555-01");

    await desk.getByLabel("Phone", { exact: true }).fill("(609) 555-0199");
    const regular = desk.getByRole("region", { name: "Regular hours" });
    await regular.getByLabel("Saturday: open, by appointment or closed").selectOption("open");
    await regular.getByLabel("Saturday opens").fill("10:00");
    await regular.getByLabel("Saturday closes").fill("14:00");
    // Closed a few days from now, so the pages announce it beside the hours.
    const today = dayOf(new Date());
    const special = desk.getByRole("region", { name: "Special hours" });
    await special.getByLabel("Name").fill("Christmas");
    await special.getByLabel("First day").fill(addDays(today, 5));
    await special.getByLabel("Last day").fill(addDays(today, 7));
    expect(await axeViolations(desk)).toEqual([]);
    await desk.getByRole("button", { name: "Publish" }).tap();
    await expect(desk.getByRole("status")).toContainText(
      "Published version 1 (the phone, Saturday hours, the special hours)",
    );
    await expect(desk.getByRole("region", { name: "Live now" })).toContainText("(609) 555-0199");
    await expect(desk.getByRole("region", { name: "History" })).toContainText("Version 1 (live)");
    expect(await desk.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);

    // The public pages, rendered again once, carry the new number and hours.
    await expect
      .poll(async () => (await fetch(`${server.origin}/`)).text(), { timeout: 10_000 })
      .toContain("tel:+16095550199");
    const visitor = await browser.newPage(phone);
    await gotoHydrated(visitor, `${server.origin}/`);
    await expect(visitor.locator('a[href="tel:+16095550199"]').first()).toBeAttached();
    await expect(visitor.locator('a[href^="tel:"][href$="0142"]')).toHaveCount(0);
    const footer = visitor.locator("footer");
    await expect(footer).toContainText("10am - 2pm");
    await expect(footer).toContainText(": Christmas");
    await visitor.close();

    // The old number published again, then version 1 restored from the history.
    await desk.getByLabel("Phone", { exact: true }).fill(displayPhone(firstFacts.phone));
    await desk.getByRole("button", { name: "Publish" }).tap();
    await expect(desk.getByRole("status")).toContainText("Published version 2 (the phone)");
    await desk.getByRole("button", { name: "Restore version 1" }).tap();
    await expect(desk.getByRole("status")).toContainText("Restored version 1 as version 3");
    await expect(desk.getByRole("region", { name: "Live now" })).toContainText("(609) 555-0199");
    await expect
      .poll(async () => (await fetch(`${server.origin}/faq`)).text(), { timeout: 10_000 })
      .toContain("(609) 555-0199");
    await context.close();
  });
});
