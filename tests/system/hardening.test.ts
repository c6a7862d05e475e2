/**
 * The estimate and newsletter forms tried as an attacker would, against the built server: other
 * spellings of a path, forged client addresses, a foreign Origin, off-site redirects, malformed
 * addresses, a taken port, the spam trap, and the visitor confirmation used as a mail relay.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/leads/honeypot";
import { storedLeads } from "../support/lead-store";
import { rawRequest } from "../support/raw-request";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { freePort } from "../support/ports";
import { startCommand } from "../support/start-command";
import { createTestDatabase, startPostgres } from "../support/postgres";
import { stopAfterEachTest, postgresForThisFile } from "../support/system";
import { mailsSince, startSmtpServer, type TestSmtpServer } from "../support/smtp";

const root = path.resolve(import.meta.dirname, "../..");
const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();

async function server(env: Record<string, string> = {}): Promise<BuiltServer> {
  const started = await startBuiltServer(env);
  stopAfterTest(started);
  return started;
}

async function smtpServer(): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer();
  stopAfterTest(smtp);
  return smtp;
}

function estimate(n: number, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    phone: "609-555-0100",
    address: "12 Ocean Ave, Surf City, NJ",
    description: "The deck stairs rotted after the storm.",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const backends = ["sqlite", "postgres"] as const;

describe.each(backends)("form budgets on %s", (backend) => {
  async function withDatabase(env: Record<string, string>) {
    const databaseUrl = backend === "postgres" ? await createTestDatabase(postgres().url) : undefined;
    return { env: databaseUrl ? { ...env, DATABASE_URL: databaseUrl } : env, databaseUrl };
  }

  it("counts every spelling of the estimate action against one budget per client", async () => {
    const { env, databaseUrl } = await withDatabase({ RATE_LIMIT_MAX: "2" });
    const site = await server(env);
    const spellings = ["/api/estimate", "/API/ESTIMATE", "/api/estimate/", "/api/%65stimate", "/estimate.data"];
    // Two clients (the proxy on loopback names them): one starts with the odd spellings, one ends with them.
    const send = async (client: string, spelling: string, n: number) =>
      (
        await fetch(`${site.origin}${spelling}`, {
          method: "POST",
          body: estimate(n),
          headers: { "X-Forwarded-For": client },
        })
      ).status;
    const first: number[] = [];
    for (const [n, spelling] of spellings.entries()) first.push(await send("198.51.100.1", spelling, n));
    const second: number[] = [];
    for (const [n, spelling] of [...spellings].reverse().entries())
      second.push(await send("198.51.100.2", spelling, 10 + n));
    expect(first.map((s) => s < 300)).toEqual([true, true, false, false, false]);
    expect(second.map((s) => s < 300)).toEqual([true, true, false, false, false]);
    expect([...first, ...second].filter((s) => s >= 300)).toEqual(Array(6).fill(429));
    expect(await storedLeads({ dataDir: site.dataDir, databaseUrl })).toHaveLength(4);
  }, 60_000);

  it("counts the newsletter's page and API spellings against one budget", async () => {
    const { env } = await withDatabase({ RATE_LIMIT_MAX: "2" });
    const site = await server(env);
    const statuses: number[] = [];
    for (const spelling of ["/newsletter", "/Api/Newsletter/", "/api/newsletter", "/newsletter.data"]) {
      const response = await fetch(`${site.origin}${spelling}`, {
        method: "POST",
        body: new URLSearchParams({ email: "reader@example.com" }),
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    expect(statuses.map((s) => s === 429)).toEqual([false, false, true, true]);
  }, 60_000);
});

describe("several instances", () => {
  it("two server processes on one PostgreSQL share one rate budget", async () => {
    const databaseUrl = await createTestDatabase(postgres().url);
    const a = await server({ DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: "3" });
    const b = await server({ DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: "3" });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const site = n % 2 === 0 ? a : b;
      statuses.push((await fetch(`${site.origin}/api/estimate`, { method: "POST", body: estimate(n) })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await storedLeads({ dataDir: a.dataDir, databaseUrl })).toHaveLength(3);
  }, 60_000);
});

/** A POST from a chosen loopback address, which `fetch` cannot pick. */
function postFrom(localAddress: string, url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", localAddress, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("who counts as a client", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy, and believes the trusted one", async () => {
    // Only 127.0.0.2 is the proxy here; the test's own connections come from 127.0.0.1.
    const site = await server({ RATE_LIMIT_MAX: "2", TRUST_PROXY: "127.0.0.2" });
    const body = (n: number) =>
      new URLSearchParams({ name: `V ${n}`, email: `v${n}@example.com`, phone: "6095550100" }).toString();
    const untrusted: number[] = [];
    for (let n = 0; n < 4; n++)
      untrusted.push(
        await postFrom("127.0.0.1", `${site.origin}/api/estimate`, body(n), { "X-Forwarded-For": `203.0.113.${n}` }),
      );
    expect(untrusted).toEqual([200, 200, 429, 429]);

    const viaProxy: number[] = [];
    for (let n = 0; n < 3; n++)
      viaProxy.push(
        await postFrom("127.0.0.2", `${site.origin}/api/estimate`, body(10 + n), {
          "X-Forwarded-For": `203.0.113.${n}`,
        }),
      );
    expect(viaProxy).toEqual([200, 200, 200]);
  }, 60_000);

  it("gives a whole IPv6 /64 one budget", async () => {
    const site = await server({ RATE_LIMIT_MAX: "2" });
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await fetch(`${site.origin}/api/estimate`, {
        method: "POST",
        body: estimate(n),
        headers: { "X-Forwarded-For": `2001:db8:abcd:12::${n + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  }, 60_000);
});

describe("the visitor confirmation is not a mail relay", () => {
  it("repeats no free text, goes out once per address a day, and the owner still hears of every lead", async () => {
    const smtp = await smtpServer();
    const site = await server({ SMTP_URL: smtp.url, LEADS_TO: "owner@causeway.test", MAIL_RETRY_BASE_MS: "200" });
    const spam = {
      name: "Win <b>big</b> at https://spam.example now",
      email: "victim@example.com",
      address: "Visit https://spam.example/claim for your prize",
      description: "CLICK https://spam.example/offer — you have won a free cruise!",
    };
    for (let n = 0; n < 2; n++)
      expect((await fetch(`${site.origin}/api/estimate`, { method: "POST", body: estimate(n, spam) })).status).toBe(
        200,
      );
    const mails = await smtp.waitFor(3, 20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    const toVisitor = smtp.received.filter((m) => m.rcptTo.includes("victim@example.com"));
    const toOwner = smtp.received.filter((m) => m.rcptTo.includes("owner@causeway.test"));
    expect(toOwner).toHaveLength(2);
    expect(toVisitor).toHaveLength(1);
    const confirmation = toVisitor[0]?.mail;
    const everything = `${confirmation?.subject} ${confirmation?.text} ${confirmation?.html || ""}`;
    expect(everything).not.toContain("spam.example");
    expect(everything).not.toContain("cruise");
    expect(everything).not.toContain("prize");
    expect(everything).not.toMatch(/big|now/);
    expect(confirmation?.text).toMatch(/Win/);
    expect(mails.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it("stops confirmations past the site's hourly budget but keeps storing leads and notifying the owner", async () => {
    const smtp = await smtpServer();
    const site = await server({ SMTP_URL: smtp.url, LEADS_TO: "owner@causeway.test", CONFIRMATIONS_PER_HOUR: "2" });
    for (let n = 0; n < 4; n++)
      expect((await fetch(`${site.origin}/api/estimate`, { method: "POST", body: estimate(n) })).status).toBe(200);
    await smtp.waitFor(6, 20_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.filter((m) => m.rcptTo.includes("owner@causeway.test"))).toHaveLength(4);
    expect(smtp.received.filter((m) => !m.rcptTo.includes("owner@causeway.test"))).toHaveLength(2);
    expect(await storedLeads({ dataDir: site.dataDir })).toHaveLength(4);
  }, 60_000);
});

describe("the spam trap", () => {
  it("keeps a post that filled the trap field in quarantine and sends nothing", async () => {
    const smtp = await smtpServer();
    const site = await server({ SMTP_URL: smtp.url, LEADS_TO: "owner@causeway.test" });
    const response = await fetch(`${site.origin}/api/estimate`, {
      method: "POST",
      body: estimate(1, { [HONEYPOT_FIELD]: "https://spam.example" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    // Neither the request's confirmation nor the owner's notification: named, not counted.
    expect(await mailsSince(smtp, 0, /estimate request/i, 2_000)).toEqual([]);
    const leads = await storedLeads({ dataDir: site.dataDir });
    expect(leads.map((l) => l.email)).toEqual(["visitor1@example.com"]);
  }, 60_000);
});

describe("requests from other sites", () => {
  it("refuses a post with a foreign Origin with 403 and stores nothing; no Origin or our own is accepted", async () => {
    const site = await server();
    const foreign = await fetch(`${site.origin}/api/estimate`, {
      method: "POST",
      body: estimate(1),
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { success: boolean }).success).toBe(false);
    const nullOrigin = await fetch(`${site.origin}/api/newsletter`, {
      method: "POST",
      body: JSON.stringify({ email: "a@example.com" }),
      headers: { Origin: "null", "Content-Type": "application/json" },
    });
    expect(nullOrigin.status).toBe(403);
    expect(await storedLeads({ dataDir: site.dataDir })).toHaveLength(0);

    expect((await fetch(`${site.origin}/api/estimate`, { method: "POST", body: estimate(2) })).status).toBe(200);
    const own = await fetch(`${site.origin}/api/estimate`, {
      method: "POST",
      body: estimate(3),
      headers: { Origin: site.origin },
    });
    expect(own.status).toBe(200);
    expect(await storedLeads({ dataDir: site.dataDir })).toHaveLength(2);
  }, 60_000);

  it("never redirects off the site, whatever the spelling of a path with a trailing slash", async () => {
    const site = await server();
    for (const target of [
      "//evil.example/",
      "/%5Cevil.example/",
      "/%2F%2Fevil.example/",
      "/%2fevil.example/",
      "/\\evil.example/",
    ]) {
      const response = await rawGet(site.origin, target);
      if (response.status >= 300 && response.status < 400) {
        const location = response.location ?? "";
        expect(location, target).toMatch(/^\/(?![/\\])/);
        expect(decodeURIComponent(location), target).toMatch(/^\/(?![/\\])/);
      }
    }
    // The ordinary case still redirects to the page.
    const services = await rawGet(site.origin, "/services/");
    expect({ status: services.status, location: services.location }).toEqual({ status: 301, location: "/services" });
  }, 60_000);
});

/** A GET with the path sent exactly as written (fetch would normalise it), its body as text. */
async function rawGet(origin: string, rawPath: string) {
  const answer = await rawRequest(origin, rawPath);
  return { ...answer, location: answer.headers.location, body: answer.body.toString("utf8") };
}

describe("the server's log", () => {
  it("keeps no token of a visit, setup or newsletter link, however the path is spelled", async () => {
    const site = stopAfterTest(await startBuiltServer({ LOG_LEVEL: "info" }, { keepLog: true }));
    const token = "Zm9yZ2V0LW1lLXRva2VuLWluLXRoZS1sb2ctMTIzNDU2";
    const requests: [string, string][] = [
      ["GET", `/visit/${token}`],
      ["POST", `/visit/${token}`],
      ["GET", `/Visit/${token}.data`],
      ["GET", `/%76isit/${token}`],
      ["GET", `//visit//${token}`],
      ["GET", `/visit/${token}/more`],
      ["POST", `/visit/${token}%E0%A4%A`],
      ["GET", `/owner/setup?token=${token}`],
      ["GET", `/newsletter/confirm?token=${token}`],
      ["POST", `/newsletter/unsubscribe?token=${token}`],
    ];
    for (const [method, path] of requests) await rawRequest(site.origin, path, { method });
    const deadline = Date.now() + 5_000;
    while (
      site
        .log()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"')).length < requests.length
    ) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const log = site.log();
    expect(log.split("\n").filter((line) => line.includes('"msg":"request"'))).toHaveLength(requests.length);
    expect(log).not.toContain(token);
    expect(log).toContain('"path":"/visit/…"');
    expect(log).toContain('"path":"/owner/setup"');
  });
});

