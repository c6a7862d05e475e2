/**
 * The desk's way in, against SQLite and PostgreSQL with the real SMTP server: the `npm run owner`
 * command, sessions and their limits, and the emailed code with its lock-out.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { readSession, SESSION_IDLE_MS, SESSION_MAX_MS, startSession, endAllSessions } from "~/owner/sessions.server";
import { requestSignInCode, verifySignInCode } from "~/owner/sign-in-codes.server";
import { addOwner, ownerOfSetupToken } from "~/owner/owners.server";
import { runOwnerCommand } from "../../scripts/owner";
import { backends, useHarness } from "../support/harness";

export async function clearDesk(db: Kysely<Database>): Promise<void> {
  for (const table of [
    "owner_sessions",
    "owner_passkeys",
    "owner_setup_tokens",
    "owner_challenges",
    "owner_sign_in_codes",
    "owner_code_failures",
    "owner_audit",
    "owners",
  ] as const)
    await db.deleteFrom(table).execute();
}

function requestWith(cookie: string | undefined, url = "http://localhost:3000/owner"): Request {
  return new Request(url, { headers: cookie ? { cookie: cookie.split(";")[0] ?? "" } : {} });
}

describe.each(backends)("the desk's way in on %s", (backend) => {
  const harness = useHarness(backend);
  beforeEach(async () => clearDesk(await harness().db()));

  async function owner(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOwnerCommand(argv, harness().env, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("adds an owner with a one-time setup link, lists, audits and removes them", async () => {
    const added = await owner("add", "Pat@Example.com", "--origin", "http://localhost:3000");
    expect(added.code).toBe(0);
    const link = /http:\/\/localhost:3000\/owner\/setup\?token=([\w-]+)/.exec(added.out);
    expect(link).not.toBeNull();
    const db = await harness().db();
    expect((await ownerOfSetupToken(db, link?.[1]))?.email).toBe("pat@example.com");

    // A second link replaces the first; the default origin is SITE_URL's.
    const again = await owner("link", "pat@example.com");
    expect(again.out).toContain(`${harness().env.siteUrl}/owner/setup?token=`);
    expect(await ownerOfSetupToken(db, link?.[1])).toBeUndefined();

    expect(await owner("add", "pat@example.com")).toMatchObject({ code: 1 });
    expect(await owner("add", "not-an-address")).toMatchObject({ code: 2 });
    expect((await owner("list")).out).toMatch(/pat@example\.com .* 0 passkeys/);

    const found = await addOwner(db, "sam@example.com");
    if (!found.added) throw new Error("not added");
    const cookie = await startSession(db, requestWith(undefined), found.owner.id, "code");
    expect(await readSession(db, requestWith(cookie))).toBeDefined();
    expect(await owner("remove", "sam@example.com")).toMatchObject({ code: 0 });
    // A removed owner's session ends with them.
    expect(await readSession(db, requestWith(cookie))).toBeUndefined();

    const audit = await owner("audit");
    expect(audit.out).toMatch(/owner-removed .*sam@example\.com/);
    expect(audit.out).toMatch(/owner-added .*pat@example\.com/);
  });

  it("ends sessions after 7 idle days, after 30 days in all, and everywhere on request", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const start = new Date("2025-01-01T12:00:00Z");
    const cookie = await startSession(db, requestWith(undefined), added.owner.id, "passkey", start);
    expect(cookie).toMatch(/^desk_session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain("Secure");

    // Active every 6 days: still signed in on day 24, never past day 30.
    for (let day = 6; day <= 24; day += 6)
      expect(await readSession(db, requestWith(cookie), new Date(start.getTime() + day * 86_400_000))).toBeDefined();
    expect(await readSession(db, requestWith(cookie), new Date(start.getTime() + SESSION_MAX_MS))).toBeUndefined();

    const idle = await startSession(db, requestWith(undefined), added.owner.id, "passkey", start);
    expect(
      await readSession(db, requestWith(idle), new Date(start.getTime() + SESSION_IDLE_MS - 60_000)),
    ).toBeDefined();
    expect(await readSession(db, requestWith(idle), new Date(start.getTime() + 2 * SESSION_IDLE_MS))).toBeUndefined();

    const a = await startSession(db, requestWith(undefined), added.owner.id, "passkey");
    const b = await startSession(db, requestWith(undefined), added.owner.id, "code");
    expect(await endAllSessions(db, added.owner.id)).toBe(2);
    expect(await readSession(db, requestWith(a))).toBeUndefined();
    expect(await readSession(db, requestWith(b))).toBeUndefined();
  });

  it("uses a Secure __Host- cookie under HTTPS, and a new token at each sign-in", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const https = "https://site.causeway.test/owner/sign-in";
    const first = await startSession(db, requestWith(undefined, https), added.owner.id, "code");
    expect(first).toMatch(/^__Host-desk_session=.*; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const second = await startSession(db, requestWith(first, https), added.owner.id, "code");
    expect(second.split(";")[0]).not.toBe(first.split(";")[0]);
    // The token the browser held before signing in is worth nothing afterwards.
    expect(await readSession(db, requestWith(first, https))).toBeUndefined();
    expect(await readSession(db, requestWith(second, https))).toBeDefined();
    // The plain name is not read under HTTPS.
    expect(
      await readSession(db, requestWith(second.replace("__Host-desk_session", "desk_session"), https)),
    ).toBeUndefined();
  });

  it("mails a code that signs in once, and tells a stranger the same without mailing them", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    expect(await requestSignInCode(db, "Pat@Example.com", "198.51.100.7")).toEqual({ status: "sent" });
    expect(await requestSignInCode(db, "stranger@example.com", "198.51.100.7")).toEqual({ status: "sent" });
    const [mail] = await harness().smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(harness().smtp.received).toHaveLength(1);
    expect(mail?.rcptTo).toEqual(["pat@example.com"]);
    const code = /\b(\d{6})\b/.exec(mail?.mail.subject ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.mail.text).toContain(code);

    // Only a hash is kept.
    const stored = await db.selectFrom("owner_sign_in_codes").select("code_hash").execute();
    expect(stored.map((row) => row.code_hash).join()).not.toContain(code);

    expect(await verifySignInCode(db, "pat@example.com", code, "198.51.100.7")).toMatchObject({
      status: "ok",
      owner: { email: "pat@example.com" },
    });
    expect(await verifySignInCode(db, "pat@example.com", code, "198.51.100.7")).toEqual({ status: "wrong" });
    expect(await verifySignInCode(db, "pat@example.com", "12", "198.51.100.7")).toEqual({ status: "invalid-input" });
  });

  it("locks an address for 15 minutes after 5 wrong codes, the right one included", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    const now = new Date();
    await requestSignInCode(db, "pat@example.com", "198.51.100.8", now);
    const [mail] = await harness().smtp.waitFor(1);
    const code = /\b(\d{6})\b/.exec(mail?.mail.subject ?? "")?.[1] ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    const results: string[] = [];
    for (let n = 0; n < 5; n++)
      results.push((await verifySignInCode(db, "pat@example.com", wrong, "198.51.100.8", now)).status);
    expect(results).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
    expect((await verifySignInCode(db, "pat@example.com", code, "198.51.100.8", now)).status).toBe("locked");
    const later = new Date(now.getTime() + 9 * 60_000);
    expect((await verifySignInCode(db, "pat@example.com", code, "198.51.100.8", later)).status).toBe("locked");
    // The lock outlasts the code (10 minutes): after it, a new code works.
    const afterLock = new Date(now.getTime() + 15 * 60_000 + 1000);
    expect((await verifySignInCode(db, "pat@example.com", code, "198.51.100.8", afterLock)).status).toBe("wrong");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8", afterLock);
    const [, second] = await harness().smtp.waitFor(2);
    const fresh = /\b(\d{6})\b/.exec(second?.mail.subject ?? "")?.[1] ?? "";
    expect((await verifySignInCode(db, "pat@example.com", fresh, "198.51.100.8", afterLock)).status).toBe("ok");
    const audit = await db
      .selectFrom("owner_audit")
      .select("action")
      .where("action", "in", ["code-failed", "code-locked"])
      .execute();
    expect(audit).toHaveLength(6);
  });

  it("sends at most 5 codes per 15 minutes to an address, and to a client", async () => {
    const db = await harness().db();
    const statuses: string[] = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await requestSignInCode(db, "pat@example.com", `198.51.100.${20 + n}`)).status);
    expect(statuses).toEqual(["sent", "sent", "sent", "sent", "sent", "too-many"]);
    const fromOneClient: string[] = [];
    for (let n = 0; n < 6; n++)
      fromOneClient.push((await requestSignInCode(db, `someone${n}@example.com`, "198.51.100.99")).status);
    expect(fromOneClient).toEqual(["sent", "sent", "sent", "sent", "sent", "too-many"]);
  });
});
