/**
 * Visit links tried as an attacker would, against the built server: guessing tokens in a burst,
 * in any spelling of the path, is cut off at the form budget, and every guess reads the same
 * neutral page. A real link's React Router data spelling (`/visit/<token>.data`) shows no more
 * than the page, and confirms nothing when posted from another site.
 */
import { firstFacts } from "~/content/business-facts";
import { liveFactsOf } from "~/facts/live-facts";
import { publicFactsOf } from "~/facts/public-facts";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openMigratedDatabase } from "~/infra/db.server";
import type { Database } from "~/infra/schema.server";
import { formatWindow, instantOf, dayOf } from "~/time/business-time";
import { proposeVisit } from "~/visits/visit-changes.server";
import { startBuiltServer } from "../support/built-server";
import { insertLead } from "../support/leads";
import { stopAfterEachTest } from "../support/system";
import { mailText } from "../support/delivered-mail";

const stopAfterTest = stopAfterEachTest();

describe("visit links", () => {
  it("answers guessed tokens with the neutral page, and a burst of guesses with 429", async () => {
    const site = await startBuiltServer({ RATE_LIMIT_MAX: "3" });
    stopAfterTest(site);
    const guess = () => randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    for (const path of [`/visit/${guess()}`, `/Visit/${guess()}/`, `/visit/${guess()}.data`, `/%76isit/${guess()}`]) {
      const response = await fetch(`${site.origin}${path}`, { method: "POST", redirect: "manual" });
      statuses.push(response.status);
      const body = await response.text();
      if (response.status !== 429) expect(body).not.toMatch(/Confirm this time|AM –|PM –/);
    }
    expect(statuses.slice(0, 3).every((s) => s === 404 || s === 308 || s === 301)).toBe(true);
    expect(statuses[3]).toBe(429);
    const page = await fetch(`${site.origin}/visit/${guess()}`);
    expect(page.status).toBe(404);
    expect(page.headers.get("cache-control")).toContain("no-store");
    // A list of policies is read as its last one the browser knows: no Referer carries the token away.
    expect(page.headers.get("referrer-policy")).toMatch(/(^|, )strict-origin$/);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(await page.text()).toContain("This link no longer works");
  }, 60_000);
});

/** Every string a single-fetch answer carries: route ids, keys and values alike. */
function stringsIn(answer: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const line of answer.split("\n").filter(Boolean)) walk(JSON.parse(line) as unknown);
  return found;
}

/** The keys and strings of a value, as single fetch writes both out as strings. */
function keysAndStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(keysAndStrings);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysAndStrings(inner)]);
  return [];
}

/** The business facts every page's root data carries: public, and the same on every page. */
const rootFacts = keysAndStrings({ facts: publicFactsOf(liveFactsOf(firstFacts, "2026-01-01", 0, null)) });

/** Where the visit stands, as the owner's desk and the homeowner's inbox would show it. */
async function visitState(db: Kysely<Database>) {
  const visits = await db.selectFrom("site_visits").select("status").execute();
  const windows = await db.selectFrom("visit_windows").select("used_at").execute();
  const invitations = await db.selectFrom("outbox").select("id").where("kind", "=", "visit-invitation").execute();
  return {
    visits: visits.map((v) => v.status),
    spent: windows.filter((w) => w.used_at !== null).length,
    invitations: invitations.length,
  };
}

describe("a visit link's data spelling", () => {
  it("shows only the time, and confirms nothing when posted from another site", async () => {
    const site = await startBuiltServer();
    stopAfterTest(site);
    const handle = await openMigratedDatabase({ dataDir: site.dataDir, databaseUrl: undefined });
    stopAfterTest({ stop: () => handle.close() });
    const { db } = handle;
    const leadId = await insertLead(db, {
      name: "Secret Person",
      email: "secret.person@example.com",
      address: "9 Hidden Way, Surf City, NJ",
      status: "contacted",
    });
    const [y = 0, m = 1, d = 1] = dayOf(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000))
      .split("-")
      .map(Number);
    const startsAt = instantOf(y, m, d, 9);
    const endsAt = new Date(startsAt.getTime() + 2 * 60 * 60 * 1000);
    const context = { siteUrl: site.origin, leadsTo: "owner@causeway.test" };
    expect(
      await proposeVisit(db, leadId, [{ startsAt, endsAt }], { email: "pat@causeway.test", client: null }, context),
    ).toEqual({ ok: true });
    const proposal = await db
      .selectFrom("outbox")
      .select(["id", "payload"])
      .where("kind", "=", "visit-proposal")
      .executeTakeFirstOrThrow();
    const token = /\/visit\/([\w-]{43})\b/.exec(await mailText(proposal))?.[1] ?? "";
    expect(token).toHaveLength(43);
    const when = formatWindow(startsAt, endsAt);
    const untouched = { visits: ["proposed"], spent: 0, invitations: 0 };
    const secrets = /Secret Person|secret\.person|Hidden Way|555-0117|pat@causeway|owner@causeway/;

    // Read as a script or a mail scanner would: the time the page shows, and nothing about anyone.
    const read = await fetch(`${site.origin}/visit/${token}.data`);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toContain("no-store");
    expect(read.headers.get("x-robots-tag")).toContain("noindex");
    const readBody = await read.text();
    expect(readBody).not.toMatch(secrets);
    expect(readBody).not.toContain(leadId);
    const shown = stringsIn(readBody);
    expect(shown).toContain(when);
    // Besides the visit's time, only the names of the keys, and the root route's public notice and
    // closure (none here) and the business facts every public page shows.
    const keys = [
      when,
      "ready",
      "state",
      "when",
      "data",
      "routes/visit",
      "root",
      "notice",
      "closedToday",
      ...rootFacts,
    ];
    expect(shown.filter((s) => !keys.includes(s))).toEqual([]);
    expect(await visitState(db)).toEqual(untouched);

    // Posted by another site's page, whichever spelling and whatever Origin it gives.
    for (const [path, origin] of [
      [`/visit/${token}.data`, "https://evil.example"],
      [`/visit/${token}.data`, "null"],
      [`/visit/${token}`, "https://evil.example"],
    ] as const) {
      const forged = await fetch(`${site.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(forged.status, `${path} from ${origin}`).toBe(403);
      expect(forged.headers.get("cache-control")).toContain("no-store");
      const forgedBody = await forged.text();
      expect(forgedBody).not.toContain(when);
      expect(forgedBody).not.toMatch(secrets);
      expect(await visitState(db), `${path} from ${origin}`).toEqual(untouched);
    }

    // The same post from the site's own page is what books the visit: the refusal above was the Origin's.
    const own = await fetch(`${site.origin}/visit/${token}.data`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(own.status).toBe(200);
    expect(stringsIn(await own.text())).toContain("confirmed");
    expect(await visitState(db)).toEqual({ visits: ["confirmed"], spent: 1, invitations: 2 });

    // Spent, its data spelling tells a later reader nothing: not even the time.
    const spent = await fetch(`${site.origin}/visit/${token}.data`);
    expect(spent.status).toBe(410);
    expect(spent.headers.get("cache-control")).toContain("no-store");
    const spentShown = stringsIn(await spent.text());
    expect(spentShown).toContain("gone");
    const spentKeys = ["gone", "state", "data", "routes/visit", "root", "notice", "closedToday", ...rootFacts];
    expect(spentShown.filter((s) => !spentKeys.includes(s))).toEqual([]);
  }, 60_000);
});
