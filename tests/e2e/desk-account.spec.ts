/**
 * The desk's sign-in form and Account page in Chromium, against the built server with a real SMTP
 * server: the Enter key does what its field says, with and without JavaScript; an owner adds
 * another device from a setup link's QR code (read back from the screen), invites an owner and
 * removes them, all without the server's command line; a sign-in older than 10 minutes must be
 * confirmed before any of it, or before signing out everywhere; a setup link's button pressed
 * before the page's script runs leaves the link working; and "Add passkey" pressed before it runs
 * says the script is needed, and adds the passkey with it.
 */
import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { timestamp } from "~/infra/schema.server";
import { addOwner, issueSetupLink, ownerOfSetupToken } from "~/owner/owners.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { addAuthenticator } from "../support/virtual-authenticator";
import { mailsSince, mailsTo, startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { signedInOwner } from "../support/owner";
import { axeViolations } from "../support/axe";

const PAT = "pat@causeway.test";

test.describe("the desk's sign-in and account", () => {
  test.describe.configure({ mode: "serial" });
  let smtp: TestSmtpServer;
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let origin: string;

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200" });
    // WebAuthn refuses an IP address as the relying party: the desk is opened at localhost.
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    const added = await addOwner(handle.db, PAT);
    if (!added.added) throw new Error("owner not added");
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
    await smtp?.stop();
  });
  test.beforeEach(() => smtp.clear());

  /** Each test is its own client (the proxy on loopback names it), so code budgets do not carry over. */
  function asClient(context: BrowserContext, n: number) {
    return context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${n}` });
  }

  async function signedInAsPat(context: BrowserContext) {
    const { browserCookie } = await signedInOwner(handle.db, origin, { email: PAT });
    await context.addCookies([{ ...browserCookie, url: origin }]);
  }

  /** The code of the test's `mailNumber`-th sign-in code to Pat, waited for by name. */
  async function codeIn(mailNumber: number): Promise<string> {
    const mails = await mailsTo(smtp, PAT, /sign-in code/, mailNumber);
    return /\b(\d{6})\b/.exec(mails[mailNumber - 1]?.mail.subject ?? "")?.[1] ?? "";
  }

  async function enterSignsIn(page: Page) {
    await page.getByLabel("Email").fill(PAT);
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByRole("status")).toContainText(`If ${PAT} belongs to an owner, a code is on its way.`);
    const code = await codeIn(1);
    await page.getByLabel("Sign-in code").fill(code);
    await page.getByLabel("Sign-in code").press("Enter");
    await expect(page).toHaveURL(`${origin}/owner`);
    await expect(page.getByRole("heading", { name: /^Leads/ })).toBeVisible();
    // Enter signed in; it did not ask for another code.
    expect(await mailsSince(smtp, 0, /sign-in code/)).toHaveLength(1);
  }

  test("Enter in 'Sign-in code' signs in and Enter in 'Email' asks for a code, with JavaScript", async ({
    page,
    context,
  }) => {
    await asClient(context, 1);
    await gotoHydrated(page, `${origin}/owner/sign-in`);
    await enterSignsIn(page);
  });

  test("Enter does the same without JavaScript", async ({ browser }: { browser: Browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await asClient(context, 2);
      const page = await context.newPage();
      await page.goto(`${origin}/owner/sign-in`);
      await enterSignsIn(page);
    } finally {
      await context.close();
    }
  });

  test("adds another device from the setup link's QR code, and emails the owner the new passkey's name", async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(60_000);
    await asClient(context, 3);
    await signedInAsPat(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${origin}/owner/account`);
    await expect(page.getByText(/npm run owner/)).toHaveCount(0);
    await page.getByRole("button", { name: "Make a setup link" }).click();
    const shown = page.getByTestId("setup-link");
    await expect(shown).toContainText("Works once, until");
    const url = (await shown.getByRole("link").textContent()) ?? "";
    expect(url).toMatch(new RegExp(`^${origin}/owner/setup\\?token=[\\w-]{40,}$`));
    // What the other device's camera would read off this screen.
    const png = await page.getByRole("img", { name: /QR code of the setup link/ }).screenshot();
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
    expect(await axeViolations(page)).toEqual([]);
    const announced = await smtp.waitFor(1);
    expect(announced[0]?.mail.subject).toBe(`A setup link for another device of ${PAT}`);

    // The laptop: a browser of its own, opening the link.
    const laptop = await browser.newContext();
    try {
      const laptopPage = await laptop.newPage();
      await addAuthenticator(laptop, laptopPage);
      await gotoHydrated(laptopPage, url);
      await laptopPage.getByLabel("Name for this device").fill("Pat's laptop");
      await laptopPage.getByRole("button", { name: "Create a passkey on this device" }).click();
      await expect(laptopPage).toHaveURL(`${origin}/owner`);
    } finally {
      await laptop.close();
    }
    const mails = await smtp.waitFor(2);
    const added = mails.find((m) => m.mail.subject === "A passkey was added to your desk account: Pat's laptop");
    expect(added?.rcptTo).toEqual([PAT]);
    expect(added?.mail.text).toContain(`press Remove next to "Pat's laptop" under Your passkeys`);
    await page.reload();
    await expect(page.getByRole("region", { name: "Your passkeys" })).toContainText("Pat's laptop");
    // The link worked once.
    const again = await page.request.get(url);
    expect(await again.text()).toContain("This setup link does not work");
  });

  test("invites an owner by email, who sets up a passkey from the link; removing them signs them out", async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(60_000);
    await asClient(context, 4);
    await signedInAsPat(context);
    await gotoHydrated(page, `${origin}/owner/account`);
    await page.getByLabel("Invite an owner by email").fill("sam@causeway.test");
    await page.getByRole("button", { name: "Invite an owner" }).click();
    await expect(page.getByRole("status")).toContainText("sam@causeway.test is now an owner.");
    const owners = page.getByRole("list", { name: "Owners" });
    await expect(owners).toContainText("sam@causeway.test");
    await expect(owners).toContainText(`${PAT} (you)`);
    await expect(page.getByRole("button", { name: `Remove owner ${PAT}` })).toHaveCount(0);

    const mails = await smtp.waitFor(3);
    const invitation = mails.find(
      (m) => m.rcptTo.includes("sam@causeway.test") && /invited/.test(m.mail.subject ?? ""),
    );
    const link = /(http:\/\/localhost:\d+\/owner\/setup\?token=[\w-]+)/.exec(invitation?.mail.text ?? "")?.[1] ?? "";
    expect(link).not.toBe("");
    const samsPhone = await browser.newContext();
    try {
      const samPage = await samsPhone.newPage();
      await addAuthenticator(samsPhone, samPage);
      await gotoHydrated(samPage, link);
      await expect(samPage.getByText("sam@causeway.test")).toBeVisible();
      await samPage.getByRole("button", { name: "Create a passkey on this device" }).click();
      await expect(samPage).toHaveURL(`${origin}/owner`);

      await page.reload();
      await expect(owners.getByRole("listitem").filter({ hasText: "sam@causeway.test" })).toContainText("1 passkey");
      await page.getByRole("button", { name: "Remove owner sam@causeway.test" }).click();
      await expect(page.getByRole("status")).toContainText("sam@causeway.test is no longer an owner.");
      await expect(owners).not.toContainText("sam@causeway.test");
      await samPage.goto(`${origin}/owner`);
      await expect(samPage).toHaveURL(/\/owner\/sign-in/);
    } finally {
      await samsPhone.close();
    }
  });

  test("asks a sign-in older than 10 minutes to confirm it's the owner before adding anything or signing out everywhere", async ({
    page,
    context,
  }) => {
    await asClient(context, 5);
    await signedInAsPat(context);
    await handle.db
      .updateTable("owner_sessions")
      .set({ authenticated_at: timestamp(new Date(Date.now() - 11 * 60_000)) })
      .execute();
    await gotoHydrated(page, `${origin}/owner/account`);
    for (const hidden of [
      "Add passkey",
      "Make a setup link",
      "Notify me on this device",
      "Invite an owner",
      "Sign out everywhere",
    ])
      await expect(page.getByRole("button", { name: hidden, exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Confirm it's you" })).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Signed in elsewhere?" })).toContainText(
      "Signing out everywhere needs a sign-in within the last 10 minutes.",
    );
    await page.getByRole("link", { name: "Confirm it's you" }).first().click();
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await expect(page).toHaveURL(`${origin}/owner/sign-in?next=%2Fowner%2Faccount&again=1`);
  });

  test("a setup link's button pressed without JavaScript makes nothing and spends nothing; the same link then works", async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    const robin = "robin@causeway.test";
    const added = await addOwner(handle.db, robin);
    if (!added.added) throw new Error("owner not added");
    const { url } = await issueSetupLink(handle.db, added.owner, origin);
    const token = new URL(url).searchParams.get("token") ?? "";

    // A slow phone whose script has not arrived behaves as one with JavaScript off.
    const slowPhone = await browser.newContext({ javaScriptEnabled: false });
    try {
      await asClient(slowPhone, 6);
      const page = await slowPhone.newPage();
      await page.goto(url);
      await page.getByLabel("Name for this device").fill("Robin's phone");
      await page.getByRole("button", { name: "Create a passkey on this device" }).click();
      await expect(page.getByRole("alert")).toContainText("No passkey was made");
      await expect(page.getByRole("alert")).toContainText("This link still works.");
      await expect(page.getByRole("heading", { name: "Set up a passkey" })).toBeVisible();
      await expect(page.getByText("This setup link does not work")).toHaveCount(0);
      expect(page.url()).toBe(url);
      await expect(page.getByLabel("Name for this device")).toHaveValue("Robin's phone");
    } finally {
      await slowPhone.close();
    }
    expect((await ownerOfSetupToken(handle.db, token))?.email).toBe(robin);

    const phone = await browser.newContext();
    try {
      await asClient(phone, 7);
      const page = await phone.newPage();
      await addAuthenticator(phone, page);
      await gotoHydrated(page, url);
      await page.getByRole("button", { name: "Create a passkey on this device" }).click();
      await expect(page).toHaveURL(`${origin}/owner`);
      await expect(page.getByRole("heading", { name: /^Leads/ })).toBeVisible();
    } finally {
      await phone.close();
    }
    expect(await ownerOfSetupToken(handle.db, token)).toBeUndefined();
  });

  test("Add passkey pressed without JavaScript adds nothing and says why, on the Account page; with it, the passkey is added", async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    const passkeys = async () => (await handle.db.selectFrom("owner_passkeys").select("id").execute()).length;
    const before = await passkeys();
    // A slow phone whose script has not arrived behaves as one with JavaScript off.
    const slowPhone = await browser.newContext({ javaScriptEnabled: false });
    try {
      await asClient(slowPhone, 8);
      await signedInAsPat(slowPhone);
      const page = await slowPhone.newPage();
      await page.goto(`${origin}/owner/account`);
      await page.getByLabel("Name for this device").fill("Pat's tablet");
      await page.getByRole("button", { name: "Add passkey", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText("No passkey was added: the page had not finished loading");
      await expect(page).toHaveURL(`${origin}/owner/account`);
      await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
      await expect(page.getByLabel("Name for this device")).toHaveValue("Pat's tablet");
      // Read once: the page shown again says nothing.
      await page.reload();
      await expect(page.getByRole("alert")).toHaveCount(0);
    } finally {
      await slowPhone.close();
    }
    expect(await passkeys()).toBe(before);

    const tablet = await browser.newContext();
    try {
      await asClient(tablet, 9);
      await signedInAsPat(tablet);
      const page = await tablet.newPage();
      await addAuthenticator(tablet, page);
      await gotoHydrated(page, `${origin}/owner/account`);
      await page.getByLabel("Name for this device").fill("Pat's tablet");
      await page.getByRole("button", { name: "Add passkey", exact: true }).click();
      await expect(page).toHaveURL(`${origin}/owner/account?added=1`);
      await expect(page.getByRole("status")).toContainText("Passkey added on this device.");
      await expect(page.getByRole("alert")).toHaveCount(0);
    } finally {
      await tablet.close();
    }
    expect(await passkeys()).toBe(before + 1);
  });
});
