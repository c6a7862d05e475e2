/**
 * Security headers on a page, an asset, an API answer and the 404 page, and a Content-Security-Policy
 * that allows no inline script by name: hashes for prerendered pages, a fresh nonce for server-rendered ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(async () => server?.stop());

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? "";

function expectSecurityHeaders(response: Response, what: string) {
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(directive(csp, "script-src"), what).not.toContain("'unsafe-inline'");
  expect(directive(csp, "script-src"), what).not.toContain("'unsafe-eval'");
  expect(directive(csp, "frame-ancestors"), what).toBe("frame-ancestors 'none'");
  expect(directive(csp, "object-src"), what).toBe("object-src 'none'");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-powered-by"), what).toBeNull();
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    (m) => !(m[1] ?? "").includes("ld+json"),
  );

describe("security headers", () => {
  it("a prerendered page allows exactly its own inline scripts by hash", async () => {
    const response = await fetch(`${server.origin}/services`);
    expectSecurityHeaders(response, "page");
    const csp = response.headers.get("content-security-policy") ?? "";
    const html = await response.text();
    const { createHash } = await import("node:crypto");
    for (const m of inlineScripts(html)) {
      const hash = createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64");
      expect(directive(csp, "script-src")).toContain(`'sha256-${hash}'`);
    }
    expect(inlineScripts(html).length).toBeGreaterThan(0);
  });

  it("a server-rendered page (the 404) carries a fresh nonce on every inline script", async () => {
    const [first, second] = await Promise.all([
      fetch(`${server.origin}/no-such-page`),
      fetch(`${server.origin}/no-such-page`),
    ]);
    expect(first.status).toBe(404);
    expectSecurityHeaders(first, "404");
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
    const scripts = inlineScripts(await first.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const m of scripts) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it("pages rendered per request keep other sites' windows away; prerendered public pages do not ask for a process of their own", async () => {
    for (const page of ["/owner/sign-in", "/no-such-page"]) {
      const response = await fetch(`${server.origin}${page}`, { redirect: "manual" });
      expect(response.headers.get("cross-origin-opener-policy"), page).toBe("same-origin");
    }
    for (const page of ["/", "/services", "/estimate"]) {
      const response = await fetch(`${server.origin}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("cross-origin-opener-policy"), page).toBeNull();
    }
  });

  it("an asset and an API answer carry the headers too", async () => {
    const html = await (await fetch(`${server.origin}/`)).text();
    const asset = /"(\/assets\/entry\.client[^"]+\.js)"/.exec(html)?.[1] ?? "";
    const assetResponse = await fetch(`${server.origin}${asset}`);
    expect(assetResponse.status).toBe(200);
    expectSecurityHeaders(assetResponse, "asset");
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const api = await fetch(`${server.origin}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "" }),
    });
    expect(api.status).toBe(400);
    expectSecurityHeaders(api, "api");
  });

  it("sends HSTS only when the request came over HTTPS through the local proxy", async () => {
    const plain = await fetch(`${server.origin}/faq`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(`${server.origin}/faq`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
