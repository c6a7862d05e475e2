/**
 * Finishing touches on the prerendered HTML.
 *
 * 1. Drops <link rel="modulepreload">: on a slow phone link the preloaded JavaScript competes with
 *    the first paint, and every control works before hydration anyway (links and plain forms).
 * 2. Records the SHA-256 of every inline script, so the server's Content-Security-Policy can allow
 *    exactly those scripts and no others.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    // JSON-LD is data, not a script a browser runs, so CSP does not govern it.
    if (/type="application\/ld\+json"/.test(attributes)) continue;
    hashes.push(
      `sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}`,
    );
  }
  return [...new Set(hashes)];
}

function htmlFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" || entry.name === "img" ? [] : htmlFiles(full, base);
    return entry.name === "index.html" ? [path.relative(base, full)] : [];
  });
}

export function finishPrerenderedHtml(clientDir: string): {
  hashes: Record<string, string[]>;
  preloadsRemoved: number;
} {
  const hashes: Record<string, string[]> = {};
  let preloadsRemoved = 0;
  for (const file of htmlFiles(clientDir).sort()) {
    const full = path.join(clientDir, file);
    const original = fs.readFileSync(full, "utf8");
    const html = original.replace(MODULEPRELOAD, () => {
      preloadsRemoved++;
      return "";
    });
    if (html !== original) fs.writeFileSync(full, html);
    hashes[file.split(path.sep).join("/")] = inlineScriptHashes(html);
  }
  return { hashes, preloadsRemoved };
}
