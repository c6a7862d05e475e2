import { describe, expect, it } from "vitest";
import { deferBootImports, inlineScriptHashes } from "../../app/infra/finish-page.server";
import { finishPrerenderedHtml } from "./finish-html";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The shape React Router 7 writes at the end of a prerendered page.
const boot = `<script type="module" async="">;
import * as route0 from "/assets/root-abc.js";
import * as route1 from "/assets/home-def.js";
  window.__reactRouterManifest = {"version":"1"};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-xyz.js");</script>`;

describe("deferBootImports", () => {
  it("turns the static route imports into dynamic ones that wait for the page's picture", () => {
    const { html, deferred } = deferBootImports(`<body><main></main>${boot}</body>`);
    expect(deferred).toBe(true);
    expect(html).not.toMatch(/import \* as/);
    expect(html).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-abc.js"), import("/assets/home-def.js")]).catch(() => new Promise(() => {}));',
    );
    expect(html).toContain('img[fetchpriority="high"]');
    // Everything after the imports is left as React Router wrote it.
    expect(html).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(html).toContain('import("/assets/entry.client-xyz.js");</script></body>');
  });

  it("loads the route manifest with the routes when the build lists every route up front", () => {
    const withManifest = `<script type="module" async="">import "/assets/manifest-123.js";
import * as route0 from "/assets/root-abc.js";
import * as route1 from "/assets/home-def.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-xyz.js");</script>`;
    const { html, deferred } = deferBootImports(`<body><main></main>${withManifest}</body>`);
    expect(deferred).toBe(true);
    expect(html).not.toMatch(/^import "/m);
    expect(html).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-123.js"), import("/assets/root-abc.js"), import("/assets/home-def.js")]).catch(() => new Promise(() => {}));',
    );
  });

  it("names the public route table on a public page, and the whole one elsewhere", () => {
    const withManifest = `<script type="module" async="">import "/assets/manifest-123.js";
import * as route0 from "/assets/root-abc.js";
  window.__reactRouterRouteModules = {"root":route0};
</script>`;
    expect(deferBootImports(withManifest, "public").html).toContain('import("/assets/manifest-123-public.js")');
    expect(deferBootImports(withManifest, "whole").html).toContain('import("/assets/manifest-123.js")');
  });

  it("leaves a page without a boot script alone", () => {
    const page = "<body><p>Plain</p></body>";
    expect(deferBootImports(page)).toEqual({ html: page, deferred: false });
  });
});

describe("finishPrerenderedHtml", () => {
  const page = (html: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "finish-html-"));
    fs.mkdirSync(path.join(dir, "faq"));
    fs.writeFileSync(path.join(dir, "faq/index.html"), html);
    return dir;
  };

  it("drops modulepreload links, defers the boot script and hashes the script as written", () => {
    const dir = page(`<head><link rel="modulepreload" href="/assets/a.js"/></head><body>${boot}</body>`);
    const result = finishPrerenderedHtml(dir);
    const written = fs.readFileSync(path.join(dir, "faq/index.html"), "utf8");
    expect(result.preloadsRemoved).toBe(1);
    expect(result.bootsDeferred).toBe(1);
    expect(written).not.toContain("modulepreload");
    expect(result.hashes["faq/index.html"]).toEqual(inlineScriptHashes(written));
    fs.rmSync(dir, { recursive: true });
  });

  it("writes the public route table beside React Router's, and the pages load it", () => {
    const dir = page(`<body><script type="module" async="">import "/assets/manifest-9f.js";
import * as route0 from "/assets/root-abc.js";
  window.__reactRouterRouteModules = {"root":route0};
</script></body>`);
    fs.mkdirSync(path.join(dir, "assets"));
    const routes = {
      root: { id: "root", path: "" },
      "routes/faq": { id: "routes/faq", parentId: "root", path: "faq" },
      "routes/owner": { id: "routes/owner", parentId: "root", path: "owner" },
    };
    fs.writeFileSync(
      path.join(dir, "assets/manifest-9f.js"),
      `window.__reactRouterManifest=${JSON.stringify({ routes })};`,
    );
    finishPrerenderedHtml(dir);
    const publicTable = fs.readFileSync(path.join(dir, "assets/manifest-9f-public.js"), "utf8");
    expect(publicTable).toContain('"routes/faq"');
    expect(publicTable).not.toContain("owner");
    expect(fs.readFileSync(path.join(dir, "faq/index.html"), "utf8")).toContain(
      'import("/assets/manifest-9f-public.js")',
    );
    fs.rmSync(dir, { recursive: true });
  });

  it("stops the build when the boot script has a shape it does not know", () => {
    const dir = page(
      `<body><script type="module">import { a } from "/assets/root.js"; window.__reactRouterRouteModules = {a};</script></body>`,
    );
    expect(() => finishPrerenderedHtml(dir)).toThrow(/boot script no longer has the expected route imports/);
    fs.rmSync(dir, { recursive: true });
  });
});
