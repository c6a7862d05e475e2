/**
 * Per-page budgets measured from the built output: the JavaScript a page loads at start (the
 * modules its HTML imports, followed through their static imports) and its CSS, both gzipped.
 * The desk's pages, rendered per request, are read from the built server, signed in: each must
 * paint from its document alone (no preloaded module, no stylesheet to fetch, scripts started
 * after the first paint), and that document has a budget of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { STARTUP_JS_BUDGET as JS_BUDGET, startupScripts as startupScriptsOf, staticImports } from "../support/startup-scripts";
import { clientDir, prerenderedPages } from "./support";
import { PHONE_COPY_MEDIA, WIDER_THAN_PHONE_MEDIA } from "~/ui/image-sizes";
import { openMigratedDatabase } from "~/infra/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { insertLeads } from "../support/leads";
import { signedInOwner } from "../support/owner";

const CSS_BUDGET = 25 * 1024;
/** What a desk page's first paint waits for: its document, gzipped, inline style included. */
const DESK_FIRST_PAINT_BUDGET = 30 * 1024;

/** What a new connection delivers in two round trips, less a page's response headers (about 1.1 KB). */
const TWO_ROUND_TRIPS = 30 * 1460 - 1200;

const gzipSize = (text: string | Buffer) => gzipSync(text).length;

/**
 * The built module of every route in app/routes.ts, from the build's route manifest, split into
 * the desk's (under /owner) and the others.
 */
function routeChunks(): { desk: string[]; publicOnes: string[] } {
  const manifestFile = fs.readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-\w+\.js$/.test(name));
  const text = fs.readFileSync(path.join(clientDir, "assets", manifestFile ?? ""), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    entry: { module: string };
    routes: Record<string, { module: string }>;
  };
  const desk = new Set<string>();
  // Every page loads the entry and the root route.
  const publicOnes = new Set<string>([manifest.entry.module, manifest.routes.root?.module ?? ""]);
  const walk = (entries: readonly RouteConfigEntry[], under: string) => {
    for (const entry of entries) {
      const at = entry.path === undefined ? under : `${under}/${entry.path}`;
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const module = manifest.routes[id]?.module;
      expect(module, `the built module of ${id}`).toBeDefined();
      (at === "/owner" || at.startsWith("/owner/") ? desk : publicOnes).add(module ?? "");
      walk(entry.children ?? [], at);
    }
  };
  walk(routes, "");
  return { desk: [...desk], publicOnes: [...publicOnes] };
}

const startupScripts = (html: string) => startupScriptsOf(html, clientDir);

const rows: string[] = [];
afterAll(() => {
  console.log(["page                                   JS gz   CSS gz", ...rows].join("\n"));
});

