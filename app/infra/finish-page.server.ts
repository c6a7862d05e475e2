/**
 * Finishing touches on a rendered page, shared by the build (prerendered pages), the live layer
 * (pages rendered again when the owner publishes) and the desk (pages rendered per request, see
 * entry.server.tsx), so all reach the browser in one shape.
 *
 * 1. Drops <link rel="modulepreload">: on a slow phone link the preloaded JavaScript competes with
 *    the first paint, and every control works before hydration anyway (links and plain forms).
 * 2. Starts the app's JavaScript once the page's main picture is on screen, not while the HTML is
 *    parsed. React Router's boot script imports the route modules statically, so a phone fetches
 *    about 100 KB of script alongside the picture and paints both later. The boot script is
 *    rewritten to wait and then import the same modules dynamically; what it does next is unchanged.
 * 3. Records the SHA-256 of every inline script, so the Content-Security-Policy can allow exactly
 *    those scripts and no others.
 *
 * Pure string functions: server.ts's bundle and the build scripts import this file directly.
 */
import { createHash } from "node:crypto";
import { publicRouteTableUrl } from "./public-route-table";

// A page rendered per request (the desk) carries the response's nonce on these tags; a prerendered one none.
const MODULEPRELOAD = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g;
// The route manifest, when the build lists every route up front, comes first as a bare import.
const BOOT_SCRIPT =
  /(<script(?: nonce="[^"]*")? type="module" async="">);?\n?((?:import "[^"]+";\n)?)((?:import \* as route\d+ from "[^"]+";\n)+)/;
const MANIFEST_IMPORT = /import "([^"]+)";/;
const ROUTE_IMPORT = /import \* as (route\d+) from ("[^"]+");/g;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Waits until the browser reports the page's main picture (the one fetched at high priority) as
 * painted, or, on a page without one, its first text. Browsers that report no paints go on 250 ms
 * after the picture is decoded or the first frame is drawn, and nothing waits more than 3 s. A
 * hidden tab paints nothing, so there the script starts at once.
 */
const WAIT_FOR_FIRST_PICTURE = `await new Promise((go) => {
  if (document.visibilityState === "hidden") return go();
  const later = () => setTimeout(go, 250);
  const seen = (type, painted) => {
    try {
      new PerformanceObserver((list, observer) => {
        if (list.getEntries().some(painted)) observer.disconnect(), setTimeout(go);
      }).observe({ type, buffered: true });
    } catch {}
  };
  const hero = document.querySelector('img[fetchpriority="high"]');
  if (hero) seen("largest-contentful-paint", (entry) => entry.element === hero), hero.decode().then(later, later);
  else seen("paint", (entry) => entry.name === "first-contentful-paint"), requestAnimationFrame(later);
  setTimeout(go, 3000);
});`;

/** Which route table a page loads: a public page the one without the desk's routes. */
export type RouteTable = "public" | "whole";

/** The boot script with its static route imports turned into dynamic ones, started once the page is painted. */
export function deferBootImports(html: string, table: RouteTable = "whole"): { html: string; deferred: boolean } {
  const match = BOOT_SCRIPT.exec(html);
  if (!match) return { html, deferred: false };
  const wholeTable = MANIFEST_IMPORT.exec(match[2] ?? "")?.[1];
  const tableUrl = wholeTable && table === "public" ? publicRouteTableUrl(wholeTable) : wholeTable;
  const manifest = tableUrl ? JSON.stringify(tableUrl) : undefined;
  const imports = [...(match[3] ?? "").matchAll(ROUTE_IMPORT)];
  const names = [...(manifest ? [""] : []), ...imports.map((m) => m[1])].join(", ");
  const urls = [...(manifest ? [manifest] : []), ...imports.map((m) => m[2])].map((url) => `import(${url})`).join(", ");
  // A module that fails to arrive leaves the page as prerendered, as a failed static import did,
  // instead of throwing an unhandled rejection: the promise that never settles stops the script.
  const replacement = `${match[1]}\n${WAIT_FOR_FIRST_PICTURE}\nconst [${names}] = await Promise.all([${urls}]).catch(() => new Promise(() => {}));\n`;
  return { html: html.replace(BOOT_SCRIPT, () => replacement), deferred: true };
}

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

export interface FinishedPage {
  html: string;
  /** The CSP source expressions of the page's inline scripts. */
  scriptHashes: string[];
  preloadsRemoved: number;
  bootDeferred: boolean;
}

/**
 * A page as it is served: preloads gone, boot script deferred, inline scripts hashed. Throws when
 * the page has React Router's boot script in a shape this code does not know, so an upgrade that
 * writes it differently cannot quietly bring the scripts back in front of the picture.
 */
export function finishPage(original: string, name: string, table: RouteTable): FinishedPage {
  let preloadsRemoved = 0;
  const withoutPreloads = original.replace(MODULEPRELOAD, () => {
    preloadsRemoved++;
    return "";
  });
  const deferred = deferBootImports(withoutPreloads, table);
  if (!deferred.deferred && original.includes("window.__reactRouterRouteModules"))
    throw new Error(`${name}: React Router's boot script no longer has the expected route imports`);
  return {
    html: deferred.html,
    scriptHashes: inlineScriptHashes(deferred.html),
    preloadsRemoved,
    bootDeferred: deferred.deferred,
  };
}
