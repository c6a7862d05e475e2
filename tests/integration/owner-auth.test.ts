/**
 * The desk's way in, against SQLite and PostgreSQL with the real SMTP server: the `npm run owner`
 * command, sessions and their limits, the emailed code with its lock-out, "Sign out everywhere"
 * ending the setup links and passkey challenges too, a device name holding a hidden character, and
 * the fresh sign-in that removing a passkey or a device, or signing out everywhere, asks for. The
 * setup page's and the Account page's passkey buttons pressed before the script ran say it is needed.
 */
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { readSession, SESSION_IDLE_MS, SESSION_MAX_MS, startSession, endAllSessions } from "~/owner/sessions.server";
import { requestSignInCode, verifySignInCode } from "~/owner/sign-in-codes.server";
import { addOwner, issueSetupLink, ownerOfSetupToken, type Owner } from "~/owner/owners.server";
import { action as accountAction, loader as accountLoader } from "~/routes/owner.account";
import { action as passkeyAction } from "~/routes/owner.passkey";
import { action as setupAction, loader as setupLoader } from "~/routes/owner.setup";
import { action as signOutAction } from "~/routes/owner.sign-out";
import { runOwnerCommand } from "../../scripts/owner";
import { backends, useHarness } from "../support/harness";
import { routeArgs, runRoute } from "../support/requests";
import { letTimePass } from "../support/stored-time";

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

const DESK = "http://localhost:3000";

/** What a route handed back: a Response (a redirect, JSON), or `data()` with its status. */
function settled(value: unknown): { status: number; body: unknown; headers?: Headers } {
  if (value instanceof Response) return { status: value.status, body: undefined, headers: value.headers };
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const d = value as unknown as { data: unknown; init?: { status?: number } };
    return { status: d.init?.status ?? 200, body: d.data };
  }
  return { status: 200, body: value };
}

/** A post of the desk's, as the browser sends it with the session's cookie. */
function deskPost(path: string, cookie: string, body: URLSearchParams | string): Request {
  return new Request(`${DESK}${path}`, {
    method: "POST",
    body,
    headers: {
      cookie: cookie.split(";")[0] ?? "",
      Origin: DESK,
      ...(typeof body === "string" ? { "Content-Type": "application/json" } : {}),
    },
  });
}

type RouteArgs<F extends (...args: never[]) => unknown> = Parameters<F>[0];
const argsOf = <F extends (...args: never[]) => unknown>(request: Request): RouteArgs<F> =>
  routeArgs(request) as unknown as RouteArgs<F>;

