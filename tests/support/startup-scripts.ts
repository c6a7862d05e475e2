/**
 * The JavaScript files a page runs at start: the entry and route modules its boot script names,
 * followed through their static imports. The boot script names the route modules either as
 * React Router writes them (`import * as route0 from "…"`, on pages rendered per request) or as
 * the build rewrites them on prerendered pages (`import("…")`, started after the first paint).
 */
import fs from "node:fs";
import path from "node:path";

/**
 * The most JavaScript, gzipped, a public page may run at start: React and React
 * Router are about 105 KB of it, the route table (the desk's routes left out on public pages) 2 to
 * 3 KB. What a page shows below its first screen hydrates from chunks loaded after it starts
 * (decision record 0031).
 */
export const STARTUP_JS_BUDGET = 120 * 1024;

/**
 * The same for a desk page, which loads the whole route table and the desk's frame and is opened
 * by one person many times a day, from the cache after the first.
 */
export const DESK_STARTUP_JS_BUDGET = 130 * 1024;

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
