/**
 * A site visit from end to end in Chromium, with the real SMTP server: the owner proposes two
 * times from the lead's page, the homeowner's email holds two links, a mail scanner's GET books
 * nothing, confirming the second time releases the first, both sides get an invitation that
 * ical.js reads back at the right instant, a spent link is refused without a word about the visit,
 * and a cancellation withdraws the invitation. Then the numbers page, signed in and not, and axe.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { expect, test } from "../support/e2e";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { gotoHydrated } from "../support/hydration";
import {
  firstMailTo,
  mailsSince,
  mailsTo,
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from "../support/smtp";
import { instantOf, dayOf } from "../../app/time/business-time";
import { axeViolations } from "../support/axe";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const OWNER = "vic@causeway.test";
const HOMEOWNER = "dana.visit@example.com";

/** A New Jersey date `days` from now, as a date field takes it, and the instant of `hour` on it. */
function dayAhead(days: number, hour: number) {
  const day = dayOf(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return { day, startsAt: instantOf(y, m, d, hour) };
}

function readCalendar(mail: ReceivedMail | undefined) {
  const attachment = mail?.mail.attachments.find((a) => a.filename === "invite.ics");
  if (!attachment) throw new Error("no invite.ics");
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString("utf8")));
  const zone = calendar.getFirstSubcomponent("vtimezone");
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone), "America/New_York");
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return {
    contentType: attachment.headers.get("content-type"),
    method: calendar.getFirstPropertyValue("method"),
    event: new ICAL.Event(vevent),
  };
}

