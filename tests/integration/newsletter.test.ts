/**
 * The newsletter's double opt-in, from signup to one-click unsubscribe, against SQLite and
 * PostgreSQL and a real SMTP server.
 */
import { HONEYPOT_FIELD } from "~/leads/honeypot";
import { describe, expect, it } from "vitest";
import { action as signupApi } from "~/routes/api.newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter.confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/newsletter.unsubscribe";
import { backends, useHarness, LEADS_TO, SITE_URL } from "../support/harness";
import { jsonPost, ORIGIN, post, routeArgs } from "../support/requests";
import type { ReceivedMail } from "../support/smtp";

async function signup(body: unknown) {
  const response = await signupApi(routeArgs(jsonPost("/api/newsletter", body)));
  return { status: response.status, contentType: response.headers.get("content-type"), body: await response.json() };
}

/** Route actions return `data()`; unwrap it the way React Router does. */
function unwrap<T>(result: T | { data: T; init: ResponseInit | null }): { data: T; status: number } {
  if (typeof result === "object" && result !== null && "init" in result && "data" in result)
    return { data: result.data, status: result.init?.status ?? 200 };
  return { data: result as T, status: 200 };
}

function linkToken(text: string, path: string): string {
  const match = new RegExp(`${SITE_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

function header(message: ReceivedMail, name: string): string | undefined {
  const line = message.mail.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, " ").replace(/^[^:]+:\s*/, "");
}

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/** Presses the confirm page's button: a form post to the page's address. */
async function pressConfirm(path: string, fields: Record<string, string> = {}) {
  return unwrap(await confirmAction(routeArgs(post(path, new URLSearchParams(fields), urlencoded))));
}

async function pressUnsubscribe(path: string, body: BodyInit, headers: Record<string, string> = urlencoded) {
  return unwrap(await unsubscribeAction(routeArgs(post(path, body, headers))));
}

function get(path: string): Request {
  return new Request(`${ORIGIN}${path}`);
}

describe.each(backends)("newsletter on %s", (backend) => {
  const harness = useHarness(backend);

  async function subscriber(email: string) {
    const db = await harness().db();
    return db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();
  }

  it("signs up, confirms with a button (not on GET), welcomes with List-Unsubscribe, and unsubscribes in one click", async () => {
    expect(await signup({ email: "  Reader@Example.COM " })).toMatchObject({ status: 200, body: {} });
    expect(await subscriber("reader@example.com")).toMatchObject({ status: "pending" });

    const [confirmation] = await harness().smtp.waitFor(1);
    expect(confirmation?.rcptTo).toEqual(["reader@example.com"]);
    const token = linkToken(String(confirmation?.mail.text), "/newsletter/confirm");

    // Opening the link (or a mail scanner prefetching it) changes nothing.
    const page = await confirmLoader(routeArgs(get(`/newsletter/confirm?token=${token}`)));
    expect(page.state).toBe("ready");
    expect(await subscriber("reader@example.com")).toMatchObject({ status: "pending" });

    const confirmed = await pressConfirm(`/newsletter/confirm?token=${token}`, { token });
    expect(confirmed).toEqual({ status: 200, data: { state: "confirmed" } });
    expect(await subscriber("reader@example.com")).toMatchObject({ status: "confirmed" });

    const received = await harness().smtp.waitFor(2);
    const welcome = received[1]!;
    expect(welcome.mail.subject).toMatch(/subscribed/);
    const unsubscribeToken = linkToken(String(welcome.mail.text), "/newsletter/unsubscribe");
    expect(header(welcome, "List-Unsubscribe")).toBe(
      `<${SITE_URL}/newsletter/unsubscribe?token=${unsubscribeToken}>, <mailto:${LEADS_TO}?subject=unsubscribe>`,
    );
    expect(header(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // Pressing confirm again: no second welcome.
    const again = await pressConfirm(`/newsletter/confirm?token=${token}`);
    expect(again.data.state).toBe("already-confirmed");

    // RFC 8058 one-click: the mail client posts this body to the List-Unsubscribe address.
    const oneClick = () =>
      pressUnsubscribe(`/newsletter/unsubscribe?token=${unsubscribeToken}`, "List-Unsubscribe=One-Click");
    expect(await oneClick()).toEqual({ status: 200, data: { state: "unsubscribed" } });
    expect(await subscriber("reader@example.com")).toMatchObject({ status: "unsubscribed" });
    expect((await oneClick()).data.state).toBe("already-unsubscribed");

    // The old confirmation link cannot subscribe the address again.
    const stale = await pressConfirm(`/newsletter/confirm?token=${token}`);
    expect(stale).toEqual({ status: 400, data: { state: "invalid" } });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness().smtp.received).toHaveLength(2);
  });

  it("unsubscribes from the page's button, which posts the token as a field", async () => {
    await signup({ email: "page@example.com" });
    const [confirmation] = await harness().smtp.waitFor(1);
    const token = linkToken(String(confirmation?.mail.text), "/newsletter/confirm");
    await pressConfirm("/newsletter/confirm", { token });
    const [, welcome] = await harness().smtp.waitFor(2);
    const unsubscribeToken = linkToken(String(welcome?.mail.text), "/newsletter/unsubscribe");

    const page = await unsubscribeLoader(routeArgs(get(`/newsletter/unsubscribe?token=${unsubscribeToken}`)));
    expect(page).toEqual({ token: unsubscribeToken, state: "ready" });
    expect(await subscriber("page@example.com")).toMatchObject({ status: "confirmed" });

    const multipart = new FormData();
    multipart.append("token", unsubscribeToken);
    const result = await pressUnsubscribe("/newsletter/unsubscribe", multipart, {});
    expect(result.data.state).toBe("unsubscribed");
    expect(await subscriber("page@example.com")).toMatchObject({ status: "unsubscribed" });
  });

  it("answers a signup identically whether the address is new, pending or confirmed, and mails only when useful", async () => {
    const first = await signup({ email: "twice@example.com" });
    const second = await signup({ email: "twice@example.com" });
    await harness().smtp.waitFor(1);

    await signup({ email: "member@example.com" });
    const [, memberMail] = await harness().smtp.waitFor(2);
    const token = linkToken(String(memberMail?.mail.text), "/newsletter/confirm");
    await pressConfirm(`/newsletter/confirm?token=${token}`);
    await harness().smtp.waitFor(3);
    const member = await signup({ email: "MEMBER@example.com" });

    expect(second).toEqual(first);
    expect(member).toEqual(first);
    expect(first).toEqual({ status: 200, contentType: "application/json", body: {} });

    await new Promise((resolve) => setTimeout(resolve, 300));
    const toTwice = harness().smtp.received.filter((message) => message.rcptTo.includes("twice@example.com"));
    expect(toTwice).toHaveLength(1);
    const toMember = harness().smtp.received.filter((message) => message.rcptTo.includes("member@example.com"));
    expect(toMember.map((message) => message.mail.subject)).toEqual([
      expect.stringMatching(/confirm/i),
      expect.stringMatching(/subscribed/),
    ]);
    const db = await harness().db();
    expect(await db.selectFrom("subscribers").select("email").orderBy("email").execute()).toEqual([
      { email: "member@example.com" },
      { email: "twice@example.com" },
    ]);
  });

  it("accepts a form post too, ignores a filled honeypot, and refuses a bad address with a 400", async () => {
    const viaForm = await signupApi(
      routeArgs(post("/api/newsletter", new URLSearchParams({ email: "form@example.com" }), urlencoded)),
    );
    expect(viaForm.status).toBe(200);
    expect(await subscriber("form@example.com")).toMatchObject({ status: "pending" });

    expect(await signup({ email: "bot@example.com", [HONEYPOT_FIELD]: "http://spam.example" })).toMatchObject({
      status: 200,
      body: {},
    });
    expect(await subscriber("bot@example.com")).toBeUndefined();

    expect(await signup({ email: "not an address" })).toEqual({
      status: 400,
      contentType: "application/json",
      body: { error: "Please enter a valid email address." },
    });
    expect(await signup({})).toMatchObject({ status: 400, body: { error: "Please enter your email address." } });
    const broken = await signupApi(routeArgs(post("/api/newsletter", "{", { "Content-Type": "application/json" })));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toHaveProperty("error");
  });

  it("shows an invalid link for a made-up token", async () => {
    const made = "x".repeat(43);
    expect(await confirmLoader(routeArgs(get(`/newsletter/confirm?token=${made}`)))).toEqual({
      token: made,
      state: "invalid",
    });
    expect(await unsubscribeLoader(routeArgs(get("/newsletter/unsubscribe?token=<script>")))).toMatchObject({
      state: "invalid",
    });
  });
});