async function passkeyPost(body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await passkeyAction(
    argsOf<typeof passkeyAction>(deskPost("/owner/passkey", "", JSON.stringify(body))),
  );
  // JSON is answered in JSON; only a form posted without the page's script is answered otherwise.
  if (!(response instanceof Response)) throw new Error("the passkey endpoint answered JSON with a page's answer");
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Two passkeys (so one may be removed) and a phone notified of new leads. */
async function withTwoPasskeysAndADevice(db: Kysely<Database>, owner: Owner): Promise<void> {
  for (const [id, device_name] of [
    ["pats-phone", "Pat's phone"],
    ["pats-laptop", "Pat's laptop"],
  ] as const)
    await db
      .insertInto("owner_passkeys")
      .values({
        id,
        owner_id: owner.id,
        public_key: Buffer.from("key"),
        counter: 0,
        transports: null,
        device_name,
        created_at: new Date().toISOString(),
      })
      .execute();
  await db
    .insertInto("push_subscriptions")
    .values({
      id: "pats-phone",
      owner_id: owner.id,
      endpoint: "https://fcm.googleapis.com/fcm/send/pats-phone",
      p256dh: "x",
      auth: "y",
      device_name: "iPhone",
      created_at: new Date().toISOString(),
    })
    .execute();
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

  it("ends the owner's unused setup links and open passkey challenges when signing out everywhere", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    const other = await addOwner(db, "sam@example.com");
    if (!added.added || !other.added) throw new Error("not added");
    const pat = added.owner;
    const link = await issueSetupLink(db, pat, DESK);
    const token = new URL(link.url).searchParams.get("token") ?? "";
    const samsLink = await issueSetupLink(db, other.owner, DESK);
    // Opened on some device: the page offers a passkey, and the prompt's challenge is waiting.
    const opened = await setupLoader(argsOf<typeof setupLoader>(new Request(link.url)));
    expect(opened).toMatchObject({ token, email: "pat@example.com" });
    expect((await passkeyPost({ intent: "register-options", token })).status).toBe(200);
    const challenges = () =>
      db.selectFrom("owner_challenges").select("challenge").where("owner_id", "=", pat.id).execute();
    expect(await challenges()).toHaveLength(1);

    const cookie = await startSession(db, requestWith(undefined), pat.id, "passkey");
    const signedOut = settled(
      await signOutAction(
        argsOf<typeof signOutAction>(deskPost("/owner/sign-out", cookie, new URLSearchParams({ scope: "everywhere" }))),
      ),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers?.get("location")).toBe("/owner/sign-in");

    // The link made before no longer offers a passkey, nor the options to make one.
    expect(await setupLoader(argsOf<typeof setupLoader>(new Request(link.url)))).toMatchObject({
      token: "",
      email: null,
    });
    expect(await ownerOfSetupToken(db, token)).toBeUndefined();
    const options = await passkeyPost({ intent: "register-options", token });
    expect(options.status).toBe(400);
    expect(options.json.error).toMatch(/This setup link has expired or was already used/);
    expect(await challenges()).toEqual([]);
    // Another owner's link is theirs, and still works.
    expect((await ownerOfSetupToken(db, new URL(samsLink.url).searchParams.get("token")))?.email).toBe(
      "sam@example.com",
    );
    const audit = await db
      .selectFrom("owner_audit")
      .select("detail")
      .where("action", "=", "signed-out-everywhere")
      .execute();
    expect(audit).toEqual([{ detail: "sessions ended: 1, notified devices removed: 0, setup links ended: 1" }]);
  });

  it("refuses a device name holding a hidden character before the passkey prompt, keeping the setup link", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const link = await issueSetupLink(db, added.owner, DESK);
    const token = new URL(link.url).searchParams.get("token") ?? "";
    const message =
      "The name for this device holds a hidden direction mark (U+202E) that would not show on screen. Type it again without it.";
    const options = await passkeyPost({ intent: "register-options", token, deviceName: "Pat's \u202ehpone" });
    expect(options).toEqual({ status: 400, json: { error: message } });
    // An answer sent anyway is refused the same way, before anything is stored or spent.
    const answer = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
    };
    const registered = await passkeyPost({ intent: "register", token, deviceName: "Pat\u200bphone", response: answer });
    expect(registered.status).toBe(400);
    expect(registered.json.error).toMatch(/^The name for this device holds a zero-width character \(U\+200B\)/);
    expect(await db.selectFrom("owner_passkeys").select("id").execute()).toEqual([]);
    expect((await ownerOfSetupToken(db, token))?.email).toBe("pat@example.com");
  });

  it("answers the setup button pressed before the page's script with the page again, leaving the link live", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const link = await issueSetupLink(db, added.owner, DESK);
    const token = new URL(link.url).searchParams.get("token") ?? "";
    const fields = new URLSearchParams({ intent: "create-passkey", deviceName: "Pat's phone" });
    const pressed = settled(
      await setupAction(argsOf<typeof setupAction>(deskPost(`/owner/setup?token=${token}`, "", fields))),
    );
    expect(pressed).toEqual({ status: 200, body: { scriptNeeded: true, deviceName: "Pat's phone" } });
    expect(await setupLoader(argsOf<typeof setupLoader>(new Request(link.url)))).toMatchObject({
      token,
      email: "pat@example.com",
    });
    expect((await ownerOfSetupToken(db, token))?.email).toBe("pat@example.com");
  });

  it("answers Add passkey pressed before the Account page's script with the Account page again, saying why, adding nothing", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const cookie = await startSession(db, requestWith(undefined), added.owner.id, "passkey");
    const fields = { intent: "add-passkey", deviceName: "Pat's phone" };
    // The browser posts the form itself, asking for a page; a hand-made post asks for anything.
    const pressed = (session: string, accept: string) =>
      passkeyAction(
        argsOf<typeof passkeyAction>(
          new Request(`${DESK}/owner/passkey`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { cookie: session.split(";")[0] ?? "", Origin: DESK, Accept: accept },
          }),
        ),
      );
    const message =
      "No passkey was added: the page had not finished loading, and its script adds the passkey. Wait a moment " +
      "and press Add passkey again. If this message comes back, JavaScript is off in this browser: turn it on to " +
      "add a passkey.";
    const refused = {
      ok: false,
      intent: "add-passkey",
      errors: { form: message },
      values: { deviceName: "Pat's phone" },
    };

    const page = settled(await pressed(cookie, "text/html,application/xhtml+xml"));
    expect(page.status).toBe(303);
    expect(page.headers?.get("location")).toBe("/owner/account");
    // The answer rides in the sealed cookie, read once by the Account page, the name typed with it.
    const answer = (page.headers?.getSetCookie() ?? []).find((c) => c.includes("Path=/owner;"))?.split(";")[0] ?? "";
    expect(answer).toMatch(/^desk_answer=./);
    const shown = settled(
      await accountLoader(
        argsOf<typeof accountLoader>(
          new Request(`${DESK}/owner/account`, { headers: { cookie: `${cookie.split(";")[0] ?? ""}; ${answer}` } }),
        ),
      ),
    );
    expect(shown).toMatchObject({ status: 200, body: { answer: refused } });
    expect(settled(await pressed(cookie, "*/*"))).toMatchObject({ status: 400, body: refused });

    // A stranger is sent to sign in, as by every desk page.
    const stranger = await runRoute(() => pressed("", "text/html"));
    expect(stranger.status).toBe(302);
    expect(stranger.headers?.get("location")).toBe("/owner/sign-in");
    expect(await db.selectFrom("owner_passkeys").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("owner_challenges").select("challenge").execute()).toEqual([]);
  });

  it("asks a sign-in older than 10 minutes to confirm it's the owner before removing a passkey or a device, or signing out everywhere", async () => {
    const db = await harness().db();
    const added = await addOwner(db, "pat@example.com");
    if (!added.added) throw new Error("not added");
    const pat = added.owner;
    await withTwoPasskeysAndADevice(db, pat);
    const cookie = await startSession(db, requestWith(undefined), pat.id, "passkey");
    // The sign-in was 11 minutes ago; the session itself is still live.
    await letTimePass(db, 11 * 60_000);
    const confirm = "/owner/sign-in?next=%2Fowner%2Faccount&again=1";
    const account = (fields: Record<string, string>, session = cookie) =>
      accountAction(argsOf<typeof accountAction>(deskPost("/owner/account", session, new URLSearchParams(fields))));

    const passkey = settled(await account({ intent: "remove-passkey", passkey: "pats-laptop" }));
    expect(passkey).toMatchObject({
      status: 403,
      body: {
        ok: false,
        errors: {
          form: "Removing a passkey needs a sign-in within the last 10 minutes. Confirm it's you, then try again.",
        },
        signIn: confirm,
      },
    });
    const device = settled(await account({ intent: "remove-device", device: "pats-phone" }));
    expect(device).toMatchObject({ status: 403, body: { ok: false, signIn: confirm } });
    expect((device.body as { errors: { form: string } }).errors.form).toMatch(/^Removing a device needs a sign-in/);
    const everywhere = settled(
      await signOutAction(
        argsOf<typeof signOutAction>(deskPost("/owner/sign-out", cookie, new URLSearchParams({ scope: "everywhere" }))),
      ),
    );
    expect(everywhere.status).toBe(302);
    expect(everywhere.headers?.get("location")).toBe(confirm);
    expect(everywhere.headers?.get("set-cookie")).toBeNull();
    // Nothing was removed, nothing signed out.
    expect((await db.selectFrom("owner_passkeys").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual([
      "pats-laptop",
      "pats-phone",
    ]);
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([{ id: "pats-phone" }]);
    expect(await readSession(db, requestWith(cookie))).toBeDefined();
    expect(
      await db
        .selectFrom("owner_audit")
        .select("action")
        .where("action", "in", ["passkey-removed", "signed-out-everywhere"])
        .execute(),
    ).toEqual([]);
    // Plain sign-out of this session stays free.
    const plain = settled(
      await signOutAction(argsOf<typeof signOutAction>(deskPost("/owner/sign-out", cookie, new URLSearchParams()))),
    );
    expect(plain.headers?.get("location")).toBe("/owner/sign-in");
    expect(await readSession(db, requestWith(cookie))).toBeUndefined();

    // Signed in again just now: each goes through.
    const fresh = await startSession(db, requestWith(undefined), pat.id, "passkey");
    expect(settled(await account({ intent: "remove-passkey", passkey: "pats-laptop" }, fresh))).toMatchObject({
      status: 200,
      body: { ok: true, done: "Passkey removed." },
    });
    expect(settled(await account({ intent: "remove-device", device: "pats-phone" }, fresh))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const ended = settled(
      await signOutAction(
        argsOf<typeof signOutAction>(deskPost("/owner/sign-out", fresh, new URLSearchParams({ scope: "everywhere" }))),
      ),
    );
    expect(ended.headers?.get("location")).toBe("/owner/sign-in");
    expect(await db.selectFrom("owner_passkeys").select("id").execute()).toEqual([{ id: "pats-phone" }]);
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
    expect(await readSession(db, requestWith(fresh))).toBeUndefined();
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

  /** The code in the n-th email received (1-based). */
  async function codeOf(n: number): Promise<string> {
    const mails = await harness().smtp.waitFor(n);
    const code = /\b(\d{6})\b/.exec(mails[n - 1]?.mail.subject ?? "")?.[1];
    if (!code) throw new Error(`no code in email ${n}`);
    return code;
  }
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

  it("gives an address 5 checks per client in 15 minutes, the right code's included, then a fresh 5", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    const code = await codeOf(1);
    const results: string[] = [];
    for (let n = 0; n < 5; n++)
      results.push((await verifySignInCode(db, "pat@example.com", wrongFor(code), "198.51.100.8")).status);
    expect(results).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
    expect(await verifySignInCode(db, "pat@example.com", code, "198.51.100.8")).toMatchObject({ status: "locked" });
    await letTimePass(db, 9 * 60_000);
    expect((await verifySignInCode(db, "pat@example.com", code, "198.51.100.8")).status).toBe("locked");
    // 15 minutes on, the code (10 minutes) has expired, and a new one works.
    await letTimePass(db, 6 * 60_000 + 1000);
    expect((await verifySignInCode(db, "pat@example.com", code, "198.51.100.8")).status).toBe("wrong");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    expect((await verifySignInCode(db, "pat@example.com", await codeOf(2), "198.51.100.8")).status).toBe("ok");
    const audit = await db
      .selectFrom("owner_audit")
      .select("action")
      .where("action", "in", ["code-failed", "code-locked"])
      .execute();
    // Each code compared is in the log; the tries refused before any comparison are not.
    expect(audit.map((row) => row.action).sort()).toEqual([...Array<string>(5).fill("code-failed"), "code-locked"]);
  });

  it("lets the owner sign in from their own client while a stranger's wrong codes lock only the stranger", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    const stranger = "203.0.113.66";
    for (let n = 0; n < 6; n++) await verifySignInCode(db, "pat@example.com", String(100000 + n), stranger);
    expect((await verifySignInCode(db, "pat@example.com", "123456", stranger)).status).toBe("locked");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    expect((await verifySignInCode(db, "pat@example.com", await codeOf(1), "198.51.100.8")).status).toBe("ok");
  });

  it("answers no client past 20 checks of one address in an hour, owner or not, in the same words", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    const code = await codeOf(1);
    for (const email of ["pat@example.com", "nobody@example.com"]) {
      const statuses: string[] = [];
      // Four clients, five wrong codes each: the ceiling, spent by many clients at once.
      for (let client = 0; client < 4; client++)
        for (let n = 0; n < 5; n++)
          statuses.push((await verifySignInCode(db, email, wrongFor(code), `203.0.113.${client}`)).status);
      expect(statuses.filter((s) => s === "locked")).toHaveLength(4);
      const fromElsewhere = await verifySignInCode(db, email, code, "198.51.100.99");
      expect(fromElsewhere).toMatchObject({ status: "locked" });
      expect(fromElsewhere.status === "locked" && fromElsewhere.retryAfterSeconds).toBeGreaterThan(15 * 60);
    }
    // An hour on, the owner's own client gets in again.
    await letTimePass(db, 60 * 60_000 + 1000);
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    expect((await verifySignInCode(db, "pat@example.com", await codeOf(2), "198.51.100.8")).status).toBe("ok");
  });

  it("never lets one client alone spend the address's hourly ceiling", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    // A stranger guessing without pause, 5 every quarter hour, for most of an hour.
    for (let quarter = 0; quarter < 4; quarter++) {
      if (quarter > 0) await letTimePass(db, 15 * 60_000 + 1000);
      for (let n = 0; n < 5; n++) await verifySignInCode(db, "pat@example.com", String(200000 + n), "203.0.113.66");
    }
    const compared = await db
      .selectFrom("owner_audit")
      .select("id")
      .where("action", "in", ["code-failed", "code-locked"])
      .execute();
    expect(compared).toHaveLength(10);
    // Three quarters of an hour in, the owner still signs in with a code.
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    expect((await verifySignInCode(db, "pat@example.com", await codeOf(1), "198.51.100.8")).status).toBe("ok");
  });

  it("voids the earlier codes when a new one is asked for", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    const first = await codeOf(1);
    await requestSignInCode(db, "pat@example.com", "198.51.100.8");
    const second = await codeOf(2);
    if (first !== second)
      expect((await verifySignInCode(db, "pat@example.com", first, "198.51.100.8")).status).toBe("wrong");
    expect((await verifySignInCode(db, "pat@example.com", second, "198.51.100.8")).status).toBe("ok");
    const live = await db.selectFrom("owner_sign_in_codes").select("id").where("used_at", "is", null).execute();
    expect(live).toEqual([]);
  });

  it("sends at most 5 codes per client in 15 minutes, and 20 per address in an hour; a stranger cannot spend the owner's", async () => {
    const db = await harness().db();
    await addOwner(db, "pat@example.com");
    const fromOneClient: string[] = [];
    for (let n = 0; n < 6; n++)
      fromOneClient.push((await requestSignInCode(db, `someone${n}@example.com`, "198.51.100.99")).status);
    expect(fromOneClient).toEqual(["sent", "sent", "sent", "sent", "sent", "too-many"]);
    // A stranger asking for the owner's address from one client is stopped at 5; the owner still gets a code.
    const stranger: string[] = [];
    for (let n = 0; n < 6; n++) stranger.push((await requestSignInCode(db, "pat@example.com", "203.0.113.66")).status);
    expect(stranger).toEqual(["sent", "sent", "sent", "sent", "sent", "too-many"]);
    expect((await requestSignInCode(db, "pat@example.com", "198.51.100.8")).status).toBe("sent");
    // Many clients together reach the address's hourly ceiling, the same for an owner's address and another.
    for (const email of ["pat@example.com", "nobody@example.com"]) {
      const statuses: string[] = [];
      for (let client = 0; client < 25; client++)
        statuses.push((await requestSignInCode(db, email, `192.0.2.${client}`)).status);
      expect(statuses.filter((s) => s === "too-many").length, email).toBe(email === "pat@example.com" ? 11 : 5);
    }
  });
});
