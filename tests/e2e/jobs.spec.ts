/**
 * A job in Chromium at 375 px with touch, on both sides. The owner finds the accepted quote's job on
 * the desk, moves its dates with a reason, is refused 'Mark started' without a permit and starts it
 * with one, adds a progress photo, and writes a $250 change order; the homeowner sees the photo,
 * signs the change on their job's page and reads the new total; the owner completes the job and
 * the homeowner's page shows the warranty. Both pages pass axe and fit the screen.
 */
import { openMigratedDatabase, type DatabaseHandle } from "../../app/infra/db.server";
import { sendQuote } from "../../app/quotes/send-quote.server";
import { acceptContract } from "../../app/server/contract.server";
import { addDays } from "../../app/time/business-time";
import { axeViolations } from "../support/axe";
import { jpegWithGps } from "../support/images";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { enterContractFacts, FACTS } from "../support/quotes";
import { linkIn, twelveHundredQuote } from "../support/jobs";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };

test.describe("a job, at 375 px", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startBuiltServer({ LEADS_TO: "owner@causeway.test" });
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("the owner runs the job and the homeowner signs a change and reads the warranty", async ({ browser }) => {
    test.setTimeout(120_000);
    const { db } = handle;
    const now = new Date();
    await enterContractFacts(db, now);
    const leadId = await insertLead(db, { name: "Dana Job", email: "dana.job@example.com" });
    const content = twelveHundredQuote(now);
    const context = { siteUrl: server.origin, leadsTo: "owner@causeway.test" };
    expect(await sendQuote(db, leadId, content, { email: "pat@causeway.test", client: null }, context, now)).toEqual({
      ok: true,
      version: 1,
    });
    const signer = { name: "Dana Job", consent: true, chosen: [], ip: null, userAgent: null };
    const quoteToken = await linkIn(db, "quote-sent", "quote");
    expect(await acceptContract(db, quoteToken, signer, new Set(), context, now)).toMatchObject({ accepted: true });

    const ownerContext = await browser.newContext(phone);
    const owner = await signedInOwner(db, server.origin);
    await ownerContext.addCookies([{ ...owner.browserCookie, url: server.origin }]);
    const desk = await ownerContext.newPage();
    await gotoHydrated(desk, `${server.origin}/owner/jobs`);
    await desk.getByRole("link", { name: /Remove the storm-damaged stairs/ }).tap();
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText(/Remove the storm-damaged stairs/);
    expect(await axeViolations(desk)).toEqual([]);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await desk.getByLabel("Start date", { exact: true }).fill(addDays(content.startDay, 7));
    await desk.getByLabel("Completion date", { exact: true }).fill(addDays(content.completionDay, 7));
    await desk.getByLabel("Why the dates changed").fill("The lumber yard delayed the stringers by a week.");
    await desk.getByRole("button", { name: "Save dates" }).tap();
    await expect(desk.getByText("Dates saved; the homeowner is emailed.")).toBeVisible();

    await desk.getByRole("button", { name: "Mark started" }).tap();
    await expect(desk.getByRole("alert")).toContainText("or tick 'No permit needed for this work'");
    await desk.getByLabel("Permit number").fill("BP-2027-0412");
    await desk.getByLabel("Issued by").fill("Long Beach Township");
    await desk.getByRole("button", { name: "Mark started" }).tap();
    await expect(desk.getByText("Marked started.")).toBeVisible();

    const photos = desk.getByRole("region", { name: /Photos for the homeowner/ });
    await photos.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "framing.jpg",
      mimeType: "image/jpeg",
      buffer: await jpegWithGps(1600, 1200),
    });
    await photos.getByLabel("Description").fill("New stringers bolted to the deck");
    await photos.getByRole("button", { name: "Add a photo for the homeowner" }).tap();
    await expect(desk.getByText("Photo added: the homeowner sees it on their job page.")).toBeVisible();
    await expect(desk.getByRole("img", { name: "New stringers bolted to the deck" })).toBeVisible();

    await desk.getByText("Write a change order").tap();
    const item = desk.getByRole("group", { name: "Item 1", exact: true });
    await item.getByLabel("Description").fill("Add a handrail on the left side");
    await item.getByLabel("Quantity").fill("1");
    await item.getByLabel("Unit", { exact: true }).fill("job");
    await item.getByLabel("Unit price ($)").fill("250");
    await desk.getByLabel("Reason").fill("A second handrail, asked for at the walk-through.");
    await desk.getByRole("button", { name: "Send change order" }).tap();
    await expect(desk.getByText("Change order 1 sent; the homeowner is emailed it to sign.")).toBeVisible();

    const homeContext = await browser.newContext(phone);
    const home = await homeContext.newPage();
    await gotoHydrated(home, `${server.origin}/job/${await linkIn(db, "change-order-sent", "job")}`);
    await expect(home.getByRole("heading", { name: "Change order 1" })).toBeVisible();
    await expect(home.getByText("Contract total with this change")).toBeVisible();
    const progress = home.getByRole("img", { name: "New stringers bolted to the deck" });
    await progress.scrollIntoViewIfNeeded();
    await expect(progress).toBeVisible();
    expect(await progress.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await axeViolations(home)).toEqual([]);
    expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await home.getByLabel("Type your full name to sign").fill("Dana Job");
    await home.getByLabel("I agree to sign and receive this change order electronically").check();
    await home.getByRole("button", { name: "Accept this change" }).tap();
    await expect(home.getByText("You signed change order 1.", { exact: false })).toBeVisible();
    await expect(home.getByRole("region", { name: "Your contract", exact: true }).getByText("$1,546.06")).toBeVisible();

    await desk.reload();
    await desk.screenshot({ path: "test-results/job-desk-375.png", fullPage: true });
    await desk.getByRole("button", { name: "Mark completed" }).tap();
    await expect(desk.getByText("Marked completed; the homeowner is emailed the written warranty.")).toBeVisible();

    await gotoHydrated(home, `${server.origin}/job/${quoteToken}`);
    await expect(home.getByText("Your job is complete.")).toBeVisible();
    await expect(home.getByRole("heading", { name: "Your warranty" })).toBeVisible();
    await expect(home.getByText(FACTS.warranty)).toBeVisible();
    await expect(home.getByText("It covers the work until", { exact: false })).toBeVisible();
    expect(await axeViolations(home)).toEqual([]);
    await home.screenshot({ path: "test-results/job-375.png", fullPage: true });
    await ownerContext.close();
    await homeContext.close();
  });
});
