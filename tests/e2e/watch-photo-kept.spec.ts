/**
 * A home watch photo the phone could not send, on a page the phone then dropped (the camera app,
 * a locked screen): it is kept on the phone (IndexedDB), and the next time the visit's page opens
 * it is sent under its own upload key and stored once, and the phone lets it go.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { parseChecklist } from "~/watch/checklist";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { cameraJpeg } from "../support/images";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { signedInOwner } from "../support/owner";
import { acceptedPlan } from "../support/watch";

const phone = { viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true };

/** How many photos the phone keeps waiting, read as the page's script reads them. */
const keptOnPhone = (page: import("@playwright/test").Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("watch-photos", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("waiting", { keyPath: "key" });
        open.onsuccess = () => {
          const count = open.result.transaction("waiting").objectStore("waiting").count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

test.describe("a home watch photo kept on the phone", () => {
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

  test("is sent when the dropped page opens again, and stored once", async ({ browser, expectConsoleErrors }) => {
    test.setTimeout(120_000);
    expectConsoleErrors(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|net::ERR/);
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
    const [heater] = parseChecklist(row.checklist);
    if (!heater) throw new Error("an item expected");

    const context = await browser.newContext(phone);
    const signedIn = await signedInOwner(db, server.origin);
    await context.addCookies([{ ...signedIn.browserCookie, url: server.origin }]);
    const address = `${server.origin}/owner/watch/visits/${visit.id}`;
    const first = await context.newPage();
    await gotoHydrated(first, address);
    await first.getByRole("button", { name: "Start visit" }).tap();
    await expect(first.getByRole("status").first()).toHaveText("Everything is saved at the office.");

    // No photo gets through: it fails, is kept on the phone, and the page is then dropped.
    await context.route("**/photos", (route) => route.abort("internetdisconnected"));
    await first.getByLabel(`Add a photo of ${heater.label}`).setInputFiles({
      name: "heater.jpg",
      mimeType: "image/jpeg",
      buffer: await cameraJpeg("2026:01:01 10:00:00", "+00:00", 640, 480),
    });
    await expect(first.getByRole("button", { name: "Try again" })).toBeVisible({ timeout: 60_000 });
    expect(await keptOnPhone(first)).toBe(1);
    await first.close();
    expect(await db.selectFrom("watch_photos").select("id").where("visit_id", "=", visit.id).execute()).toEqual([]);

    // The signal is back and the page opens again: the kept photo goes up by itself, once.
    await context.unroute("**/photos");
    const again = await context.newPage();
    await gotoHydrated(again, address);
    await expect(again.getByRole("img", { name: `${heater.label}, photo 1` })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => keptOnPhone(again)).toBe(0);
    const stored = await db.selectFrom("watch_photos").select("item_id").where("visit_id", "=", visit.id).execute();
    expect(stored).toEqual([{ item_id: heater.id }]);
    await context.close();
  });
});
