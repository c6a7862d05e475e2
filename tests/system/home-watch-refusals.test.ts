/**
 * The home watch form's posts tried as an attacker would, against the built server on SQLite: a
 * foreign Origin, a malformed key, a cut-off or oversized body, missing fields, a kind of request
 * the site does not take. Each is refused with a 4xx, never a 500, and stores nothing; the same
 * request from the site itself is stored as home watch, and the desk's lead page shows it as such.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { oneSqliteSiteForThisFile, type BuiltSite } from "../support/system";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

const fields = {
  request_kind: "home-watch",
  name: "Jane Doe",
  email: "jane.doe@example.com",
  phone: "609-555-0199",
  address: "12 Ocean Ave, Surf City, NJ",
  empty_from: "November",
  empty_until: "April",
};

function form(overrides: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) body.set(name, value);
  return body;
}

const send = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${origin}/api/estimate`, { method: "POST", body, headers: { Origin: origin, ...headers } });

const leads = () => s.db.selectFrom("leads").select(["service", "description"]).execute();

describe("the home watch form's posts", () => {
  it("refuses a foreign Origin, a bad key, cut-off, oversized and incomplete posts with a 4xx, storing nothing", async () => {
    const refusals: [string, Promise<Response>, number][] = [
      ["foreign Origin", send(form(), { Origin: "https://evil.example" }), 403],
      ["malformed key", send(form(), { "Idempotency-Key": "not a key" }), 400],
      [
        "cut-off body",
        send('--b\r\nContent-Disposition: form-data; name="request_kind"\r\n\r\nhome-watch\r\n--b\r\nContent-Dis', {
          "Content-Type": "multipart/form-data; boundary=b",
        }),
        400,
      ],
      ["oversized field", send(form({ address: "x".repeat(80 * 1024) })), 413],
      ["missing months", send(form({ empty_from: "", empty_until: "" })), 400],
      ["unknown kind", send(form({ request_kind: "pool-watch" })), 400],
      ["not a form", send(JSON.stringify(fields), { "Content-Type": "application/json" }), 415],
    ];
    for (const [what, answer, status] of refusals) {
      const response = await answer;
      expect(response.status, what).toBe(status);
      expect(((await response.json()) as { success: boolean }).success, what).toBe(false);
    }
    const missing = await send(form({ empty_from: "" }));
    expect(await missing.json()).toMatchObject({
      fieldErrors: { empty_from: "Please choose the month the house is first empty." },
    });
    expect(await leads()).toEqual([]);
  });

  it("stores the same request from the site itself as home watch, and the desk's lead page says so", async () => {
    expect((await send(form())).status).toBe(200);
    expect(await leads()).toEqual([
      { service: "home-watch", description: "Home watch request. The house stands empty from November to April." },
    ]);
    const { id } = await s.db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    const page = await fetch(`${origin}/owner/leads/${id}`, { headers: { cookie: s.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<dt[^>]*>Service<\/dt><dd data-testid="lead-service">Off-Season Home Watch<\/dd>/);
    expect(html).toContain("The house stands empty from November to April.");
  });
});
