/**
 * Per-page budgets measured from the built output: the JavaScript a page loads at start (the
 * modules its HTML imports, followed through their static imports) and its CSS, both gzipped.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { startupScripts as startupScriptsOf } from "../support/startup-scripts";
import { clientDir, prerenderedPages } from "./support";

const JS_BUDGET = 130 * 1024;
const CSS_BUDGET = 25 * 1024;

const gzipSize = (text: string | Buffer) => gzipSync(text).length;
const startupScripts = (html: string) => startupScriptsOf(html, clientDir);

const rows: string[] = [];
afterAll(() => {
  console.log(["page                                   JS gz   CSS gz", ...rows].join("\n"));
});

describe("budgets", () => {
  for (const { file, urlPath } of prerenderedPages()) {
    it(`${urlPath}: start-up JavaScript ≤ 130 KB and CSS ≤ 25 KB gzipped`, () => {
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
    for (const { file, urlPath } of prerenderedPages()) {
      const code = startupScripts(fs.readFileSync(file, "utf8")).map((s) => fs.readFileSync(path.join(clientDir, s), "utf8"));
      expect(code.some((c) => c.includes("/owner/passkey") || c.includes("Sign out everywhere") || c.includes("navigator.credentials")), urlPath).toBe(false);
    }
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
