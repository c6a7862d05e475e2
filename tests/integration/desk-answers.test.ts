/**
 * A desk form posted without JavaScript to a forms route, through the route modules on SQLite and
 * PostgreSQL: the answer comes back to its page in a sealed cookie, read once, and never in the
 * page's address, where what was typed would reach every Referer and the proxy's log. The deleted
 * lead's name goes to the list the same way. An address made by hand shows nothing.
 */
import { describe, expect, it } from "vitest";
import { ANSWER_COOKIE } from "~/infra/carried-answer.server";
import { loader as listLoader } from "~/routes/owner._index";
import { action as recordAction } from "~/routes/owner.lead-record";
import { loader as siteLoader } from "~/routes/owner.site";
import { action as closedDaysAction } from "~/routes/owner.site-closed-days";
import { addDays, dayOf } from "~/time/business-time";
import { backends, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { argsFor as args, ORIGIN } from "../support/requests";

/** A browser without JavaScript posting a desk form: it asks for a page back. */
const pagePost = (path: string, cookie: string, body: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { cookie, Origin: ORIGIN, Accept: "text/html" },
  });

const pageGet = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { cookie } });

/** The cookie a redirect hands over, as the browser sends it back ("name=value"). */
function answerCookie(response: Response): string {
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(new RegExp(`^${ANSWER_COOKIE}=s1\\.`));
  return setCookie.split(";")[0] ?? "";
}

/** A loader's data and the headers it sends with it. */
function loaded<T>(value: unknown): { data: T; headers: Headers } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const answer = value as unknown as { data: T; init: ResponseInit | null };
    return { data: answer.data, headers: new Headers(answer.init?.headers) };
  }
  return { data: value as T, headers: new Headers() };
}

describe.each(backends)("desk answers carried without JavaScript on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("bring a refused closed day back as typed, and a done one as said, once, never in the address", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const day = addDays(dayOf(new Date()), 30);
    const label = "check 1043, J. Smith\u202E";

    const refused = await closedDaysAction(
      args<typeof closedDaysAction>(
        pagePost("/owner/site/closed-days", cookie, { intent: "add-closed-day", firstDay: day, label }),
      ),
    );
    if (!(refused instanceof Response)) throw new Error("expected a redirect");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/owner/site");
    const carried = answerCookie(refused);
    expect(carried).not.toContain("1043");

    const page = loaded<Awaited<ReturnType<typeof siteLoader>>["data"]>(
      await siteLoader(args<typeof siteLoader>(pageGet("/owner/site", `${cookie}; ${carried}`))),
    );
    expect(page.data.answer).toMatchObject({
      ok: false,
      intent: "add-closed-day",
      values: { firstDay: day, label },
    });
    expect(page.data.answer?.ok === false && page.data.answer.errors.label).toMatch(/U\+202E/);
    // Read once: the page clears it.
    expect(page.headers.get("set-cookie")).toMatch(new RegExp(`^${ANSWER_COOKIE}=; Path=/owner; .*Max-Age=0`));

    const done = await closedDaysAction(
      args<typeof closedDaysAction>(
        pagePost("/owner/site/closed-days", cookie, { intent: "add-closed-day", firstDay: day, label: "Stock count" }),
      ),
    );
    if (!(done instanceof Response)) throw new Error("expected a redirect");
    expect(done.headers.get("location")).toBe("/owner/site");
    const shown = loaded<Awaited<ReturnType<typeof siteLoader>>["data"]>(
      await siteLoader(args<typeof siteLoader>(pageGet("/owner/site", `${cookie}; ${answerCookie(done)}`))),
    );
    expect(shown.data.answer).toEqual({
      ok: true,
      intent: "add-closed-day",
      done: "Added: Stock count. The hours on every page say so on the day.",
    });
  });

  it("show nothing for an answer written into the address by hand", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const handMade = "/owner/site?answer=add-closed-day&done=Passkey+expired,+call+609-555-0100";
    const page = loaded<Awaited<ReturnType<typeof siteLoader>>["data"]>(
      await siteLoader(args<typeof siteLoader>(pageGet(handMade, cookie))),
    );
    expect(page.data.answer).toBeNull();
    const list = loaded<Awaited<ReturnType<typeof listLoader>>["data"]>(
      await listLoader(args<typeof listLoader>(pageGet("/owner?deleted=Passkey+expired", cookie))),
    );
    expect(list.data.deleted).toBeNull();
  });

  it("send a deletion to the list with no name in its address; the list says whose lead it was, once", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    for (const accept of ["text/html", "*/*"]) {
      const id = await insertLead(db, { name: "Dana Visitor" });
      const request = new Request(`${ORIGIN}/owner/leads/${id}/record`, {
        method: "POST",
        body: new URLSearchParams({ intent: "delete", confirm: "yes" }),
        headers: { cookie, Origin: ORIGIN, Accept: accept },
      });
      const deleted = await recordAction(args<typeof recordAction>(request, { id }));
      if (!(deleted instanceof Response)) throw new Error("expected a redirect");
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("location")).toBe("/owner");
      const carried = answerCookie(deleted);
      expect(carried).not.toContain("Dana");

      const list = loaded<Awaited<ReturnType<typeof listLoader>>["data"]>(
        await listLoader(args<typeof listLoader>(pageGet("/owner", `${cookie}; ${carried}`))),
      );
      expect(list.data.deleted).toBe("The lead from Dana Visitor was deleted.");
      expect(list.headers.get("set-cookie")).toContain("Max-Age=0");
    }
  });
});
