/**
 * Deleting a lead on the desk, with and without JavaScript: the browser lands on the list, whose
 * address holds no name; the list says whose lead it was, once (the sentence came in a sealed
 * cookie), and a reload shows it no more. Then behind nginx with deploy/nginx.conf, a closed day
 * refused without JavaScript with a payment-like label, and a lead deleted with it, each followed
 * by a tap on the desk's menu: the proxy's real access log holds neither the typed words nor the
 * deleted person's name.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { leadPath } from "~/owner/paths";
import { addDays, dayOf } from "~/time/business-time";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
import { startNginx } from "../support/nginx";
import { signedInOwner } from "../support/owner";

test.describe("deleting a lead", () => {
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let origin: string;
  let cookie: { name: string; value: string };

  test.beforeAll(async () => {
    server = await startBuiltServer();
    origin = server.origin.replace("127.0.0.1", "localhost");
    handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    cookie = (await signedInOwner(handle.db, origin)).browserCookie;
  });
  test.afterAll(async () => {
    await handle?.close();
    await server?.stop();
  });

  for (const javaScriptEnabled of [true, false])
    test(`${javaScriptEnabled ? "with" : "without"} JavaScript lands on the list with the name said once, never in the address`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      await context.addCookies([{ ...cookie, url: origin }]);
      const page = await context.newPage();
      const name = javaScriptEnabled ? "Dana Scripted" : "Dana Plain";
      const id = await insertLead(handle.db, { name });
      if (javaScriptEnabled) await gotoHydrated(page, `${origin}${leadPath(id)}`);
      else await page.goto(`${origin}${leadPath(id)}`);
      await page.getByLabel(`Yes, delete the lead from ${name}`).check();
      await page.getByRole("button", { name: "Delete lead" }).click();
      await expect(page.getByText(`The lead from ${name} was deleted.`)).toBeVisible();
      await expect(page).toHaveURL(`${origin}/owner`);
      await page.reload();
      await expect(page.getByRole("heading", { name: /^Leads/ })).toBeVisible();
      await expect(page.getByText(`The lead from ${name} was deleted.`)).toHaveCount(0);
      await context.close();
    });

  test("behind nginx, the proxy's access log keeps no word a desk form carried and no deleted name", async ({
    browser,
  }) => {
    const nginx = await startNginx({ upstreams: [new URL(server.origin).host] });
    try {
      const site = nginx.httpsOrigin;
      const signedIn = (await signedInOwner(handle.db, site)).browserCookie;
      // Without JavaScript: a closed day refused at its field (a hidden mark) comes back holding
      // what was typed, and the next tap on the desk's menu leaves from that page.
      const plain = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
      await plain.addCookies([{ ...signedIn, url: site }]);
      const page = await plain.newPage();
      await page.goto(`${site}/owner/site`);
      await page.getByLabel("Date").fill(addDays(dayOf(new Date()), 40));
      await page.getByLabel("Label").fill("Check 1043 from Jo\u202ESmith");
      await page.getByRole("button", { name: "Add closed day" }).click();
      await expect(page.getByLabel("Label")).toHaveValue("Check 1043 from Jo\u202ESmith");
      await page.getByRole("link", { name: "Projects" }).first().click();
      await expect(page).toHaveURL(`${site}/owner/projects`);
      await plain.close();

      // With JavaScript: a lead deleted, then the desk's menu, which fetches its data from the list.
      const scripted = await browser.newContext({ ignoreHTTPSErrors: true });
      await scripted.addCookies([{ ...signedIn, url: site }]);
      const desk = await scripted.newPage();
      const id = await insertLead(handle.db, { name: "Marisol Quenby" });
      await gotoHydrated(desk, `${site}${leadPath(id)}`);
      await desk.getByLabel("Yes, delete the lead from Marisol Quenby").check();
      await desk.getByRole("button", { name: "Delete lead" }).click();
      await expect(desk.getByText("The lead from Marisol Quenby was deleted.")).toBeVisible();
      await desk.getByRole("link", { name: "Projects" }).first().click();
      await expect(desk).toHaveURL(`${site}/owner/projects`);
      await scripted.close();

      // nginx writes a request's line once it has finished it: wait for the last one.
      await expect.poll(() => nginx.accessLog().includes("/owner/projects.data")).toBe(true);
      const log = nginx.accessLog();
      expect(log).toContain('"POST /owner/');
      for (const word of ["1043", "Smith", "Marisol", "Quenby", "answer=", "deleted="]) expect(log).not.toContain(word);
    } finally {
      await nginx.stop();
    }
  });
});