test.describe("a site visit", () => {
  test.describe.configure({ mode: "serial" });
  let smtp: TestSmtpServer;
  let server: BuiltServer;
  let origin: string;

  const mailTo = (to: string, subject: RegExp): Promise<ReceivedMail> => firstMailTo(smtp, to, subject);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpServer();
    server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: "200" });
    origin = server.origin.replace("127.0.0.1", "localhost");
    await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/owner.ts", "add", OWNER], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "silent" },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  async function signIn(page: Page) {
    await gotoHydrated(page, `${origin}/owner/sign-in`);
    await page.getByLabel("Email").fill(OWNER);
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    const mail = await mailTo(OWNER, /\b\d{6}\b/);
    smtp.received.splice(smtp.received.indexOf(mail), 1);
    await page.getByLabel("Sign-in code").fill(/\b(\d{6})\b/.exec(mail.mail.subject ?? "")?.[1] ?? "");
    await page.getByRole("button", { name: "Sign in with the code" }).click();
    await expect(page).toHaveURL(`${origin}/owner`);
  }

  test("the owner proposes two times; the second is confirmed, the first released, both sides invited", async ({
    page,
    browser,
    request,
    expectConsoleErrors,
  }) => {
    // The refused proposal answers 400, and spent links 410, which the browser reports.
    expectConsoleErrors(/status of 400/, /status of 410/);
    test.setTimeout(120_000);

    const visitor = await browser.newPage();
    await gotoHydrated(visitor, `${origin}/estimate`);
    const form = visitor.locator("main form");
    await form.getByLabel("Name").fill("Dana Visit");
    await form.getByLabel("Email").fill(HOMEOWNER);
    await form.getByLabel("Phone").fill("(609) 555-0118");
    await form.getByLabel("Project address").fill("12 Dune Lane, Surf City, NJ 08008");
    await form.getByLabel("Project description").fill("Two treads of the deck stairs split over the winter.");
    await form.getByRole("button", { name: "Send My Estimate Request" }).click();
    await expect(visitor.getByText("Estimate Request Submitted Successfully!")).toBeVisible();
    await visitor.close();

    await signIn(page);
    await page
      .getByRole("list", { name: "Leads, newest first" })
      .getByRole("link", { name: /Dana Visit/ })
      .click();
    await expect(page.getByRole("heading", { name: "Dana Visit" })).toBeVisible();
    const leadUrl = page.url();

    // Outside 7 AM–7 PM: refused at the field, nothing sent.
    const first = dayAhead(2, 9);
    const second = dayAhead(3, 14);
    const time1 = page.getByRole("group", { name: "Time 1", exact: true });
    const time2 = page.getByRole("group", { name: "Time 2 (optional)" });
    await time1.getByLabel("Date").fill(first.day);
    await time1.getByLabel("From").fill("06:00");
    await time1.getByLabel("To", { exact: true }).fill("08:00");
    await page.getByRole("button", { name: "Propose the visit" }).click();
    await expect(page.getByRole("alert")).toHaveText("Check the visit times marked below.");
    await expect(time1.getByLabel("From")).toHaveAccessibleDescription(/^Start between 7:00 AM and 5:00 PM/);
    await expect(time1.getByLabel("From")).toHaveValue("06:00");

    await time1.getByLabel("From").fill("09:00");
    await time1.getByLabel("To", { exact: true }).fill("11:00");
    await time2.getByLabel("Date").fill(second.day);
    await time2.getByLabel("From").fill("14:00");
    await time2.getByLabel("To", { exact: true }).fill("16:00");
    await page.getByRole("button", { name: "Propose the visit" }).click();
    await expect(page.getByRole("status")).toHaveText("Visit proposed: 2 times emailed to the homeowner.");
    await expect(page.getByTestId("visit")).toContainText("Offered, waiting for the homeowner to choose");

    const proposal = await mailTo(HOMEOWNER, /^Choose a time for your site visit/);
    const links = [...(proposal.mail.text ?? "").matchAll(/https?:\/\/\S+\/visit\/([\w-]{43})/g)].map(
      (m) => `${origin}/visit/${m[1]}`,
    );
    expect(links).toHaveLength(2);
    const [firstLink = "", secondLink = ""] = links;

    // A mail scanner opens every link: the page shows, nothing is booked.
    for (const link of links) {
      const scanned = await request.get(link);
      expect(scanned.status()).toBe(200);
      expect(scanned.headers()["cache-control"]).toContain("no-store");
      expect(await scanned.text()).toContain("Confirm this time");
    }
    // A post from another site is refused, and the link still works.
    const forged = await request.post(firstLink, { headers: { Origin: "https://evil.example" }, form: {} });
    expect(forged.status()).toBe(403);
    await page.reload();
    await expect(page.getByTestId("visit")).toContainText("Offered, waiting for the homeowner to choose");

    // The homeowner's browser: no desk session.
    const homeContext = await browser.newContext();
    const homeowner = await homeContext.newPage();
    await gotoHydrated(homeowner, secondLink);
    await expect(homeowner.getByRole("heading", { name: "Your site visit" })).toBeVisible();
    await expect(homeowner.getByText(/2:00 PM – 4:00 PM/)).toBeVisible();
    expect(await axeViolations(homeowner), "the visit page").toEqual([]);
    await homeowner.getByRole("button", { name: "Confirm this time" }).click();
    await expect(homeowner.getByRole("heading", { name: "Your visit is booked" })).toBeVisible();

    // The first link is released; the second is spent. Neither says anything about the visit.
    for (const link of [firstLink, secondLink]) {
      const answer = await homeowner.goto(link);
      expect(answer?.status()).toBe(410);
      await expect(homeowner.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
      await expect(homeowner.locator("main")).not.toContainText(/Dana|Dune|AM|PM/);
      await expect(homeowner.getByRole("button", { name: "Confirm this time" })).toHaveCount(0);
    }
    const reused = await request.post(secondLink, { headers: { Origin: origin }, form: {} });
    expect(reused.status()).toBe(410);
    expect(await reused.text()).not.toMatch(/Dana|Dune|2:00 PM/);
    for (const made of ["abc", "A".repeat(43), "..%2F..%2Fowner"]) {
      const answer = await request.get(`${origin}/visit/${made}`);
      expect(answer.status(), made).toBe(404);
      expect(await answer.text()).toContain("This link no longer works");
    }
    await homeContext.close();

    const ownerInvite = readCalendar(await mailTo(OWNER, /^Visit booked: Dana Visit/));
    const homeInvite = readCalendar(await mailTo(HOMEOWNER, /^Your site visit is booked/));
    for (const invite of [ownerInvite, homeInvite]) {
      expect(invite.contentType).toMatchObject({ value: "text/calendar", params: { method: "REQUEST" } });
      expect(invite.method).toBe("REQUEST");
      expect(invite.event.startDate.toJSDate().toISOString()).toBe(second.startsAt.toISOString());
      expect(invite.event.uid).toBe(homeInvite.event.uid);
    }

    await page.goto(leadUrl);
    await expect(page.getByTestId("visit")).toContainText("Booked:");
    await expect(page.getByRole("region", { name: "History" })).toContainText("Visit confirmed");
    await page.goto(`${origin}/owner`);
    await expect(page.getByRole("list", { name: "Visits" })).toContainText("Dana Visit");

    // Cancelled: the homeowner's calendar is told, with the same UID and a higher sequence.
    await page.goto(leadUrl);
    await page.getByRole("button", { name: "Cancel the visit" }).click();
    await expect(page.getByRole("status")).toHaveText("Visit cancelled; the homeowner has been emailed.");
    const cancel = readCalendar(await mailTo(HOMEOWNER, /^Site visit cancelled/));
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.contentType).toMatchObject({ params: { method: "CANCEL" } });
    expect(cancel.event.uid).toBe(homeInvite.event.uid);
    expect(cancel.event.sequence).toBe(homeInvite.event.sequence + 1);
  });

  test("with JavaScript off the owner proposes a visit; a crafted post of four times is refused", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page
      .getByRole("list", { name: "Leads, newest first" })
      .getByRole("link", { name: /Dana Visit/ })
      .click();
    await expect(page.getByRole("heading", { name: "Dana Visit" })).toBeVisible();
    const leadUrl = page.url();
    const crafted: Record<string, string> = { intent: "propose-visit" };
    for (const n of [1, 2, 3, 4])
      Object.assign(crafted, {
        [`window-${n}-date`]: dayAhead(2 + n, 9).day,
        [`window-${n}-start`]: "09:00",
        [`window-${n}-end`]: "11:00",
      });
    const refused = await page.request.post(`${leadUrl}/visit`, {
      headers: { Origin: origin },
      form: crafted,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Propose at most 3 times; the homeowner picks one.");

    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noScript.newPage();
    await plain.goto(leadUrl);
    const time1 = plain.getByRole("group", { name: "Time 1", exact: true });
    await time1.getByLabel("Date").fill(dayAhead(-1, 9).day);
    await time1.getByLabel("From").fill("09:00");
    await time1.getByLabel("To", { exact: true }).fill("11:00");
    await plain.getByRole("button", { name: /^Propose/ }).click();
    await expect(time1.getByLabel("Date")).toHaveAccessibleDescription(
      "This time has already passed: choose a later one.",
    );
    const later = dayAhead(9, 17);
    await time1.getByLabel("Date").fill(later.day);
    await time1.getByLabel("From").fill("17:00");
    await time1.getByLabel("To", { exact: true }).fill("19:00");
    await plain.getByRole("button", { name: /^Propose/ }).click();
    await expect(plain.getByRole("status")).toHaveText("Visit proposed: 1 time emailed to the homeowner.");
    await expect(plain.getByTestId("visit")).toContainText("5:00 PM – 7:00 PM");
    // The mail this proposal sends, waited for here: arriving later, it would land in the next test.
    const [, proposal] = await mailsTo(smtp, HOMEOWNER, /^Choose a time for your site visit/, 2);
    expect(proposal?.mail.text).toContain("5:00 PM");
    await noScript.close();
  });

  test("without a session: no proposal, no numbers", async ({ request }) => {
    const since = smtp.received.length;
    const lead = await request.post(`${origin}/owner/leads/00000000-0000-4000-8000-000000000000/visit`, {
      headers: { Origin: origin },
      form: {
        intent: "propose-visit",
        "window-1-date": dayAhead(2, 9).day,
        "window-1-start": "09:00",
        "window-1-end": "11:00",
      },
      maxRedirects: 0,
    });
    expect(lead.status()).toBe(302);
    expect(lead.headers()["location"]).toBe("/owner/sign-in");
    for (const spelling of ["/owner/stats", "/Owner/Stats", "/owner/stats/", "/owner/stats.data"]) {
      const answer = await request.get(`${origin}${spelling}`, { maxRedirects: 0 });
      expect([301, 302, 202, 204], spelling).toContain(answer.status());
      const body = await answer.text();
      expect(body, spelling).not.toMatch(/Leads per week|median|estimate/i);
    }
    expect(await mailsSince(smtp, since, /site visit/i)).toEqual([]);
  });

  test("the numbers page shows the figures as charts and tables, with no WCAG A/AA violations", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);
    await page.getByRole("link", { name: "Numbers" }).click();
    await expect(page).toHaveURL(`${origin}/owner/stats`);
    await expect(page.getByRole("heading", { name: "Numbers" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Leads per week" })).toBeVisible();
    const weeks = page.getByRole("table", { name: "Leads per week" });
    await expect(weeks.getByRole("row")).toHaveCount(13);
    await expect(weeks.getByRole("row").last()).toContainText(/1$/);
    await expect(
      page.getByRole("table", { name: "Leads by page" }).getByRole("row", { name: "/estimate 1" }),
    ).toBeVisible();
    // The lead left New when the visit was proposed, moments after it arrived.
    await expect(page.getByTestId("median-reply")).toHaveText(/^\d+ min$/);
    await expect(page.getByTestId("won-share")).toHaveText("0%");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `/owner/stats at ${width}`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `sideways scroll at ${width}`,
      ).toBeLessThanOrEqual(0);
    }
    await page.goto(`${origin}/owner/account`);
    await expect(page.getByTestId("digest-state")).toHaveText("You get it.");
    await page.getByRole("button", { name: "Stop the morning email" }).click();
    await expect(page.getByTestId("digest-state")).toHaveText("Switched off.");
    await expect(page.getByRole("status")).toHaveText("The morning email is off.");
    expect(await axeViolations(page), "/owner/account").toEqual([]);
  });
});