describe("budgets", () => {
  for (const { file, urlPath } of prerenderedPages()) {
    it(`${urlPath}: start-up JavaScript ≤ ${JS_BUDGET / 1024} KB and CSS ≤ ${CSS_BUDGET / 1024} KB gzipped`, () => {
      const html = fs.readFileSync(file, "utf8");
      const scripts = startupScripts(html);
      // The entry and at least the root route and the page's own route module.
      expect(scripts.filter((s) => /\/assets\/root-/.test(s)), urlPath).toHaveLength(1);
      expect(scripts.length).toBeGreaterThan(3);
      const js = scripts.reduce((sum, s) => sum + gzipSize(fs.readFileSync(path.join(clientDir, s))), 0);
      const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((sum, m) => sum + gzipSize(m[1] ?? ""), 0);
      const linkedCss = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce((sum, m) => sum + gzipSize(fs.readFileSync(path.join(clientDir, m[1] ?? ""))), 0);
      rows.push(`${urlPath.padEnd(38)} ${(js / 1024).toFixed(1).padStart(6)} KB ${((css + linkedCss) / 1024).toFixed(1).padStart(5)} KB`);
      expect(js).toBeLessThanOrEqual(JS_BUDGET);
      expect(css + linkedCss).toBeLessThanOrEqual(CSS_BUDGET);
    });
  }

  it("no public page loads the owner's desk code", () => {
    const { desk, publicOnes } = routeChunks();
    // The desk's routes, as app/routes.ts names them, each built into its own chunk.
    expect(desk.length).toBeGreaterThanOrEqual(10);
    // What only the desk's routes import (the passkey library, the desk's frame) is desk code too.
    const reachedByPublic = new Set(staticImports(publicOnes, clientDir));
    const deskCode = new Set([...desk, ...staticImports(desk, clientDir).filter((m) => !reachedByPublic.has(m))]);
    expect(deskCode.size).toBeGreaterThan(desk.length);
    for (const { file, urlPath } of prerenderedPages()) {
      const loaded = startupScripts(fs.readFileSync(file, "utf8"));
      expect(loaded.filter((script) => deskCode.has(script)), urlPath).toEqual([]);
      // Nor the desk's entries in the route table: the page loads the table without them.
      const tables = loaded.filter((script) => /\/manifest-[\w-]+\.js$/.test(script));
      expect(tables, urlPath).toHaveLength(1);
      const table = fs.readFileSync(path.join(clientDir, tables[0] ?? ""), "utf8");
      expect(table, urlPath).not.toMatch(/"path":"owner/);
      expect(table, urlPath).toContain('"routes/home"');
    }
  });

  it("a public page's head sends a phone for nothing before the first paint: its main picture is in the page", () => {
    let withPicture = 0;
    for (const { file, urlPath } of prerenderedPages()) {
      const html = fs.readFileSync(file, "utf8");
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
      const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
      // A browser fetches the tab icon and the manifest as the page loads, each on a connection of its own.
      const fetched = links.filter(
        (tag) =>
          /rel="(manifest|stylesheet|modulepreload)"/.test(tag) ||
          (/rel="icon"/.test(tag) && /type="image\/svg\+xml"/.test(tag) && !/href="data:/.test(tag)) ||
          (/rel="preload"/.test(tag) && !/as="image"/.test(tag)),
      );
      expect(fetched, urlPath).toEqual([]);
      const preloads = links.filter((tag) => /rel="preload"/.test(tag));
      expect(preloads.length, urlPath).toBeLessThanOrEqual(1);
      const preload = preloads[0];
      if (!preload || !/\/img\//.test(preload)) continue;
      withPicture++;
      // The build's picture: preloaded only where the screen is wider than a phone...
      expect(preload, urlPath).toContain(`media="${WIDER_THAN_PHONE_MEDIA}"`);
      // ...and drawn on a phone from one of the files it names, carried in the page.
      const marker = `<source media="${PHONE_COPY_MEDIA}" type="image/avif" srcSet="data:image/avif;base64,`;
      const at = html.indexOf(marker);
      expect(at, `${urlPath}: a phone copy`).toBeGreaterThan(-1);
      const [, base64 = "", width = ""] = /^([\w+/=]+) (\d+)w"/.exec(html.slice(at + marker.length)) ?? [];
      const candidate = (preload.match(/\/img\/[\w.-]+\.avif \d+w/g) ?? []).find((c) => c.endsWith(` ${width}w`));
      expect(candidate, `${urlPath}: the preload names the phone copy's width`).toBeDefined();
      const onDisk = fs.readFileSync(path.join(clientDir, candidate?.split(" ")[0] ?? ""));
      expect(Buffer.from(base64, "base64").equals(onDisk), `${urlPath}: the phone copy is that file`).toBe(true);
      // Carried in the page, the picture saves its round trip only while the page still arrives in a
      // new connection's first two (10, then 20 segments of 1,460 bytes), headers included.
      const compressed = fs.statSync(`${file}.br`).size;
      expect(compressed, `${urlPath}: brotli bytes with its phone copy`).toBeLessThanOrEqual(TWO_ROUND_TRIPS);
    }
    // /, the service pages, /services, /blog and the articles.
    expect(withPicture).toBeGreaterThanOrEqual(10);
  });

  it("no page references another host for a script, stylesheet or image", () => {
    for (const { file, urlPath } of prerenderedPages()) {
      const html = fs.readFileSync(file, "utf8");
      const external = [...html.matchAll(/<(?:script|img|source|link)\b[^>]*\s(?:src|href|srcset)="(https?:)?\/\/[^"]*"/g)]
        .map((m) => m[0])
        .filter((tag) => !/rel="(canonical|alternate)"/.test(tag));
      expect(external, urlPath).toEqual([]);
    }
  });
});

/** Every page of the desk as app/routes.ts names it (route modules with a component), as paths. */
function deskPages(entries: readonly RouteConfigEntry[] = routes, under = ""): string[] {
  return entries.flatMap((entry) => {
    const at = entry.path === undefined ? under : `${under}/${entry.path}`;
    const inDesk = at === "/owner" || at.startsWith("/owner/");
    const page = inDesk && entry.file.endsWith(".tsx") && (entry.children ?? []).length === 0 ? [at] : [];
    return [...page, ...deskPages(entry.children ?? [], at)];
  });
}

describe("the desk's first paint", () => {
  let server: BuiltServer;
  let cookie = "";
  let leadId = "";
  const deskRows: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      [leadId = ""] = await insertLeads(
        handle.db,
        Array.from({ length: 50 }, (_, i) => ({ name: `Homeowner ${i}`, photos: i === 0 ? 3 : 0 })),
      );
      cookie = (await signedInOwner(handle.db, server.origin)).cookie;
    } finally {
      await handle.close();
    }
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    console.log(["desk page (signed in)                  document gz   JS after paint gz", ...deskRows].join("\n"));
  });

  it("every desk page paints from its document alone, within the budget", async () => {
    const pages = deskPages();
    expect(pages).toEqual(expect.arrayContaining(["/owner", "/owner/leads/:id", "/owner/stats", "/owner/sign-in"]));
    for (const pattern of pages) {
      // A page with an address of its own is shown with the lead's (another kind's page says "not found").
      const urlPath = pattern.replace(/:\w+/g, leadId);
      let response = await fetch(`${server.origin}${urlPath}`, { headers: { cookie }, redirect: "manual" });
      // Signed in, the sign-in and setup pages send the owner on: what a stranger sees is judged instead.
      if (response.status >= 300 && response.status < 400)
        response = await fetch(`${server.origin}${urlPath}`, { redirect: "manual" });
      expect(response.status, urlPath).toBeLessThan(500);
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) continue;
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, pattern).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(csp, pattern).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(html, `${pattern}: a preloaded module competes with the first paint`).not.toContain('rel="modulepreload"');
      expect(html, `${pattern}: a stylesheet to fetch holds the first paint`).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html, `${pattern}: a script that blocks parsing`).not.toMatch(/<script(?![^>]*\b(?:async|defer|type="module"))[^>]*\bsrc=/);
      expect(html, `${pattern}: the route modules are imported before the first paint`).not.toMatch(/import \* as route\d+ from/);
      expect(html, `${pattern}: the boot script waits for the first paint`).toContain("first-contentful-paint");
      const documentBytes = gzipSize(html);
      const js = startupScripts(html).reduce((sum, s) => sum + gzipSize(fs.readFileSync(path.join(clientDir, s))), 0);
      deskRows.push(
        `${`${pattern}${response.status === 200 ? "" : ` (${response.status})`}`.padEnd(38)} ${(documentBytes / 1024).toFixed(1).padStart(8)} KB ${(js / 1024).toFixed(1).padStart(12)} KB`,
      );
      expect(documentBytes, pattern).toBeLessThanOrEqual(DESK_FIRST_PAINT_BUDGET);
    }
  }, 120_000);
});
