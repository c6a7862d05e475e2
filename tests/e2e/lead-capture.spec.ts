/**
 * Estimate requests and newsletter signups as a visitor makes them, from the browser to the
 * owner's inbox: a built server with a real SMTP server on loopback, on SQLite and on PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/e2e";
import sharp from "sharp";
import { startPostgres, createTestDatabase, type PostgresCluster } from "../support/postgres";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { storedLeads } from "../support/lead-store";
import { gotoHydrated } from "../support/hydration";

const LEADS_TO = "owner@causeway.test";
const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-photos-"));
const photo = (name: string) => path.join(photosDir, name);

test.beforeAll(async () => {
  // A phone photo with a GPS position, a PNG and a WebP.
  await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3a7ca5" } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "PhoneMaker" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "39/1 40/1 12/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "74/1 15/1 30/1",
      },
    })
    .toFile(photo("deck-with-gps.jpg"));
  await sharp({ create: { width: 800, height: 600, channels: 4, background: "#e9d8b4ff" } })
    .png()
    .toFile(photo("stairs.png"));
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a9a4a" } })
    .webp()
    .toFile(photo("railing.webp"));
  fs.writeFileSync(photo("contract.pdf"), "%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
});

async function fillEstimate(page: Page, scope: string, who: { name: string; email: string }) {
  const form = page.locator(scope);
  await form.getByLabel("Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill("(609) 555-0117");
  await form.getByLabel("Project address").fill("12 Dune Lane, Surf City, NJ");
  await form.getByLabel("Project description").fill("Rebuild the back deck stairs; two treads split over the winter.");
  await form
    .getByLabel("Photos (optional)")
    .setInputFiles([photo("deck-with-gps.jpg"), photo("stairs.png"), photo("railing.webp")]);
  return form;
}

async function expectNoMetadata(content: Buffer, name: string) {
  const meta = await sharp(content).metadata();
  expect(meta.exif, `${name} keeps EXIF`).toBeUndefined();
  expect(content.includes(Buffer.from("PhoneMaker")), `${name} keeps the camera maker`).toBe(false);
}

for (const backend of ["sqlite", "postgres"] as const) {
  test.describe(`estimate requests on ${backend}`, () => {
    test.describe.configure({ mode: "serial" });
    let smtp: TestSmtpServer;
    let server: BuiltServer;
    let cluster: PostgresCluster | undefined;
    let databaseUrl: string | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      smtp = await startSmtpServer();
      if (backend === "postgres") {
        cluster = await startPostgres();
        databaseUrl = await createTestDatabase(cluster.url);
      }
      server = await startBuiltServer({
        SMTP_URL: smtp.url,
        LEADS_TO,
        MAIL_RETRY_BASE_MS: "200",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
    });

    test.afterAll(async () => {
      await server?.stop();
      await smtp?.stop();
      await cluster?.stop();
    });

    test.beforeEach(() => smtp.clear());

    test("the home form with three photos reaches the database and the owner's inbox, without GPS", async ({
      page,
    }) => {
      const who = { name: `Dana Home ${backend}`, email: `dana.${backend}@example.com` };
      await gotoHydrated(page, `${server.origin}/`);
      // The contact form's script loads as the visitor nears it.
      await page.locator("#contact").scrollIntoViewIfNeeded();
      await page.locator("#contact form[data-enhanced]").waitFor({ state: "attached" });
      const form = await fillEstimate(page, "#contact form", who);
      await expect(form.getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(3);
      await form.getByRole("button", { name: "Send My Estimate Request" }).click();
      // The browser shrinks a 3000 × 2000 photo and the server re-encodes three: allow time on a busy machine.
      await expect(page.getByRole("status").getByText("Estimate Request Submitted Successfully!")).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page.getByRole("status").getByText(/will reply within 24 hours with your free estimate/),
      ).toBeVisible();
      await expect(form.getByLabel("Name")).toHaveValue("");

      const lead = (await storedLeads({ dataDir: server.dataDir, databaseUrl })).find((l) => l.email === who.email);
      expect(lead).toMatchObject({ name: who.name, phone: "(609) 555-0117", photos: 3 });

      // The two mails this request sends, by name: another test's or the server's clock's could come between.
      const owner = await firstMailTo(smtp, LEADS_TO, new RegExp(`^Estimate request from ${who.name}$`));
      const visitor = await firstMailTo(smtp, who.email, /^We received your estimate request/);
      expect(owner.mail.replyTo?.text).toContain(who.email);
      expect(owner.mail.text).toContain("Rebuild the back deck stairs");
      expect(owner.mail.attachments).toHaveLength(3);
      for (const attachment of owner.mail.attachments)
        await expectNoMetadata(attachment.content, attachment.filename ?? "attachment");
      expect(visitor.mail.text).toMatch(/24 hours/);
    });

    test("on a phone, the home watch page's dialog asks for home watch and stores the request marked so", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const who = { name: `Hal Watch ${backend}`, email: `hal.${backend}@example.com` };
      await gotoHydrated(page, `${server.origin}/services/home-watch`);
      await page.locator("dialog[data-ready]").waitFor({ state: "attached" });
      await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Ask for Home Watch" });
      await expect(dialog).toBeVisible();
      const form = dialog.getByRole("form", { name: "Home watch request" });
      // Sent empty, it says what is missing at the fields and sends nothing.
      await form.getByRole("button", { name: "Ask for Home Watch" }).click();
      await expect(form.getByText("Please choose the month you are back.")).toBeVisible();
      await expect(form.getByLabel("Name")).toBeFocused();
      await form.getByLabel("Name").fill(who.name);
      await form.getByLabel("Email").fill(who.email);
      await form.getByLabel("Phone").fill("609 555 0142");
      await form.getByLabel("Address of the house").fill("8 Bay Ave, Beach Haven, NJ");
      await form.getByLabel("Empty from").selectOption("October");
      await form.getByLabel(/^Until/).selectOption("May");
      await expect(form.getByText("Please choose the month you are back.")).toBeHidden();
      // Nothing in the dialog is wider than the phone.
      expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
      await form.getByRole("button", { name: "Ask for Home Watch" }).click();
      await expect(dialog).toBeHidden({ timeout: 30_000 });
      await expect(page.getByRole("status").getByText("Home Watch Request Sent!")).toBeVisible();

      const lead = (await storedLeads({ dataDir: server.dataDir, databaseUrl })).find((l) => l.email === who.email);
      expect(lead).toMatchObject({ name: who.name, phone: "(609) 555-0142", photos: 0 });
      const owner = await firstMailTo(smtp, LEADS_TO, new RegExp(`^Home watch request from ${who.name}$`));
      expect(owner.mail.text).toContain("The house stands empty from October to May.");
      await firstMailTo(smtp, who.email, /^We received your home watch request/);
    });

    test("with JavaScript off, a home watch request missing a month comes back in its own form, and then goes through", async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const who = { name: `Nan Noscript ${backend}`, email: `nan.${backend}@example.com` };
      // The dialog cannot open without JavaScript, so the form's first post comes from a page of
      // the site's origin holding the same fields.
      await page.route(`${server.origin}/home-watch-form-test`, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>t</title><form method="post" action="/estimate" enctype="multipart/form-data">
            <input type="hidden" name="request_kind" value="home-watch">
            <input name="name" value="${who.name}"><input name="email" value="${who.email}">
            <input name="phone" value="6095550143"><input name="address" value="3 Dock Rd, Ship Bottom, NJ">
            <input name="empty_from" value="November"><input name="empty_until" value="">
            <button>Send</button></form>`,
        }),
      );
      await page.goto(`${server.origin}/home-watch-form-test`);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Send" }).click(),
      ]);
      expect(response.status()).toBe(400);
      const form = page.getByRole("form", { name: "Home watch request" });
      await expect(form.getByText("Please choose the month you are back.")).toBeVisible();
      await expect(form.getByLabel("Name")).toHaveValue(who.name);
      await expect(form.getByLabel("Empty from")).toHaveValue("November");
      await form.getByLabel(/^Until/).selectOption("March");
      await form.getByRole("button", { name: "Ask for Home Watch" }).click();
      await expect(page.getByText("Home Watch Request Sent!")).toBeVisible({ timeout: 30_000 });
      const owner = await firstMailTo(smtp, LEADS_TO, new RegExp(`^Home watch request from ${who.name}$`));
      expect(owner.mail.text).toContain("The house stands empty from November to March.");
      await context.close();
    });

    test("the same request works with JavaScript off", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const who = { name: `Noel Noscript ${backend}`, email: `noel.${backend}@example.com` };
      await page.goto(`${server.origin}/estimate`);
      const form = await fillEstimate(page, "main form", who);
      await form.getByRole("button", { name: "Send My Estimate Request" }).click();
      await expect(page.getByText("Estimate Request Submitted Successfully!")).toBeVisible({ timeout: 30_000 });
      expect(
        (await storedLeads({ dataDir: server.dataDir, databaseUrl })).find((l) => l.email === who.email)?.photos,
      ).toBe(3);
      const owner = await firstMailTo(smtp, LEADS_TO, new RegExp(`^Estimate request from ${who.name}$`));
      expect(owner.mail.attachments).toHaveLength(3);
      for (const attachment of owner.mail.attachments)
        await expectNoMetadata(attachment.content, attachment.filename ?? "attachment");
      await context.close();
    });

    test("with JavaScript off, a bad request comes back with the errors at the fields and the values kept", async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const before = (await storedLeads({ dataDir: server.dataDir, databaseUrl })).length;
      await page.goto(`${server.origin}/estimate`);
      const form = page.locator("main form");
      await form.getByLabel("Email").fill("not-an-email");
      await form.getByLabel("Phone").fill("call me");
      await form.getByLabel("Project description").fill("Kitchen cabinets");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.getByRole("button", { name: "Send My Estimate Request" }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(page.locator("main form").getByText("Please enter your name.")).toBeVisible();
      await expect(page.locator("main form").getByText("Please enter a valid email address.")).toBeVisible();
      await expect(page.locator("main form").getByText("Please enter a 10-digit US phone number.")).toBeVisible();
      await expect(page.locator("main form").getByLabel("Project description")).toHaveValue("Kitchen cabinets");
      expect(await storedLeads({ dataDir: server.dataDir, databaseUrl })).toHaveLength(before);
      await context.close();
    });
  });
}

test.describe("the estimate form in the browser", () => {
  test("photos chosen before the form's script arrived get their thumbnails once it does", async ({ page }) => {
    await page.route("**/assets/estimate-form*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await gotoHydrated(page, "/faq");
    const form = page.locator("#contact form");
    await form.getByLabel("Photos (optional)").setInputFiles([photo("stairs.png"), photo("railing.webp")]);
    await page.locator("#contact form[data-enhanced]").waitFor({ state: "attached" });
    await expect(form.getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(2);
  });

  test("text typed before the page's JavaScript arrives is kept, and the form then works as scripted", async ({
    page,
  }) => {
    await page.route("**/assets/**", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/faq", { waitUntil: "commit" });
    const form = page.locator("#contact form");
    await form.getByLabel("Name").fill("Early Typist");
    await form.getByLabel("Email").fill("not-an-email");
    await page.locator("#contact form[data-enhanced]").waitFor({ state: "attached" });
    await form.getByLabel("Phone").fill("609-555-0101");
    await form.getByRole("button", { name: "Send My Estimate Request" }).click();
    // Checked in the browser, without a page load: the form is scripted now, and kept the early text.
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Early Typist");
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("a wrong file type is refused with the 'Invalid File Type' toast", async ({ page }) => {
    await gotoHydrated(page, "/estimate");
    await page
      .locator("main form")
      .getByLabel("Photos (optional)")
      .setInputFiles([photo("contract.pdf"), photo("stairs.png")]);
    const toast = page.getByRole("alert");
    await expect(toast.getByText("Invalid File Type")).toBeVisible();
    await expect(
      toast.getByText("contract.pdf is not a supported image format. Please use JPEG, PNG, GIF, or WebP files."),
    ).toBeVisible();
    await expect(page.locator("main form").getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(
      1,
    );
  });

  test("a new selection replaces the previous one", async ({ page }) => {
    await gotoHydrated(page, "/estimate");
    const input = page.locator("main form").getByLabel("Photos (optional)");
    await input.setInputFiles([photo("stairs.png"), photo("railing.webp")]);
    await input.setInputFiles([photo("deck-with-gps.jpg")]);
    await expect(page.locator("main form").getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(
      1,
    );
  });

  test("missing fields are caught before anything is sent", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/estimate")) posted = true;
    });
    await gotoHydrated(page, "/estimate");
    // The form's own code arrives once the page has started; a press before it goes to the server.
    await page.locator("main form[data-draft-ready]").waitFor({ state: "attached" });
    await page.locator("main form").getByRole("button", { name: "Send My Estimate Request" }).click();
    await expect(page.locator("main form").getByText("Please enter your name.")).toBeVisible();
    await expect(page.locator("main form").getByLabel("Name")).toBeFocused();
    await expect(page.locator("main form").getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(false);
  });

  test("while sending the button reads Sending... and is disabled; a failure keeps the values and shows the error toast", async ({
    page,
    expectConsoleErrors,
  }) => {
    // The failure is staged: the browser reports the 502 and the form logs why it failed.
    expectConsoleErrors(/status of 502/, /Estimate request failed: mail relay down/);
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    await page.route("**/api/estimate", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "mail relay down" }),
      });
    });
    await gotoHydrated(page, "/estimate");
    const form = page.locator("main form");
    await form.getByLabel("Name").fill("Sam Slow");
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Phone").fill("609-555-0188");
    await form.getByRole("button", { name: "Send My Estimate Request" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    const toast = page.getByRole("alert");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Failed to send message. Please try again or call us directly.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Sam Slow");
    expect(logged.some((l) => l.includes("mail relay down"))).toBe(true);
  });

  test("the dialog closes after a successful request", async ({ page }) => {
    await page.route("**/api/estimate", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' }),
    );
    await gotoHydrated(page, "/services/carpentry");
    await page.getByRole("link", { name: "Get Free Estimate" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Request Your Free Estimate" });
    await dialog.getByLabel("Name").fill("Dee Dialog");
    await dialog.getByLabel("Email").fill("dee@example.com");
    await dialog.getByLabel("Phone").fill("6095550190");
    await dialog.getByRole("button", { name: "Send My Estimate Request" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Estimate Request Submitted Successfully!")).toBeVisible();
  });
});

test.describe("newsletter", () => {
  test("an empty email gives the 'Email required' toast and sends nothing", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/newsletter")) posted = true;
    });
    await gotoHydrated(page, "/blog");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("alert");
    await expect(toast.getByText("Email required")).toBeVisible();
    await expect(toast.getByText("Please enter your email address")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a signup shows Subscribing..., then Success! and clears the field", async ({ page }) => {
    await page.route("**/api/newsletter", async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await gotoHydrated(page, "/blog");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(page.getByRole("status").getByText("Success!")).toBeVisible();
    await expect(page.getByText("Thank you for signing up! Please check your email for confirmation.")).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("");
  });

  test("a failed signup shows the error toast", async ({ page, expectConsoleErrors }) => {
    expectConsoleErrors(/status of 500/, /Newsletter signup failed/);
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
    );
    await gotoHydrated(page, "/blog");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByRole("alert").getByText("Failed to sign up for newsletter. Please try again."),
    ).toBeVisible();
  });
});
