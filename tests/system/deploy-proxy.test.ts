/**
 * The site as deployed: nginx with deploy/nginx.conf (only ports and paths replaced, see
 * tests/support/nginx.ts) terminating TLS in front of the built server, then in front of two server
 * instances on one PostgreSQL, which must behave as one site.
 */
import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ESTIMATE_SUCCESS_TITLE } from "~/leads/estimate-success";
import { migrations } from "~/infra/migrations.server";
import { openDatabase } from "~/infra/db.server";
import { addOwner } from "~/owner/owners.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { startNginx, type ProxyAnswer, type RunningNginx } from "../support/nginx";
import { createTestDatabase } from "../support/postgres";
import { startSmtpServer } from "../support/smtp";
import { postgresForThisFile, stopAfterEachTest, waitFor } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const clientDir = path.resolve(import.meta.dirname, "../../build/client");
const HSTS = "max-age=63072000; includeSubDomains";

async function server(env: Record<string, string> = {}): Promise<BuiltServer> {
  return stopAfterTest(await startBuiltServer(env));
}

async function proxy(...sites: BuiltServer[]): Promise<RunningNginx> {
  return stopAfterTest(await startNginx({ upstreams: sites.map((site) => new URL(site.origin).host) }));
}

/** A form as the browser encodes it, and the Content-Type naming its boundary. */
async function encoded(form: FormData | URLSearchParams): Promise<{ body: Buffer; type: string }> {
  const request = new Request("http://encoder.invalid/", { method: "POST", body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

function estimate(n: number): FormData {
  const form = new FormData();
  form.set("name", `Visitor ${n}`);
  form.set("email", `visitor${n}@example.com`);
  form.set("phone", "609-555-0100");
  form.set("address", "12 Ocean Ave, Surf City, NJ");
  form.set("description", "The deck stairs rotted after the storm.");
  return form;
}

/** Posts `form` through the proxy as a browser on `httpsOrigin` would, from `localAddress`. */
async function postForm(
  site: RunningNginx,
  urlPath: string,
  form: FormData | URLSearchParams,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<ProxyAnswer> {
  const { body, type } = await encoded(form);
  return site.request(`${site.httpsOrigin}${urlPath}`, {
    method: "POST",
    body,
    localAddress: options.localAddress,
    headers: {
      "Content-Type": type,
      Origin: site.httpsOrigin,
      Referer: `${site.httpsOrigin}/estimate`,
      ...options.headers,
    },
  });
}

function ipHash(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex").slice(0, 32);
}

describe("behind nginx with deploy/nginx.conf", () => {
  it("serves pages over HTTPS with one HSTS header, redirects HTTP, and sends hashed files with a year's caching", async () => {
    const site = await server();
    const nginx = await proxy(site);

    const home = await nginx.request(`${nginx.httpsOrigin}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toBe(HSTS);
    expect(home.headers["content-encoding"]).toBe("gzip");
    // The page compressed at build comes through as it is: nginx neither strips the browser's
    // Accept-Encoding on the way in nor compresses the answer again on the way out.
    const brotli = await nginx.request(`${nginx.httpsOrigin}/`, { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.equals(fs.readFileSync(path.join(clientDir, "index.html.br")))).toBe(true);
    // The server's own headers come through.
    expect(home.headers["content-security-policy"]).toContain("default-src 'self'");

    const plain = await nginx.request(`${nginx.httpOrigin}/services?from=ad`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://127.0.0.1/services?from=ad");

    const asset = fs.readdirSync(path.join(clientDir, "assets")).find((name) => name.endsWith(".js")) ?? "";
    const served = await nginx.request(`${nginx.httpsOrigin}/assets/${asset}`);
    expect(served.status).toBe(200);
    expect(served.body.equals(fs.readFileSync(path.join(clientDir, "assets", asset)))).toBe(true);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["strict-transport-security"]).toBe(HSTS);
    const image = fs.readdirSync(path.join(clientDir, "img"))[0] ?? "";
    expect((await nginx.request(`${nginx.httpsOrigin}/img/${image}`)).headers["cache-control"]).toContain("immutable");
    expect((await nginx.request(`${nginx.httpsOrigin}/assets/not-built.js`)).status).toBe(404);
    // nginx answered those itself: only the pages reached Node.
    const passed = nginx.upstreamLog().filter((entry) => entry.upstream !== "-");
    expect(passed.some((entry) => entry.uri.startsWith("/assets/") || entry.uri.startsWith("/img/"))).toBe(false);
  }, 60_000);

  it("takes an estimate posted without JavaScript and records the address nginx saw, not the one the client claims", async () => {
    const site = await server({ RATE_LIMIT_MAX: "2" });
    const nginx = await proxy(site);

    const answer = await postForm(nginx, "/estimate", estimate(1), {
      localAddress: "127.0.0.5",
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    expect(answer.status).toBe(200);
    expect(answer.text()).toContain(ESTIMATE_SUCCESS_TITLE);

    const db = new Database(path.join(site.dataDir, "site.db"), { readonly: true });
    try {
      const secret = (db.prepare("select value from app_meta where key = 'ip_hash_secret'").get() as { value: string })
        .value;
      const lead = db.prepare("select ip_hash from leads where email = 'visitor1@example.com'").get() as {
        ip_hash: string;
      };
      expect(lead.ip_hash).toBe(ipHash(secret, "127.0.0.5"));
      expect(lead.ip_hash).not.toBe(ipHash(secret, "203.0.113.7"));
    } finally {
      db.close();
    }

    // A new X-Forwarded-For on each post buys no new budget: 127.0.0.5 has one post left.
    const statuses: number[] = [];
    for (let n = 2; n <= 4; n++)
      statuses.push(
        (
          await postForm(nginx, "/api/estimate", estimate(n), {
            localAddress: "127.0.0.5",
            headers: { "X-Forwarded-For": `198.51.100.${n}` },
          })
        ).status,
      );
    expect(statuses).toEqual([200, 429, 429]);

    // A post from another site's page is still refused behind the proxy.
    const forged = await postForm(nginx, "/estimate", estimate(9), {
      localAddress: "127.0.0.9",
      headers: { Origin: "https://attacker.example" },
    });
    expect(forged.status).toBe(403);
  }, 60_000);
});

describe("nginx's access log", () => {
  it("keeps no token of a homeowner's, setup or newsletter link, and no query", async () => {
    const nginx = await proxy(await server());
    const token = "bmdpbngtbG9nLXRva2VuLXRoYXQtbXVzdC1ub3Qtc2hvdw";
    const photo = "0f9c2b7e-1d2a-4c3b-9e8f-123456789abc-large.webp";
    const paths = [
      `/visit/${token}`,
      `/VISIT/${token}.data`,
      `/%76isit/${token}`,
      `//visit//${token}`,
      `/quote/${token}`,
      `/Quote/${token}?view=contract`,
      `/job/${token}`,
      `/job/${token}/photos/${photo}`,
      `/job/${token}/documents/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc`,
      `/x/../job/${token}`,
      `/job%5C${token}`,
      `/%256Aob/${token}`,
      `/review/${token}`,
      `/owner/setup?token=${token}`,
      `/newsletter/confirm?token=${token}`,
      `/newsletter/unsubscribe?token=${token}`,
      `/owner?q=Maria+Keller`,
    ];
    for (const urlPath of paths) await nginx.request(`${nginx.httpsOrigin}${urlPath}`);
    await nginx.request(`${nginx.httpsOrigin}/visit/${token}`, { method: "POST" });
    // nginx writes a request's line when it finishes the request, which can be just after the
    // client has read the answer: wait for the last one.
    await waitFor(async () => nginx.accessLog().includes('"POST /visit/'), 5_000);
    const lines = nginx.accessLog().trim().split("\n");
    // One line per request, in the log format deploy/nginx.conf names.
    expect(lines.length).toBeGreaterThanOrEqual(paths.length + 1);
    expect(lines.filter((line) => line.includes('"GET /visit/... HTTP/'))).toHaveLength(4);
    expect(lines.filter((line) => line.includes('"POST /visit/... HTTP/'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"GET /quote/... HTTP/'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('"GET /job/... HTTP/'))).toHaveLength(5);
    expect(lines.filter((line) => line.includes('"GET /review/... HTTP/'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('"GET /... HTTP/'))).toHaveLength(1);
    expect(lines.some((line) => line.includes('"GET /owner/setup HTTP/'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain("Maria");
    }
  }, 60_000);

  it("keeps a Referer's origin alone: no desk path, no words a desk form carried, no name", async () => {
    const nginx = await proxy(await server());
    const desk = await nginx.request(`${nginx.httpsOrigin}/owner/sign-in`);
    // The desk asks browsers to send its origin alone; the log does not count on every browser obeying.
    expect(desk.headers["referrer-policy"]).toBe("strict-origin");
    const referers = [
      `${nginx.httpsOrigin}/owner/site?answer=add-closed-day&value-label=check+1043,+J.+Smith`,
      `${nginx.httpsOrigin}/owner?deleted=Dana%20Visitor`,
      `${nginx.httpsOrigin}/OWNER/leads/0f9c2b7e-1d2a-4c3b-9e8f-123456789abc?q=Maria`,
      `https://elsewhere.example/search?q=Dana+Visitor+deck`,
    ];
    for (const referer of referers)
      await nginx.request(`${nginx.httpsOrigin}/owner/manifest.webmanifest`, { headers: { Referer: referer } });
    await nginx.request(`${nginx.httpsOrigin}/services`, { headers: { Referer: "not a url, Dana" } });
    await waitFor(async () => nginx.accessLog().includes('"GET /services HTTP/'), 5_000);
    const lines = nginx.accessLog().trim().split("\n");
    const manifest = lines.filter((line) => line.includes('"GET /owner/manifest.webmanifest HTTP/'));
    expect(manifest).toHaveLength(referers.length);
    expect(manifest.filter((line) => line.includes(` "${nginx.httpsOrigin}" `))).toHaveLength(3);
    expect(manifest.filter((line) => line.includes(' "https://elsewhere.example" '))).toHaveLength(1);
    expect(lines.find((line) => line.includes('"GET /services HTTP/'))).toContain(' "-" ');
    for (const line of lines)
      for (const word of ["1043", "Smith", "Dana", "Maria", "answer", "/owner/site", "/owner?", "/OWNER/"])
        expect(line).not.toContain(word);
  }, 60_000);
});

describe("two instances on one PostgreSQL behind nginx's upstream", () => {
  async function twoInstances(env: Record<string, string>) {
    const databaseUrl = await createTestDatabase(postgres().url);
    // Started at the same moment: both run the migrations at start, under the migration lock.
    const [a, b] = await Promise.all([
      server({ DATABASE_URL: databaseUrl, ...env }),
      server({ DATABASE_URL: databaseUrl, ...env }),
    ]);
    const nginx = await proxy(a, b);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    stopAfterTest({ stop: () => client.end() });
    return { a, b, nginx, client, databaseUrl };
  }

  it("migrate once when started together, and give a burst spread over both the budget of one", async () => {
    const { a, b, nginx, client } = await twoInstances({ RATE_LIMIT_MAX: "3" });
    const applied = await client.query<{ name: string }>("select name from schema_migrations order by name");
    expect(applied.rows.map((row) => row.name)).toEqual(migrations.map((m) => m.name).sort());

    const statuses: number[] = [];
    for (let n = 0; n < 7; n++)
      statuses.push((await postForm(nginx, "/api/estimate", estimate(n), { localAddress: "127.0.0.7" })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
    const upstreams = new Set(
      nginx
        .upstreamLog()
        .filter((entry) => entry.method === "POST")
        .map((entry) => entry.upstream),
    );
    expect(upstreams).toEqual(new Set([new URL(a.origin).host, new URL(b.origin).host]));
    expect(Number((await client.query("select count(*) as n from leads")).rows[0].n)).toBe(3);
  }, 90_000);

  it("send each of 20 leads' 40 emails once, and keep an owner signed in on either instance", async () => {
    const smtp = stopAfterTest(await startSmtpServer());
    const { a, b, nginx, databaseUrl } = await twoInstances({
      RATE_LIMIT_MAX: "0",
      SMTP_URL: smtp.url,
      LEADS_TO: "owner@causeway.test",
      MAIL_RETRY_BASE_MS: "200",
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => postForm(nginx, "/api/estimate", estimate(100 + n))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    await smtp.waitFor(40, 30_000);
    // Time for a second copy to arrive, were a message claimed by both workers.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((m) => m.mail.messageId)).size).toBe(40);
    expect(smtp.received.filter((m) => m.rcptTo.includes("owner@causeway.test"))).toHaveLength(20);
    for (let n = 100; n < 120; n++)
      expect(smtp.received.filter((m) => m.rcptTo.includes(`visitor${n}@example.com`))).toHaveLength(1);

    // Sign in with an emailed code through the proxy; the page then opens on both instances.
    const handle = openDatabase({ dataDir: a.dataDir, databaseUrl });
    try {
      await addOwner(handle.db, "pat@causeway.test");
    } finally {
      await handle.close();
    }
    smtp.clear();
    const ask = await postForm(
      nginx,
      "/owner/sign-in",
      new URLSearchParams({ intent: "send-code", email: "pat@causeway.test", next: "/owner" }),
    );
    expect(ask.status).toBe(200);
    const [codeMail] = await smtp.waitFor(1, 20_000);
    const code = /\b(\d{6})\b/.exec(codeMail?.mail.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const verified = await postForm(
      nginx,
      "/owner/sign-in",
      new URLSearchParams({ intent: "verify-code", email: "pat@causeway.test", code, next: "/owner" }),
    );
    expect(verified.status).toBe(302);
    const setCookie = String(verified.headers["set-cookie"] ?? "");
    // HTTPS as nginx reported it: the cookie is the Secure, host-only kind.
    expect(setCookie).toMatch(/^__Host-desk_session=/);
    expect(setCookie).toContain("Secure");
    const cookie = setCookie.split(";")[0] ?? "";

    const before = nginx.upstreamLog().length;
    const pages = [
      await nginx.request(`${nginx.httpsOrigin}/owner`, { headers: { Cookie: cookie } }),
      await nginx.request(`${nginx.httpsOrigin}/owner`, { headers: { Cookie: cookie } }),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.text()).toContain("Visitor 100");
    }
    const served = new Set(
      nginx
        .upstreamLog()
        .slice(before)
        .map((entry) => entry.upstream),
    );
    expect(served).toEqual(new Set([new URL(a.origin).host, new URL(b.origin).host]));
    // Without the cookie neither instance shows the desk.
    expect((await nginx.request(`${nginx.httpsOrigin}/owner`)).text()).not.toContain("Visitor 100");
  }, 120_000);
});
