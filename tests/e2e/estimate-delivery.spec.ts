/**
 * The estimate form on a bad connection: the answer lost after the lead was stored (the form tries
 * again by itself and the server stores it once), a slow upload (the progress bar moves and names
 * the photo), and a reload in the middle of typing (the text comes back). The home watch form's
 * lost answer too, on a phone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { startAnswerDroppingProxy } from "../support/answer-dropping-proxy";
import { startBuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { cumulativeLayoutShift } from "../support/layout-shift";
import { storedLeads, storedMail } from "../support/lead-store";

declare global {
  interface Window {
    /** What the progress bar showed, frame by frame, while the slow upload ran. */
    progressSeen?: { value: number; label: string }[];
  }
}

const photosDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-delivery-photos-"));
const photos = Array.from({ length: 5 }, (_, i) => path.join(photosDir, `room-${i + 1}.jpg`));

test.beforeAll(async () => {
  // Noise does not compress: each photo stays a few hundred KB after the browser shrinks it.
  for (const [i, file] of photos.entries())
    await sharp({
      create: {
        width: 900,
        height: 700,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 100 + i * 10, sigma: 60 },
      },
    })
      .jpeg({ quality: 92 })
      .toFile(file);
});

const visitor = {
  Name: "Robin Onebar",
  Email: "robin.onebar@example.com",
  Phone: "(609) 555-0142",
  "Project address": "4 Bayview Ave, Beach Haven, NJ",
  "Project description": "Two window sashes stick and the porch step is loose.",
};

async function fill(page: Page) {
  const form = page.locator("main form");
  for (const [label, value] of Object.entries(visitor)) await form.getByLabel(label).fill(value);
  return form;
}

