/**
 * A home watch visit on the owner's phone (375 × 800, touch) over one bar of signal (slow and
 * far away), which drops for a while mid-visit: every tap made without signal is kept on the
 * phone and said to be, reaches the office once the signal is back, and 'Finish visit' waits for
 * it. No entry is lost, and no photo: one goes up as it is taken, one taken without signal once the
 * signal is back, each shown with the camera's time on the screen and the report. The screen and
 * the plan's baseline page pass axe and never scroll sideways; so does the report the finish sends,
 * read on a phone without JavaScript.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { formatTime } from "~/time/business-time";
import { parseChecklist } from "~/watch/checklist";
import { axeViolations } from "../support/axe";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { cameraJpeg } from "../support/images";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { acceptedPlan } from "../support/watch";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };

test.describe("a home watch visit", () => {
  let server: BuiltServer;
  let handle: DatabaseHandle;

  test.beforeAll(async () => {
    server = await startBuiltServer({ LEADS_TO: "owner@causeway.test" });
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  test("made over one bar of signal that drops mid-visit loses no entry", async ({ browser, expectConsoleErrors }) => {
    test.setTimeout(150_000);
    // The requests made while the signal is gone fail, which the browser reports.
    expectConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
    const { db } = handle;
    const plan = await acceptedPlan(db, { siteUrl: server.origin, leadsTo: "owner@causeway.test" });
    const visit = await db
      .selectFrom("watch_visits")
      .select("id")
      .where("plan_id", "=", plan.planId)
      .orderBy("day")
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom("watch_plans")
      .select("checklist")
      .where("id", "=", plan.planId)
      .executeTakeFirstOrThrow();
    const [heater, thermostat, roof] = parseChecklist(row.checklist);
    if (!heater || !thermostat || !roof) throw new Error("three items expected");

    const context = await browser.newContext(phone);
    const signedIn = await signedInOwner(db, server.origin);
    await context.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const screen = await context.newPage();
    const network = await context.newCDPSession(screen);
    await network.send("Network.enable");
    const oneBar = { latency: 400, downloadThroughput: 40_000, uploadThroughput: 15_000 };
    await network.send("Network.emulateNetworkConditions", { offline: false, ...oneBar });

    await gotoHydrated(screen, `${server.origin}/owner/watch/visits/${visit.id}`);
    await expect(screen.getByRole("heading", { name: "Access (only you see this)" })).toBeVisible();
    await expect(screen.getByText("Lockbox 4417")).toBeVisible();
    await screen.getByRole("button", { name: "Start visit" }).tap();
    const status = screen.getByRole("status").first();
    await expect(status).toHaveText("Everything is saved at the office.");
    await screen.getByRole("group", { name: heater.label }).getByText("OK", { exact: true }).tap();
    await expect(status).toHaveText("Everything is saved at the office.");

    // A photo from the camera, a minute old by its own clock: it goes up at once, dated by it.
    const taken = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    const exifClock = taken.toISOString().slice(0, 19).replace("T", " ").replaceAll("-", ":");
    await screen.getByLabel(`Add a photo of ${heater.label}`).setInputFiles({
      name: "heater.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg(exifClock, "+00:00", 640, 480),
    });
    await expect(screen.getByRole("img", { name: `${heater.label}, photo 1` })).toBeVisible({ timeout: 30_000 });
    await expect(screen.getByText(`Taken ${formatTime(taken)}`)).toBeVisible();

    // The signal drops: the taps stay on the phone, and the screen says so.
    await network.send("Network.emulateNetworkConditions", { offline: true, ...oneBar });
    const thermostatCard = screen.getByRole("group", { name: thermostat.label });
    await thermostatCard.getByText("Issue", { exact: true }).tap();
    await thermostatCard
      .getByLabel("Note (what you found)")
      .fill("Heat off, house at 48 F; breaker reset, furnace running");
    await thermostatCard.getByLabel("What happens next").selectOption("call-today");
    await screen.getByRole("group", { name: roof.label }).getByText("Not checked", { exact: true }).tap();
    // A photo taken without signal is kept on the phone too, and 'Finish visit' waits for it.
    await screen.getByLabel(`Add a photo of ${roof.label}`).setInputFiles({
      name: "roof.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg(exifClock, "+00:00", 640, 480),
    });
    await expect(status).toContainText(/No signal: \d entr(y|ies) kept on this phone/);
    expect(
      await db.selectFrom("watch_results").select("item_id").where("visit_id", "=", visit.id).execute(),
    ).toHaveLength(1);
    await screen.getByRole("button", { name: "Finish visit" }).tap();
    await expect(
      screen.getByText("Waiting for 1 photo to reach the office; the visit finishes once all are in."),
    ).toBeVisible();
    expect(await axeViolations(screen)).toEqual([]);
    expect(await screen.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);

    // The signal comes back: everything reaches the office, then the visit finishes.
    await network.send("Network.emulateNetworkConditions", { offline: false, ...oneBar });
    await expect(status).toContainText(/^Finished\. Arrived \d{1,2}:\d{2} [AP]M, left \d{1,2}:\d{2} [AP]M\.$/, {
      timeout: 60_000,
    });
    const results = await db
      .selectFrom("watch_results")
      .select(["item_id", "result", "note", "next_step"])
      .where("visit_id", "=", visit.id)
      .execute();
    expect(results.sort((a, b) => a.item_id.localeCompare(b.item_id))).toEqual(
      [
        { item_id: heater.id, result: "ok", note: "", next_step: null },
        {
          item_id: thermostat.id,
          result: "issue",
          note: "Heat off, house at 48 F; breaker reset, furnace running",
          next_step: "call-today",
        },
        { item_id: roof.id, result: "skipped", note: "", next_step: null },
      ].sort((a, b) => a.item_id.localeCompare(b.item_id)),
    );
    const done = await db
      .selectFrom("watch_visits")
      .select("status")
      .where("id", "=", visit.id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe("finished");
    const photos = await db.selectFrom("watch_photos").select("item_id").where("visit_id", "=", visit.id).execute();
    expect(photos.map((p) => p.item_id).sort()).toEqual([heater.id, roof.id].sort());
    expect(
      await screen.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("watch-visit-entries"))),
    ).toEqual([]);
    expect(await axeViolations(screen)).toEqual([]);

    // The plan's baseline page: a card per item, a photo added from the camera, on one screen.
    await gotoHydrated(screen, `${server.origin}/owner/watch/${plan.planId}/baseline`);
    await screen.getByLabel(`Add a photo of ${thermostat.label}`).setInputFiles({
      name: "thermostat.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg("2026:07:04 09:00:00", "-04:00", 640, 480),
    });
    await expect(screen.getByRole("img", { name: `${thermostat.label}, photo 1` })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(screen)).toEqual([]);
    expect(await screen.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();

    // The homeowner's report, on a phone without JavaScript: all of it, and accessible.
    const reader = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const report = await reader.newPage();
    await report.goto(`${server.origin}/watch/${plan.token}/visits/${visit.id}`);
    await expect(report.getByRole("heading", { name: "Home watch report", level: 1 })).toBeVisible();
    await expect(
      report.getByText(
        /^1 issue found at 8 Bay Avenue, Harvey Cedars, NJ on .*: Thermostat set and the heat running\.$/,
      ),
    ).toBeVisible();
    await expect(report.getByText("Heat off, house at 48 F; breaker reset, furnace running")).toBeVisible();
    await expect(report.getByText("Next: We call you today to decide what to do.")).toBeVisible();
    await expect(report.getByRole("list", { name: "What we checked" }).getByRole("listitem")).toHaveCount(3);
    await expect(report.locator("body")).not.toContainText("4417");
    await expect(report.getByRole("img", { name: heater.label })).toBeVisible();
    // Both photos, the one sent late included, show the camera's time.
    await expect(report.getByText(`Taken ${formatTime(taken)}`)).toHaveCount(2);
    await reader.close();
    // Axe runs as a script in the page: it reads the same report in a browser with JavaScript.
    const checker = await browser.newContext(phone);
    const checked = await checker.newPage();
    await gotoHydrated(checked, `${server.origin}/watch/${plan.token}/visits/${visit.id}`);
    expect(await axeViolations(checked)).toEqual([]);
    expect(await checked.locator("body").evaluate((body) => body.scrollWidth)).toBeLessThanOrEqual(375);
    await checker.close();
  });
});
