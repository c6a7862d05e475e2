/**
 * Deleting a lead on the desk, with and without JavaScript: the browser lands on the list, whose
 * address holds no name; the list says whose lead it was, once (the sentence came in a sealed
 * cookie), and a reload shows it no more.
 */
import { openMigratedDatabase, type DatabaseHandle } from "~/infra/db.server";
import { leadPath } from "~/owner/paths";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test } from "../support/e2e";
import { gotoHydrated } from "../support/hydration";
import { insertLead } from "../support/leads";
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
});
