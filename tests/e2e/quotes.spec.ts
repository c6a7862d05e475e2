/**
 * A written quote from end to end in Chromium, with the real SMTP server: the owner's first send
 * is refused and names what is missing, the second goes out with the PDF; the homeowner, on a
 * phone-sized screen, ticks an optional item, watches the total follow, signs and accepts; both
 * sides get the signed PDF. The page passes axe, and a screenshot at 375 px is kept for review.
 */
import { openMigratedDatabase, type DatabaseHandle } from "../../app/infra/db.server";
import { expect, test } from "../support/e2e";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { certificatePdf } from "../support/quotes";
import { firstMailTo, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";
import { addDays, dayOf } from "../../app/time/business-time";
import { axeViolations } from "../support/axe";

const HOMEOWNER = "dana.quote@example.com";

test.describe("a written quote", () => {
  test.describe.configure({ mode: "serial" });
  let smtp: TestSmtpServer;
  let server: BuiltServer;
  let handle: DatabaseHandle;

  const mailTo = (to: string, subject: RegExp): Promise<ReceivedMail> => firstMailTo(smtp, to, subject);

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

  test("refused while incomplete, sent, then ticked, signed and accepted on a phone", async ({
    page,
    browser,
    expectConsoleErrors,
  }) => {
    // The refused send answers 400, which the browser reports.
    expectConsoleErrors(/status of 400/);
    test.setTimeout(120_000);
    const { db } = handle;
    const leadId = await insertLead(db, { name: "Dana Quote", email: HOMEOWNER });
    const owner = await signedInOwner(db, server.origin);
    await page.context().addCookies([{ ...owner.browserCookie, url: server.origin }]);

    // The contract facts, entered on the Site page: payment terms that leave nothing for completion are refused.
    await gotoHydrated(page, `${server.origin}/owner/site`);
    const facts = page.getByRole("region", { name: "Contract facts" });
    await facts.getByLabel("Insurer's name").fill("Barnegat Mutual Insurance");
    await facts.getByLabel("Insurer's telephone number").fill("(609) 555-0190");
    await facts.getByLabel("Certificate of liability insurance (PDF)").setInputFiles({
      name: "certificate.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await certificatePdf()),
    });
    await facts.getByLabel("Division of Consumer Affairs' telephone number").fill("(973) 504-6200");
    await facts.getByLabel("Warranty").fill("Two years on workmanship.");
    await facts.getByLabel("Deposit (% of the total)").fill("40");
    await facts.getByLabel("Payment milestones").fill("60 when the framing is inspected");
    await facts.getByRole("button", { name: "Save contract facts" }).click();
    await expect(page.getByLabel("Payment milestones")).toHaveAccessibleDescription(/must leave a final payment/);
    await page.getByLabel("Payment milestones").fill("30 when the framing is inspected");
    await page.getByLabel("Certificate of liability insurance (PDF)").setInputFiles({
      name: "certificate.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(await certificatePdf()),
    });
    await page.getByRole("button", { name: "Save contract facts" }).click();
    await expect(page.getByText("Contract facts saved.")).toBeVisible();
    await expect(page.getByText("On file: certificate.pdf.", { exact: false })).toBeVisible();

    await gotoHydrated(page, `${server.origin}/owner/leads/${leadId}`);
    await page.getByRole("link", { name: "Write a quote" }).click();
    await expect(page.getByRole("heading", { name: "Quote for Dana Quote" })).toBeVisible();
    const item = (n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });
    await item(1).getByLabel("Description").fill("Rebuild deck stairs");
    await item(1).getByLabel("Quantity").fill("1");
    await item(1).getByLabel("Unit", { exact: true }).fill("job");
    await item(1).getByLabel("Unit price ($)").fill("1200");
    await item(2).getByLabel("Description").fill("Composite stair treads");
    await item(2).getByLabel("Quantity").fill("1");
    await item(2).getByLabel("Unit price ($)").fill("350.55");
    await item(2).getByLabel("Optional (the homeowner may tick it)").check();
    await page.getByLabel("Sales tax (%)").fill("6.625");
    await page.getByLabel("The work").fill("Remove the storm-damaged stairs and build new ones to code.");
    await page.getByLabel("Start date").fill(addDays(dayOf(new Date()), 14));
    await page.getByLabel("Completion date").fill(addDays(dayOf(new Date()), 21));
    await page.getByLabel("Valid until").fill(addDays(dayOf(new Date()), 30));
    await page.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByTestId("missing")).toHaveText("Principal products and materials");
    expect(smtp.received.filter((m) => m.rcptTo.includes(HOMEOWNER))).toEqual([]);

    await page.getByLabel("Principal products and materials").fill("Pressure-treated pine; galvanized hardware.");
    await page.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText("Quote version 1 sent; the lead is now Quoted.")).toBeVisible();
    const sent = await mailTo(HOMEOWNER, /Your quote from/);
    expect(sent.mail.attachments.map((a) => a.filename)).toEqual(["quote-v1.pdf"]);
    const link = /https?:\/\/[^\s]+\/quote\/[\w-]{43}/.exec(sent.mail.text ?? "")?.[0] ?? "";
    const path = new URL(link).pathname;

    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const phone = await phoneContext.newPage();
    await gotoHydrated(phone, `${server.origin}${path}`);
    await expect(phone.getByTestId("total")).toHaveText("$1,279.50");
    await phone.getByRole("checkbox", { name: /Composite stair treads/ }).check();
    await expect(phone.getByTestId("total")).toHaveText("$1,653.27");
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(await axeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: "test-results/quote-375.png", fullPage: true });

    await phone.getByLabel("Type your full name to sign").fill("Dana Q. Quote");
    await phone.getByLabel("I agree to sign and receive this contract electronically").check();
    await phone.getByRole("button", { name: "Accept this quote" }).click();
    await expect(phone.getByText("Thank you: you accepted this quote.")).toBeVisible();
    await expect(phone.getByRole("button", { name: "Cancel this contract" })).toBeVisible();
    const signed = await mailTo(HOMEOWNER, /signed contract/);
    expect(signed.mail.attachments.map((a) => a.filename)).toEqual(["quote-v1-accepted.pdf", "quote-v1-signed.pdf"]);
    await mailTo("pat@causeway.test", /Quote accepted/);
    const lead = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead.status).toBe("won");
    await phoneContext.close();

    // The owner finds the contract's documents on the desk and downloads the signed copy.
    await gotoHydrated(page, `${server.origin}/owner/leads/${leadId}/quote`);
    const documents = page.getByRole("list", { name: "Documents of version 1" }).getByRole("link");
    await expect(documents).toHaveText([
      /^The quote as sent \(quote-v1\.pdf, \d+ KB\)$/,
      /^The accepted contract \(quote-v1-accepted\.pdf, \d+ KB\)$/,
      /^The signed copy with its acceptance record \(quote-v1-signed\.pdf, \d+ KB\)$/,
    ]);
    const download = page.waitForEvent("download");
    await documents.nth(2).click();
    expect((await download).suggestedFilename()).toBe("quote-v1-signed.pdf");
    const answer = await page.request.get(`${server.origin}${(await documents.nth(2).getAttribute("href")) ?? ""}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    expect(answer.headers()["content-disposition"]).toContain("filename*=UTF-8''quote-v1-signed.pdf");
    expect(Buffer.from(await answer.body()).equals(signed.mail.attachments[1]?.content ?? Buffer.alloc(0))).toBe(true);
  });
});
