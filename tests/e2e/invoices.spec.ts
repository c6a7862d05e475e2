/**
 * Getting paid in Chromium at 375 px with touch, on both sides. The owner sets the ways to pay with
 * a 'Pay online' link, sends the deposit's invoice from the job's page, sees the final payment's
 * button wait for completion with its reason, and records the homeowner's check; the homeowner's
 * job page lists the invoice as Paid with its PDF, the balance, and 'Pay online' for what is still
 * due. Both pages pass axe and fit the screen.
 */
import { openMigratedDatabase, type DatabaseHandle } from "../../app/infra/db.server";
import { sendQuote } from "../../app/quotes/send-quote.server";
import { dayOf } from "../../app/time/business-time";
import { acceptContract } from "../../app/server/contract.server";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { linkIn, twelveHundredQuote } from "../support/jobs";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { enterContractFacts } from "../support/quotes";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };
const PAY_ONLINE = "https://pay.example-processor.com/causeway/invoice";

test.describe("getting paid, at 375 px", () => {
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

  test("the owner invoices the deposit and records the check; the homeowner sees it paid and the balance", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { db } = handle;
    const now = new Date();
    await enterContractFacts(db, now);
    const leadId = await insertLead(db, { name: "Dana Paid", email: "dana.paid@example.com" });
    const context = { siteUrl: server.origin, leadsTo: "owner@causeway.test" };
    const owner = { email: "pat@causeway.test", client: null };
    expect(await sendQuote(db, leadId, twelveHundredQuote(now), owner, context, now)).toEqual({ ok: true, version: 1 });
    const signer = { name: "Dana Paid", consent: true, chosen: [], ip: null, userAgent: null };
    const quoteToken = await linkIn(db, "quote-sent", "quote");
    expect(await acceptContract(db, quoteToken, signer, new Set(), context, now)).toMatchObject({ accepted: true });
    const job = await db.selectFrom("jobs").select("id").executeTakeFirstOrThrow();

    const ownerContext = await browser.newContext(phone);
    const signedIn = await signedInOwner(db, server.origin);
    await ownerContext.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const desk = await ownerContext.newPage();

    // Ways to pay, with a link refused until it is https.
    await gotoHydrated(desk, `${server.origin}/owner/site`);
    const ways = desk.getByRole("region", { name: "Ways to pay" });
    await ways.getByLabel("Checks payable to").fill("Causeway Home Repair & Renovation LLC");
    await ways.getByLabel("Pay online address (optional)").fill("http://pay.example-processor.com/x");
    await ways.getByRole("button", { name: "Save ways to pay" }).tap();
    await expect(desk.getByText("The address must start with https://", { exact: false })).toBeVisible();
    await desk
      .getByRole("region", { name: "Ways to pay" })
      .getByLabel("Pay online address (optional)")
      .fill(PAY_ONLINE);
    await desk.getByRole("region", { name: "Ways to pay" }).getByRole("button", { name: "Save ways to pay" }).tap();
    await expect(desk.getByText("Ways to pay saved: the next invoice states them.")).toBeVisible();

    await gotoHydrated(desk, `${server.origin}/owner/jobs/${job.id}`);
    const money = desk.getByRole("region", { name: "Money" });
    await expect(money.getByText("Deposit (30%)")).toBeVisible();
    // The final payment's button waits for completion, and says why.
    const waiting = money.getByRole("button", { name: "Send invoice", disabled: true });
    await expect(waiting).toHaveAccessibleDescription(/mark the job completed first/);
    expect(await axeViolations(desk)).toEqual([]);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await money.getByRole("button", { name: "Send invoice", disabled: false }).first().tap();
    // Numbered by New Jersey's year, which on December 31's evening is not yet UTC's.
    const year = dayOf(now).slice(0, 4);
    await expect(desk.getByText(`Invoice ${year}-0001 sent; the homeowner is emailed its PDF.`)).toBeVisible();

    await money.getByText("Record a payment").tap();
    await money.getByLabel("Amount ($)").fill("383.85");
    await money.getByLabel("Method").selectOption("check");
    await money.getByLabel("Reference").fill("1043");
    await money.getByRole("button", { name: "Record payment" }).tap();
    await expect(desk.getByText("Payment of $383.85 recorded; the homeowner is emailed a receipt.")).toBeVisible();
    await expect(desk.getByRole("region", { name: "Money" }).getByText("$895.65").first()).toBeVisible();
    expect(await axeViolations(desk)).toEqual([]);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await desk.screenshot({ path: "test-results/money-desk-375.png", fullPage: true });

    // The milestone's invoice, so something is still due, then the homeowner's side.
    await desk
      .getByRole("region", { name: "Money" })
      .getByRole("button", { name: "Send invoice", disabled: false })
      .first()
      .tap();
    await expect(desk.getByText(`Invoice ${year}-0002 sent; the homeowner is emailed its PDF.`)).toBeVisible();

    const homeContext = await browser.newContext(phone);
    const home = await homeContext.newPage();
    await gotoHydrated(home, `${server.origin}/job/${await linkIn(db, "invoice-sent", "job")}`);
    const paid = home.getByRole("region", { name: "Invoices and payments" });
    await paid.scrollIntoViewIfNeeded();
    await expect(paid.getByText(`Invoice ${year}-0001`, { exact: true })).toBeVisible();
    await expect(paid.getByText("Paid", { exact: true }).last()).toBeVisible();
    await expect(paid.getByText("Due", { exact: true })).toBeVisible();
    await expect(paid.getByText("$895.65")).toBeVisible();
    await expect(paid.getByRole("link", { name: `Invoice ${year}-0001 (PDF)` })).toHaveAttribute(
      "href",
      /\/documents\//,
    );
    await expect(paid.getByRole("link", { name: "Pay online" })).toHaveAttribute("href", PAY_ONLINE);
    await expect(paid.getByRole("link", { name: "Receipt (PDF)" })).toBeVisible();
    expect(await axeViolations(home)).toEqual([]);
    expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await home.screenshot({ path: "test-results/money-375.png", fullPage: true });
    await ownerContext.close();
    await homeContext.close();
  });
});