test("an answer lost after the lead was stored: the form tries again by itself, shows success, and one lead is stored", async ({
  page,
  expectConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // The browser reports the connection the proxy cut.
  expectConsoleErrors(/ERR_EMPTY_RESPONSE|ERR_CONNECTION|net::ERR/);
  const server = await startBuiltServer();
  let posts = 0;
  // The first post's answer is dropped; the retry's goes through.
  const proxy = await startAnswerDroppingProxy(
    server.origin,
    (req) => req.method === "POST" && req.url === "/api/estimate" && posts++ === 0,
  );
  try {
    await gotoHydrated(page, `${proxy.origin}/estimate`);
    const form = await fill(page);
    await form.getByLabel("Photos (optional)").setInputFiles(photos.slice(0, 2));
    await form.getByRole("button", { name: "Send My Estimate Request" }).click();
    await expect(form.locator("[data-sending=retrying]").getByText("Connection lost, trying again…")).toBeVisible({
      timeout: 30_000,
    });
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByRole("status").getByText("Estimate Request Submitted Successfully!")).toBeVisible({
      timeout: 40_000,
    });
    await expect(page.getByRole("alert").getByText("Failed to send message.")).toHaveCount(0);
    expect(proxy.dropped).toEqual(["POST /api/estimate"]);
    const leads = await storedLeads({ dataDir: server.dataDir });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email: visitor.Email, photos: 2 });
    expect((await storedMail({ dataDir: server.dataDir })).map((m) => m.recipient).sort()).toHaveLength(2);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test("on a phone, a home watch request whose answer is lost is sent again by itself and stored once", async ({
  page,
  expectConsoleErrors,
}) => {
  test.setTimeout(90_000);
  expectConsoleErrors(/ERR_EMPTY_RESPONSE|ERR_CONNECTION|net::ERR/);
  const server = await startBuiltServer();
  let posts = 0;
  const proxy = await startAnswerDroppingProxy(
    server.origin,
    (req) => req.method === "POST" && req.url === "/api/estimate" && posts++ === 0,
  );
  try {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${proxy.origin}/services/home-watch`);
    await page.locator("dialog[data-ready]").waitFor({ state: "attached" });
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).first().click();
    const form = page.getByRole("dialog", { name: "Ask for Home Watch" }).getByRole("form");
    await form.getByLabel("Name").fill("Robin Winter");
    await form.getByLabel("Email").fill("robin.winter@example.com");
    await form.getByLabel("Phone").fill("609-555-0150");
    await form.getByLabel("Address of the house").fill("4 Bayview Ave, Beach Haven, NJ");
    await form.getByLabel("Empty from").selectOption("September");
    await form.getByLabel(/^Until/).selectOption("June");
    await form.getByRole("button", { name: "Ask for Home Watch" }).click();
    await expect(form.locator("[data-sending=retrying]")).toHaveText("Connection lost, trying again…", {
      timeout: 30_000,
    });
    await expect(page.getByRole("status").getByText("Home Watch Request Sent!")).toBeVisible({ timeout: 40_000 });
    expect(proxy.dropped).toEqual(["POST /api/estimate"]);
    const leads = await storedLeads({ dataDir: server.dataDir });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ email: "robin.winter@example.com", photos: 0 });
    expect(await storedMail({ dataDir: server.dataDir })).toHaveLength(2);
  } finally {
    await proxy.stop();
    await server.stop();
  }
});

test("a slow upload of five photos moves the progress bar and names the photo on its way", async ({ page }) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await gotoHydrated(page, "/estimate");
  const form = await fill(page);
  await form.getByLabel("Photos (optional)").setInputFiles(photos);
  await expect(form.getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(5);
  // About one bar of signal: 1 Mbit/s up, 300 ms away.
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: (1_500 * 1024) / 8,
    uploadThroughput: (1_000 * 1024) / 8,
  });
  // Sampled in the page, where no step of the bar can slip between two reads by the test.
  await page.evaluate(() => {
    const seen: { value: number; label: string }[] = [];
    window.progressSeen = seen;
    const sample = () => {
      const bar = document.querySelector<HTMLProgressElement>("main form progress");
      if (bar) seen.push({ value: bar.value, label: document.getElementById(`${bar.id}-label`)?.textContent ?? "" });
      requestAnimationFrame(sample);
    };
    sample();
  });
  await form.getByRole("button", { name: "Send My Estimate Request" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  const bar = form.getByRole("progressbar");
  await expect(bar).toBeVisible();
  await expect(page.getByRole("status").getByText("Estimate Request Submitted Successfully!")).toBeVisible({
    timeout: 60_000,
  });
  const seen = await page.evaluate(() => window.progressSeen ?? []);
  const values = [...new Set(seen.map((s) => s.value).filter((v) => v > 0 && v < 100))];
  const labels = [...new Set(seen.map((s) => s.label).filter((l) => /^Photo \d of 5$/.test(l)))];
  expect(values.length, `progress values seen: ${values.join(", ")}`).toBeGreaterThanOrEqual(3);
  // In order: the bar never goes back, and the photos are named one after another.
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(labels.length, `labels seen: ${labels.join(", ")}`).toBeGreaterThanOrEqual(3);
  expect(labels).toEqual([...labels].sort());
  await expect(bar).toHaveCount(0);
});

test("a reload in the middle of the form brings back what was typed, without moving the page", async ({ page }) => {
  await gotoHydrated(page, "/estimate");
  const form = await fill(page);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator("main form[data-draft-ready]").waitFor({ state: "attached" });
  for (const [label, value] of Object.entries(visitor)) await expect(form.getByLabel(label)).toHaveValue(value);
  await expect(page.getByRole("status").getByText("We kept what you typed")).toBeVisible();
  await expect(page.getByRole("status").getByText(/Photos are not kept when the page reloads/)).toBeVisible();
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.01);

  // Sent, the draft is gone: the next visit starts empty, with no note.
  await page.route("**/api/estimate", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' }),
  );
  await form.getByRole("button", { name: "Send My Estimate Request" }).click();
  await expect(page.getByRole("status").getByText("Estimate Request Submitted Successfully!")).toBeVisible();
  await page.reload();
  await page.locator("main form[data-draft-ready]").waitFor({ state: "attached" });
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(page.getByText("We kept what you typed")).toHaveCount(0);
});

test("with no change made, a fresh form keeps no draft and names no key", async ({ page }) => {
  await gotoHydrated(page, "/estimate");
  await page.locator("main form[data-draft-ready]").waitFor({ state: "attached" });
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("estimate-draft")))).toEqual(
    [],
  );
  await expect(page.locator('main form input[name="idempotency_key"]')).toHaveValue("");
  await page.locator("main form").getByLabel("Name").fill("A");
  await expect(page.locator('main form input[name="idempotency_key"]')).toHaveValue(/^[0-9a-f-]{36}$/);
});
