/**
 * The owner's lead desk in Chromium, on SQLite and PostgreSQL: an owner added with `npm run owner`
 * registers a passkey (a CDP virtual authenticator plays the phone), works a lead sent from the
 * public form, signs out and back in; the emailed code signs in through the real SMTP server and
 * locks after 5 wrong tries; and axe finds nothing at phone and desktop widths.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";
import sharp from "sharp";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { createTestDatabase, startPostgres, type PostgresCluster } from "../support/postgres";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { gotoHydrated } from "../support/hydration";
import { addAuthenticator } from "../support/virtual-authenticator";
import { axeViolations } from "../support/axe";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), "desk-photos-"));
const photo = (name: string) => path.join(photosDir, name);

test.beforeAll(async () => {
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7ca5" } })
    .jpeg()
    .toFile(photo("deck.jpg"));
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#e9d8b4" } })
    .png()
    .toFile(photo("stairs.png"));
});

async function owner(server: BuiltServer, databaseUrl: string | undefined, ...args: string[]): Promise<string> {
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/owner.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: "silent",
    },
  });
  return stdout;
}

/**
 * The code in the `nth` sign-in email to `address`. Adding an owner also emails every owner, at a
 * moment of the mail worker's choosing, so codes are picked out by subject and recipient.
 */
async function codeFor(smtp: TestSmtpServer, address: string, nth = 1): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const codes = smtp.received.filter((m) => m.rcptTo.includes(address) && /sign-in code/.test(m.mail.subject ?? ""));
    const code = /\b(\d{6})\b/.exec(codes[nth - 1]?.mail.subject ?? "")?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code ${nth} for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function axe(page: Page) {
  return axeViolations(page);
}

