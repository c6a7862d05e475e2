/**
 * The built server under the failures that must not lose a lead: the mail server down when a
 * request arrives, the process killed with SIGKILL in the middle of a burst, and a rate-limit burst.
 */
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { storedLeads } from "../support/lead-store";

const running: { server?: BuiltServer; smtp?: TestSmtpServer }[] = [];
afterEach(async () => {
  // Newest first: a restarted server shares its predecessor's data folder, which stopping removes.
  for (const { server, smtp } of running.splice(0).reverse()) {
    await server?.stop();
    await smtp?.stop();
  }
});

/**
 * Posts an estimate whose multipart body stops half-way and is never finished, as a phone that
 * lost signal mid-upload would. `started` settles once the head and first part are written.
 */
function heldOpenEstimate(origin: string, n: number): { started: Promise<void>; outcome: Promise<string> } {
  const boundary = `----held${n}`;
  const firstPart =
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBurst Visitor ${n}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nburst${n}@example.com\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n609-555-0100\r\n`;
  const url = new URL("/api/estimate", origin);
  const request = http.request(url, {
    method: "POST",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(firstPart.length + 4096),
    },
  });
  const outcome = new Promise<string>((resolve) => {
    request.on("response", (response) => resolve(`answered ${response.statusCode}`));
    request.on("error", () => resolve("connection lost"));
  });
  const started = new Promise<void>((resolve) => request.write(firstPart, () => resolve()));
  return { started, outcome };
}

function estimateForm(n: number): FormData {
  const form = new FormData();
  form.set("name", `Burst Visitor ${n}`);
  form.set("email", `burst${n}@example.com`);
  form.set("phone", "609-555-0100");
  form.set("description", `Request number ${n}`);
  return form;
}

describe("resilience", () => {
  it("SMTP down when the request arrives: the visitor still gets success, and the emails arrive once SMTP is back", async () => {
    const smtp = await startSmtpServer();
    // The mail server holds its port while the site picks one, so the two cannot collide.
    const server = await startBuiltServer({
      SMTP_URL: smtp.url,
      LEADS_TO: "owner@causeway.test",
      MAIL_RETRY_BASE_MS: "300",
    });
    running.push({ server, smtp });
    await smtp.stop();

    const response = await fetch(`${server.origin}/api/estimate`, { method: "POST", body: estimateForm(1) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await storedLeads({ dataDir: server.dataDir })).map((l) => l.email)).toEqual(["burst1@example.com"]);

    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(0);
    await smtp.start();
    const mails = await smtp.waitFor(2, 30_000);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(["burst1@example.com", "owner@causeway.test"]);
  }, 60_000);

  it("killed with SIGKILL during a burst: every request answered 'success' is in the database after a restart", async () => {
    let server = await startBuiltServer();
    running.push({ server });
    const answered: number[] = [];
    const total = 60;
    const victim = server.process;
    // A fast server can answer a whole burst before the eighth answer is read here, so a few
    // requests hold their bodies open: the kill always finds work in flight, whatever the speed.
    const held = Array.from({ length: 4 }, (_, n) => heldOpenEstimate(server.origin, total + n));
    await Promise.all(held.map((h) => h.started));
    const requests = Array.from({ length: total }, (_, n) =>
      fetch(`${server.origin}/api/estimate`, { method: "POST", body: estimateForm(n) })
        .then(async (r) => {
          if (r.status === 200 && ((await r.json()) as { success?: boolean }).success === true) answered.push(n);
          if (answered.length === 8) victim.kill("SIGKILL");
        })
        .catch(() => undefined),
    );
    await Promise.all(requests);
    expect(victim.killed, "the eighth answer arrived and the server was killed").toBe(true);
    const heldOutcomes = await Promise.all(held.map((h) => h.outcome));
    expect(heldOutcomes, "a request still sending its body when the server died").toEqual([
      "connection lost",
      "connection lost",
      "connection lost",
      "connection lost",
    ]);

    const dataDir = server.dataDir;
    server = await startBuiltServer({ DATA_DIR: dataDir });
    running.push({ server });
    const stored = new Set((await storedLeads({ dataDir })).map((l) => l.email));
    for (const n of answered)
      expect(stored.has(`burst${n}@example.com`), `lead ${n} was acknowledged but lost`).toBe(true);
    for (let n = total; n < total + held.length; n++)
      expect(stored.has(`burst${n}@example.com`), `half-sent lead ${n} was stored`).toBe(false);
    console.log(
      `SIGKILL burst: ${answered.length} of ${total} acknowledged before the kill, all ${answered.length} found after restart (${stored.size} stored); ${held.length} half-sent requests cut off, none stored`,
    );
  }, 60_000);

  it("a burst past the rate limit is answered 429 with a clear message, and nothing more is stored", async () => {
    const server = await startBuiltServer({ RATE_LIMIT_MAX: "3" });
    running.push({ server });
    const statuses: number[] = [];
    let message = "";
    for (let n = 0; n < 5; n++) {
      const response = await fetch(`${server.origin}/api/estimate`, { method: "POST", body: estimateForm(n) });
      statuses.push(response.status);
      if (response.status === 429) {
        message = ((await response.json()) as { error: string }).error;
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(message).toMatch(/Too many requests/);
    expect(await storedLeads({ dataDir: server.dataDir })).toHaveLength(3);
    // The newsletter has its own allowance.
    const newsletter = await fetch(`${server.origin}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@example.com" }),
    });
    expect(newsletter.status).toBe(200);
  }, 60_000);

  it("a truncated multipart body is refused with a 4xx and stores nothing", async () => {
    const server = await startBuiltServer();
    running.push({ server });
    const boundary = "----cutoff";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nCut Off\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n6095550100\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo_0"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0`;
    const response = await fetch(`${server.origin}/api/estimate`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
    expect(await storedLeads({ dataDir: server.dataDir })).toHaveLength(0);
  }, 60_000);
});
