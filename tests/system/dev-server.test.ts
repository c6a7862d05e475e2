/**
 * `npm run dev` serves through server.ts, as production does: the security headers, a CSP with a
 * nonce on every inline script, the desk's `no-store`, the Origin check and the form posts' rate
 * limit all hold in development too. The script is run as package.json writes it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";

const root = path.resolve(import.meta.dirname, "../..");

describe("npm run dev", () => {
  let origin = "";
  let stop = async () => {};

  beforeAll(async () => {
    const script = (
      JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts.dev;
    expect(script).toMatch(/server\.ts/);
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-dev-"));
    // Its own process group, so stopping it stops what the script started.
    const child = spawn("sh", ["-c", script ?? ""], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "ignore", "ignore"],
      env: {
        ...process.env,
        PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        RATE_LIMIT_MAX: "2",
        LOG_LEVEL: "error",
      },
    });
    stop = async () => {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    origin = `http://127.0.0.1:${port}`;
    // Vite prepares its modules on first start: a minute is generous on a loaded machine.
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error("npm run dev did not answer in 90 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    await stop();
  });

  it("renders pages with the production headers and a nonce on every inline script", async () => {
    const response = await fetch(`${origin}/estimate`);
    expect(response.status).toBe(200);
    const headers = {
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
    };
    for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name), name).toBe(value);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("keeps the desk out of caches and search engines", async () => {
    const response = await fetch(`${origin}/owner/sign-in`, { redirect: "manual" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("refuses a post from another site, and a burst of form posts", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${origin}/api/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ email: "reader@example.com" }),
      });
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post({})).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
