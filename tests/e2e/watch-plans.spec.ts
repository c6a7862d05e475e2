/**
 * A home watch plan from end to end in Chromium, with the real SMTP server: the owner, on a phone
 * (375 × 800, touch), makes a plan from a home watch request, types its price, access notes and an
 * item of its own, and sends it; the homeowner, on a phone too, reads the plan, signs and accepts,
 * and sees the season's visits. Both pages pass axe and never scroll sideways.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { addDays, dayOf } from "~/time/business-time";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "../support/smtp";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };
const HOMEOWNER = "robin.watch@example.com";

test.describe("a home watch plan", () => {
  let smtp: TestSmtpServer;
  let server: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpServer();
    server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200", LEADS_TO: "owner@causeway.test" });
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
    await smtp?.stop();
  });

  test("is made on the owner's phone, sent, and signed on the homeowner's", async ({ browser }) => {
    test.setTimeout(150_000);
    const { db } = handle;
    const leadId = await insertLead(db, {
      name: "Robin Watch",
      email: HOMEOWNER,
      address: "8 Bay Avenue, Harvey Cedars, NJ 08008",
    });
    await db.updateTable("leads").set({ service: "home-watch" }).where("id", "=", leadId).execute();

    const ownerContext = await browser.newContext(phone);
    const signedIn = await signedInOwner(db, server.origin);
    await ownerContext.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const desk = await ownerContext.newPage();
    const fits = async (page: typeof desk) =>
      expect(await page.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);

    await gotoHydrated(desk, `${server.origin}/owner/watch`);
    await desk.getByRole("button", { name: "Make a plan for Robin Watch" }).tap();
    await expect(desk.getByRole("heading", { name: "Plan for Robin Watch", level: 1 })).toBeVisible();
    await expect(desk.getByLabel("Town")).toHaveValue("Harvey Cedars");
    await expect(desk.getByLabel("Inside")).toHaveValue(/Under sinks and toilets/);
    const start = addDays(dayOf(new Date()), 2);
    await desk.getByLabel("First day").fill(start);
    await desk.getByLabel("Last day").fill(addDays(start, 41));
    await desk.getByLabel("Every other week").check();
    await desk.getByLabel("Each visit ($)").fill("85");
    await desk.getByLabel("Each storm check ($)").fill("120");
    await desk.getByLabel("Lockbox, alarm code, shut-offs").fill("Lockbox 3190 on the porch rail");
    await desk.getByLabel("Outside").fill(`${await desk.getByLabel("Outside").inputValue()}\nOutdoor shower drained`);
    expect(await axeViolations(desk)).toEqual([]);
    await fits(desk);
    await desk.getByRole("button", { name: "Save and send to the homeowner" }).tap();
    await expect(desk.getByText(`Sent to ${HOMEOWNER}`)).toBeVisible();
    await expect(desk.getByText(/waiting for the homeowner to accept it/)).toBeVisible();

    const mail = await firstMailTo(smtp, HOMEOWNER, /Your home watch plan/);
    expect(mail.mail.text ?? "").not.toContain("3190");
    const link = /https?:\/\/\S+\/watch\/[\w-]{43}/.exec(mail.mail.text ?? "")?.[0] ?? "";
    const token = link.slice(link.lastIndexOf("/") + 1);

    const homeownerContext = await browser.newContext(phone);
    const plan = await homeownerContext.newPage();
    await gotoHydrated(plan, `${server.origin}/watch/${token}`);
    await expect(plan.getByRole("heading", { name: "Home watch plan", level: 1 })).toBeVisible();
    await expect(plan.getByText(/Outdoor shower drained/)).toBeVisible();
    await expect(plan.locator("body")).not.toContainText("3190");
    expect(await axeViolations(plan)).toEqual([]);
    await fits(plan);
    await plan.getByLabel("Type your full name to sign").fill("Robin Watch");
    await plan.getByLabel("I agree to sign and receive this home watch plan electronically").check();
    await plan.getByRole("button", { name: "Accept this plan" }).tap();
    await expect(plan.getByText("Thank you: your house is on our list.")).toBeVisible();
    await expect(plan.getByRole("heading", { name: "Visits" })).toBeVisible();
    // Six weeks, every other week: three visits.
    await expect(plan.getByRole("region", { name: "Visits" }).getByRole("listitem")).toHaveCount(3);
    expect(await axeViolations(plan)).toEqual([]);
    await fits(plan);

    await desk.reload();
    await expect(desk.getByText(/Accepted by Robin Watch/)).toBeVisible();
    await expect(desk.getByRole("heading", { name: "Visits (3)" })).toBeVisible();
    await ownerContext.close();
    await homeownerContext.close();
  });
});
