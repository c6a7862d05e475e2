/**
 * The account page's notifications in Chromium: "Notify me on this device" is there, reached with
 * the keyboard, and the page passes axe; a device subscribed through the desk's API is listed with
 * its name and date and can be removed. Headless Chromium has no push service of its own, so the
 * subscription is posted as the page posts a browser's, for a push service on loopback. The desk's
 * service worker registers under /owner/ within the Content-Security-Policy; the public site
 * registers none.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { startPushService, type TestPushService } from "../support/push-service";
import { axeViolations } from "../support/axe";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

test.describe("notifications on the account page", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let push: TestPushService;
  let handle: DatabaseHandle;
  let origin: string;
  let cookie: { name: string; value: string };

  test.beforeAll(async () => {
    push = await startPushService();
    server = await startBuiltServer({ PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${push.host}` });
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    cookie = (await signedInOwner(handle.db, origin)).browserCookie;
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
    await push?.stop();
  });

  test("the button is reachable by keyboard, the page passes axe, and a device can be removed", async ({
    page,
    context,
  }) => {
    await context.addCookies([{ ...cookie, url: origin }]);
    const subscribed = await fetch(`${origin}/owner/account`, {
      method: "POST",
      headers: { cookie: `${cookie.name}=${cookie.value}`, "User-Agent": IPHONE },
      body: new URLSearchParams({ intent: "subscribe-device", subscription: JSON.stringify(push.subscribe()) }),
    });
    expect(subscribed.status).toBe(201);

    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `${origin}/owner/account`);
    const button = page.getByRole("button", { name: "Notify me on this device" });
    await expect(button).toBeVisible();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Tab reaches 'Notify me on this device'").toBe(true);
    expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");

    const devices = page.getByRole("list", { name: "Devices notified" });
    await expect(devices).toContainText("iPhone");
    await expect(devices).toContainText(/Added \w+ \d+, \d{4}/);
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);

    await page.getByRole("button", { name: /^Stop notifying iPhone/ }).click();
    await expect(page.getByRole("status")).toHaveText("Device removed: it gets no more alerts.");
    await expect(page.getByRole("list", { name: "Devices notified" })).toHaveCount(0);
    await expect(page.getByText("None yet.")).toBeVisible();
    expect(await handle.db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);

    // Pressed where notifications are blocked (this browser's default), it says so next to the button.
    await page.getByRole("button", { name: "Notify me on this device" }).press("Enter");
    await expect(page.getByRole("alert")).toContainText("Notifications are blocked for this site");
    expect(await handle.db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
  });

  test("the desk's service worker registers under /owner/; the public site registers none", async ({
    page,
    context,
    expectConsoleErrors,
  }) => {
    // The refused registration with a wider scope, below, is logged by Chromium.
    expectConsoleErrors(/is not under the max scope allowed \(set by Service-Worker-Allowed: '\/owner'\)/);
    await gotoHydrated(page, `${origin}/`);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    await context.addCookies([{ ...cookie, url: origin }]);
    await gotoHydrated(page, `${origin}/owner/account`);
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register("/owner/service-worker.js", { scope: "/owner/" });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${origin}/owner/`);
    // A wider scope is refused: the worker can never reach the public site.
    const wider = await page.evaluate(() =>
      navigator.serviceWorker.register("/owner/service-worker.js", { scope: "/" }).then(
        () => "registered",
        (error: Error) => error.name,
      ),
    );
    expect(wider).toBe("SecurityError");
    await gotoHydrated(page, `${origin}/`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });
});
