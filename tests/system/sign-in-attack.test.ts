/**
 * The desk's emailed code tried as an attacker would, against the built server on both databases:
 * one code asked for, then 300 wrong codes and the right one in flight at once. No session may
 * come of it, and no more codes may be checked than the lock allows; a right code in a fresh
 * 15 minutes still signs in. Time passes by moving every stored time back, as the server reads
 * the clock itself.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openMigratedDatabase } from "~/infra/db.server";
import type { Database } from "~/infra/schema.server";
import { addOwner } from "~/owner/owners.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { postAllAtOnce } from "../support/parallel-posts";
import { createTestDatabase } from "../support/postgres";
import type { RawAnswer } from "../support/raw-request";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { letTimePass } from "../support/stored-time";
import { postgresForThisFile, stopAfterEachTest } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const OWNER = "pat@causeway.test";

interface Desk {
  site: BuiltServer;
  smtp: TestSmtpServer;
  db: Kysely<Database>;
}

async function desk(backend: "sqlite" | "postgres", env: Record<string, string> = {}): Promise<Desk> {
  const smtp = stopAfterTest(await startSmtpServer());
  const databaseUrl = backend === "postgres" ? await createTestDatabase(postgres().url) : undefined;
  const site = stopAfterTest(
    await startBuiltServer({
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: "200",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
  );
  const handle = await openMigratedDatabase({ dataDir: site.dataDir, databaseUrl });
  stopAfterTest({ stop: () => handle.close() });
  const added = await addOwner(handle.db, OWNER);
  if (!added.added) throw new Error("owner not added");
  return { site, smtp, db: handle.db };
}

const signIn = (site: BuiltServer, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${site.origin}/owner/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams(fields),
  });

async function askForCode(d: Desk, mailsBefore: number): Promise<string> {
  const asked = await signIn(d.site, { intent: "send-code", email: OWNER });
  expect(asked.status).toBe(200);
  const mails = await d.smtp.waitFor(mailsBefore + 1);
  const code = /\b(\d{6})\b/.exec(mails[mailsBefore]?.mail.subject ?? "")?.[1];
  if (!code) throw new Error("no code in the email");
  return code;
}

function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const candidate = String((Number(right) + 1 + n * 7919) % 1_000_000).padStart(6, "0");
    if (candidate !== right) codes.push(candidate);
  }
  return codes;
}

/** True when the answer hands the browser a desk session. */
function setsSession(answer: { headers: Headers } | RawAnswer): boolean {
  const cookies =
    answer.headers instanceof Headers
      ? answer.headers.getSetCookie()
      : [answer.headers["set-cookie"] ?? []].flat().filter((c): c is string => typeof c === "string");
  return cookies.some((cookie) => /desk_session=[^;]+/.test(cookie));
}

/** Codes compared with a stored one, as the audit log records them. */
async function codeChecks(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom("owner_audit").select(["action", "detail"]).execute();
  return rows.filter(
    (row) =>
      row.action === "code-failed" ||
      row.action === "code-locked" ||
      (row.action === "signed-in" && row.detail === "emailed code"),
  ).length;
}

describe.each(["sqlite", "postgres"] as const)("the emailed code under a parallel attack on %s", (backend) => {
  it("300 wrong codes and the right one at once: no session, at most 5 checks; a right code 15 minutes later signs in", async () => {
    const d = await desk(backend);
    const code = await askForCode(d, 0);
    const forms = [...wrongCodes(code, 300), code].map((guess) => ({
      intent: "verify-code",
      email: OWNER,
      code: guess,
    }));
    const answers = await postAllAtOnce(d.site.origin, "/owner/sign-in", forms);
    const checks = await codeChecks(d.db);
    console.log(`${backend}: ${checks} of ${forms.length} codes sent at once were checked`);

    expect(answers.filter(setsSession)).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(checks).toBeLessThanOrEqual(5);
    expect(checks).toBeGreaterThan(0);
    expect(await d.db.selectFrom("owner_sessions").select("id").execute()).toEqual([]);
    // Once the tries are spent, the right code is refused like any other.
    expect(setsSession(await signIn(d.site, { intent: "verify-code", email: OWNER, code }))).toBe(false);

    await letTimePass(d.db, 15 * 60_000 + 1_000);
    const fresh = await askForCode(d, 1);
    const signedIn = await signIn(d.site, { intent: "verify-code", email: OWNER, code: fresh });
    expect(signedIn.status).toBe(302);
    expect(setsSession(signedIn)).toBe(true);
  }, 120_000);
});

describe("a stranger who knows the owner's address", () => {
  it("cannot lock the owner out of codes: 300 wrong codes at once from one client leave the owner's own client free", async () => {
    const d = await desk("postgres");
    const stranger = { "X-Forwarded-For": "203.0.113.9" };
    const owner = { "X-Forwarded-For": "198.51.100.8" };
    const guesses = wrongCodes("999999", 300).map((code) => ({ intent: "verify-code", email: OWNER, code }));
    const answers = await postAllAtOnce(d.site.origin, "/owner/sign-in", guesses, stranger);
    expect(answers.filter(setsSession)).toEqual([]);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(295);
    // The stranger asks for codes too: five, then refused; the owner's own request still goes out.
    for (let n = 0; n < 6; n++) await signIn(d.site, { intent: "send-code", email: OWNER }, stranger);
    expect((await signIn(d.site, { intent: "send-code", email: OWNER }, stranger)).status).toBe(429);
    const asked = await signIn(d.site, { intent: "send-code", email: OWNER }, owner);
    expect(asked.status).toBe(200);
    const mails = await d.smtp.waitFor(6);
    const code = /\b(\d{6})\b/.exec(mails.at(-1)?.mail.subject ?? "")?.[1] ?? "";
    const signedIn = await signIn(d.site, { intent: "verify-code", email: OWNER, code }, owner);
    expect(signedIn.status).toBe(302);
    expect(setsSession(signedIn)).toBe(true);
  }, 120_000);
});

describe("the desk's ways in share one budget per client", () => {
  it("answers 429 past 60 posts in 15 minutes to sign-in, setup and passkey together, however spelled and however parallel", async () => {
    const d = await desk("sqlite", { RATE_LIMIT_MAX: "10" });
    const paths = ["/owner/sign-in", "/OWNER/Sign-In/", "/owner/sign-in.data", "/owner/setup", "/owner/passkey"];
    const client = { "X-Forwarded-For": "203.0.113.20" };
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, n) =>
        fetch(`${d.site.origin}${paths[n % paths.length]}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...client, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "verify-code", email: `someone${n}@example.com`, code: "123456" }),
        }),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(30);
    for (const answer of refused) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused[0]?.text()).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // The passkey endpoint's script reads a JSON refusal.
    const passkey = await fetch(`${d.site.origin}/owner/passkey`, {
      method: "POST",
      headers: { ...client, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "sign-in-options" }),
    });
    expect(passkey.status).toBe(429);
    expect(((await passkey.json()) as { error: string }).error).toMatch(/^Too many attempts/);
    // Another client has a budget of its own.
    const other = await signIn(d.site, { intent: "send-code", email: OWNER }, { "X-Forwarded-For": "198.51.100.8" });
    expect(other.status).toBe(200);
  }, 60_000);
});