/** Horizontal scroll at this width means something is cut off or needs two hands. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

for (const backend of ["sqlite", "postgres"] as const) {
  test.describe(`the desk on ${backend}`, () => {
    test.describe.configure({ mode: "serial" });
    let smtp: TestSmtpServer;
    let server: BuiltServer;
    let cluster: PostgresCluster | undefined;
    let databaseUrl: string | undefined;
    let origin: string;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      smtp = await startSmtpServer();
      if (backend === "postgres") {
        cluster = await startPostgres();
        databaseUrl = await createTestDatabase(cluster.url);
      }
      server = await startBuiltServer({
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: "200",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      // WebAuthn refuses an IP address as the relying party: the desk is opened at localhost.
      origin = server.origin.replace("127.0.0.1", "localhost");
    });
    test.afterAll(async () => {
      await server?.stop();
      await smtp?.stop();
      await cluster?.stop();
    });

    test("an owner registers a passkey, works a new lead, signs out and back in", async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 375, height: 800 });
      await addAuthenticator(context, page);
      const printed = await owner(server, databaseUrl, "add", "pat@causeway.test", "--origin", origin);
      const link = /(http:\/\/localhost:\d+\/owner\/setup\?token=[\w-]+)/.exec(printed)?.[1];
      expect(link, printed).toBeTruthy();

      await gotoHydrated(page, link ?? "");
      await page.getByLabel("Name for this device").fill("Pat's phone");
      await page.getByRole("button", { name: "Create a passkey on this device" }).click();
      await expect(page).toHaveURL(`${origin}/owner`);
      await expect(page.getByRole("heading", { name: /^Leads/ })).toBeVisible();

      // A visitor sends a request with two photos from a service page's form.
      const visitor = await context.newPage();
      await gotoHydrated(visitor, `${origin}/estimate`);
      const form = visitor.locator("main form");
      await form.getByLabel("Name").fill("Dana Visitor");
      await form.getByLabel("Email").fill("dana@example.com");
      await form.getByLabel("Phone").fill("(609) 555-0117");
      await form.getByLabel("Project address").fill("12 Dune Lane, Surf City, NJ");
      await form
        .getByLabel("Project description")
        .fill("Rebuild the back deck stairs; two treads split over the winter.");
      await form.getByLabel("Photos (optional)").setInputFiles([photo("deck.jpg"), photo("stairs.png")]);
      await form.getByRole("button", { name: "Send My Estimate Request" }).click();
      await expect(visitor.getByText("Estimate Request Submitted Successfully!")).toBeVisible();
      await visitor.close();

      await page.reload();
      await expect(page).toHaveTitle(/^\(1 new\) Leads/);
      const first = page.getByRole("list", { name: "Leads, newest first" }).getByRole("listitem").first();
      await expect(first).toContainText("Dana Visitor");
      await expect(first).toContainText("Surf City");
      await expect(first).toContainText("2 photos");
      await expect(first.getByTestId("waiting")).toHaveText(/^Waiting \d+ (min|h)/);
      await expectNoSidewaysScroll(page);

      await first.getByRole("link").click();
      await expect(page.getByRole("heading", { name: "Dana Visitor" })).toBeVisible();
      await expect(page.getByTestId("source")).toHaveText("/estimate");
      await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+16095550117");
      await expect(page.getByRole("link", { name: "Text" })).toHaveAttribute("href", "sms:+16095550117");
      await expect(page.getByRole("link", { name: "Email" })).toHaveAttribute(
        "href",
        /^mailto:dana@example\.com\?subject=/,
      );
      await expectNoSidewaysScroll(page);
      // Every control is big enough for a thumb.
      const small = await page
        .locator("main a, main button, main select, main input, main textarea, header a, header button")
        .evaluateAll((els) =>
          els
            .filter(
              (el) =>
                el.getBoundingClientRect().height > 0 &&
                el.getBoundingClientRect().height < 44 &&
                !(el instanceof HTMLInputElement && ["checkbox", "radio", "hidden"].includes(el.type)),
            )
            .map((el) => el.outerHTML.slice(0, 80)),
        );
      expect(small).toEqual([]);

      await page.getByRole("link", { name: /^Photo 1:/ }).click();
      const full = page.getByRole("dialog").getByRole("img");
      await expect(full).toBeVisible();
      expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      await page.getByRole("button", { name: "Close photo" }).click();

      await page.getByLabel("Status").selectOption({ label: "Contacted" });
      await page.getByRole("button", { name: "Save status" }).click();
      await expect(page.getByRole("status")).toHaveText("Status saved.");
      await page.getByLabel("Add a note").fill("Called, visiting Thursday at 10.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByRole("region", { name: "Notes" })).toContainText("Called, visiting Thursday at 10.");
      const history = page.getByRole("region", { name: "History" });
      await expect(history).toContainText("Status: New → Contacted, by pat@causeway.test");
      await expect(history).toContainText("Added a note, by pat@causeway.test");

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(`${origin}/owner/sign-in`);
      await page.goto(`${origin}/owner`);
      await expect(page).toHaveURL(`${origin}/owner/sign-in`);
      await gotoHydrated(page, `${origin}/owner/sign-in`);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(`${origin}/owner`);
      await expect(page.getByRole("list", { name: "Leads, newest first" })).toContainText("Dana Visitor");

      await page.goto(`${origin}/owner/account`);
      await expect(page.getByRole("list").filter({ hasText: "Pat's phone" })).toContainText(/Added \w+ \d+, \d{4}/);
      await expect(page.getByRole("button", { name: /Remove passkey/ })).toHaveCount(0);
    });

    test("the emailed code signs in; 5 wrong codes lock the address; a stranger gets no mail", async ({
      page,
      expectConsoleErrors,
    }) => {
      // Each wrong code is answered 400 and the locked address 429, which the browser reports.
      expectConsoleErrors(/status of 400/, /status of 429/);
      test.setTimeout(60_000);
      await owner(server, databaseUrl, "add", "sam@causeway.test");
      smtp.clear();
      await gotoHydrated(page, `${origin}/owner/sign-in`);
      await page.getByLabel("Email").fill("stranger@example.com");
      await page.getByRole("button", { name: "Email me a sign-in code" }).click();
      await expect(page.getByRole("status")).toContainText(
        "If stranger@example.com belongs to an owner, a code is on its way.",
      );

      await page.getByLabel("Email").fill("sam@causeway.test");
      await page.getByRole("button", { name: "Email me a sign-in code" }).click();
      await expect(page.getByRole("status")).toContainText(
        "If sam@causeway.test belongs to an owner, a code is on its way.",
      );
      const code = await codeFor(smtp, "sam@causeway.test");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received.filter((m) => m.rcptTo.includes("stranger@example.com"))).toEqual([]);

      const wrong = code === "000000" ? "111111" : "000000";
      for (let n = 0; n < 5; n++) {
        await page.getByLabel("Sign-in code").fill(wrong);
        await page.getByRole("button", { name: "Sign in with the code" }).click();
        await expect(page.getByRole("alert")).toContainText(n < 4 ? "That code is not right" : "Too many wrong codes");
      }
      await page.getByLabel("Sign-in code").fill(code);
      await page.getByRole("button", { name: "Sign in with the code" }).click();
      await expect(page.getByRole("alert")).toContainText("Too many wrong codes");
      await expect(page).toHaveURL(/\/owner\/sign-in/);

      // Another owner's address is not locked by Sam's mistakes.
      await owner(server, databaseUrl, "add", "lee@causeway.test");
      await page.getByLabel("Email").fill("lee@causeway.test");
      await page.getByRole("button", { name: "Email me a sign-in code" }).click();
      await page.getByLabel("Sign-in code").fill(await codeFor(smtp, "lee@causeway.test"));
      await page.getByRole("button", { name: "Sign in with the code" }).click();
      await expect(page).toHaveURL(`${origin}/owner`);
    });

    if (backend === "sqlite")
      test("the list, a lead, sign-in and account have no WCAG A/AA violations at 375 and 1280 px", async ({
        page,
      }) => {
        test.setTimeout(90_000);
        await owner(server, databaseUrl, "add", "axe@causeway.test");
        smtp.clear();
        await gotoHydrated(page, `${origin}/owner/sign-in`);
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await axe(page), `sign-in at ${width}`).toEqual([]);
        }
        await page.getByLabel("Email").fill("axe@causeway.test");
        await page.getByRole("button", { name: "Email me a sign-in code" }).click();
        await page.getByLabel("Sign-in code").fill(await codeFor(smtp, "axe@causeway.test"));
        await page.getByRole("button", { name: "Sign in with the code" }).click();
        await expect(page).toHaveURL(`${origin}/owner`);
        const leadHref = await page
          .getByRole("list", { name: "Leads, newest first" })
          .getByRole("link")
          .first()
          .getAttribute("href");
        for (const pagePath of [
          "/owner",
          leadHref ?? "/owner",
          "/owner/account",
          "/owner/quarantine",
          "/owner/subscribers",
        ])
          for (const width of [375, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await gotoHydrated(page, `${origin}${pagePath}`);
            expect(await axe(page), `${pagePath} at ${width}`).toEqual([]);
            if (width === 375) await expectNoSidewaysScroll(page);
          }
      });
  });
}
