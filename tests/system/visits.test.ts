/**
 * Visit links tried as an attacker would, against the built server: guessing tokens in a burst,
 * in any spelling of the path, is cut off at the form budget, and every guess reads the same
 * neutral page.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startBuiltServer } from "../support/built-server";
import { stopAfterEachTest } from "../support/system";

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
    expect(page.headers.get("referrer-policy")).toMatch(/(^|, )no-referrer$/);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(await page.text()).toContain("This link no longer works");
  }, 60_000);
});
