/**
 * The JavaScript files a page runs at start: the entry and route modules its boot script names,
 * followed through their static imports. The boot script names the route modules either as
 * React Router writes them (`import * as route0 from "…"`, on pages rendered per request) or as
 * the build rewrites them on prerendered pages (`import("…")`, started after the first paint).
 */
import fs from "node:fs";
import path from "node:path";

/**
 * The most JavaScript, gzipped, a page may run at start, desk pages included. It covers the route
 * table every page loads with its scripts, about 5 KB (decision record 0024).
 */
export const STARTUP_JS_BUDGET = 135 * 1024;

const ENTRY = /"entry":\s*{\s*"module":\s*"(\/assets\/[^"]+\.js)"/;
const ROUTE_MODULE = /(?:import \* as route\d+ from |import\()"(\/assets\/[^"]+\.js)"/g;
const STATIC_IMPORT = /(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g;

export function startupScripts(html: string, clientDir: string): string[] {
  const entry = ENTRY.exec(html)?.[1];
  const routeModules = [...html.matchAll(ROUTE_MODULE)].map((m) => m[1] ?? "");
  return staticImports([entry ?? "", ...routeModules].filter(Boolean), clientDir);
}

/** The modules (URL paths such as /assets/x-123.js) and everything they import statically. */
export function staticImports(modules: readonly string[], clientDir: string): string[] {
  const seen = new Set<string>();
  const visit = (urlPath: string) => {
    if (seen.has(urlPath)) return;
    seen.add(urlPath);
    const code = fs.readFileSync(path.join(clientDir, urlPath), "utf8");
    for (const m of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(urlPath), m[1] ?? ""));
  };
  for (const url of modules) visit(url);
  return [...seen];
}