describe("production by default", () => {
  it("under a plain `npm start`, a malformed address gets a 400 error page with the CSP and no stack", async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-npm-start-"));
    const { NODE_ENV: _ignored, ...inherited } = process.env;
    const child = spawn("npm", ["start", "--silent"], {
      cwd: root,
      env: { ...inherited, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      stdio: "ignore",
      detached: true,
    });
    stopAfterTest({
      async stop() {
        try {
          process.kill(-(child.pid ?? 0), "SIGTERM");
        } catch {
          // already gone
        }
        await new Promise((r) => setTimeout(r, 500));
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    });
    const origin = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${origin}/healthz`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (const raw of ["/%E0%A4%A", "/blog/%E0%A4%A", "/assets/%E0%A4%A", "/api/%E0%A4%A"]) {
      const response = await rawGet(origin, raw);
      expect(response.status, raw).toBe(400);
      expect(String(response.headers["content-security-policy"]), raw).toContain("default-src 'self'");
      expect(response.headers["x-frame-options"], raw).toBe("DENY");
      expect(response.body, raw).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|URIError|\.js:\d+/);
      if (raw.startsWith("/api/")) expect(JSON.parse(response.body)).toMatchObject({ success: false });
      else expect(response.body, raw).toContain("Go back home");
    }
  }, 60_000);

  it("exits 1 with a one-line reason when the port is taken, and starts no mail worker", async () => {
    const site = await server();
    const { port } = new URL(site.origin);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-busy-"));
    const child = spawn(process.execPath, startCommand().args, {
      cwd: root,
      env: { ...process.env, ...startCommand().environment, PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines.find((line) => line.includes("cannot listen"))).toMatch(/already in use/);
    expect(output).not.toMatch(/"msg":"listening"|background work started/);
  }, 60_000);

  it("finishes a shutdown within 10 s even while an upload hangs", async () => {
    const site = await server();
    const { hostname, port } = new URL(site.origin);
    // An upload that announces 5 MB and sends a few bytes, then stalls.
    const hanging = http.request({
      host: hostname,
      port,
      path: "/api/estimate",
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024) },
    });
    hanging.on("error", () => undefined);
    hanging.write("--x\r\n");
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => site.process.once("exit", (code) => resolve(code)));
    site.process.kill("SIGTERM");
    await exited;
    expect(Date.now() - started).toBeLessThan(10_500);
  }, 30_000);
});

describe("health", () => {
  it("answers 503 when the database stops answering", async () => {
    const own = await startPostgres();
    stopAfterTest(own);
    const databaseUrl = await createTestDatabase(own.url);
    const site = await server({ DATABASE_URL: databaseUrl });
    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    await own.stop();
    const response = await fetch(`${site.origin}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ok: false });
  }, 90_000);
});
