/**
 * The route table the public pages load: React Router's, without the desk's routes. A visitor's
 * page can never open a desk page (no public page links to /owner, and the address bar loads a new
 * document, which brings the whole table), so their thirty-odd entries were bytes every visitor
 * fetched at start for nothing. The desk's pages keep the whole table.
 *
 * Left out too: the files that are not pages and take no post (a PDF, a photo, the sitemap, the
 * feed). A page reaches them only by `<a>`, `<img>` or `<link>`, which the browser loads from the
 * server, never through the page's own router; a form or fetcher posting to a route (the estimate's
 * `/api/estimate`) keeps it.
 *
 * Pure string functions: the build writes the file, and the live layer names it in pages it renders.
 */

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  hasDefaultExport?: boolean;
  hasAction?: boolean;
}

const PREFIX = "window.__reactRouterManifest=";

/** The public table's address, from the whole table's: the same content hash, so caching stays safe. */
export const publicRouteTableUrl = (routeTableUrl: string) => routeTableUrl.replace(/\.js$/, "-public.js");

/** The route's address as its parents add up to it, without a leading slash. */
function fullPath(routes: Record<string, RouteEntry>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
    if (route.path) parts.unshift(route.path);
  return parts.join("/");
}

export const isDeskRoutePath = (path: string) => path === "owner" || path.startsWith("owner/");

/** A route that is a file and not a page: no component, nothing to post to. */
const isFileRoute = (route: RouteEntry) => route.hasDefaultExport === false && route.hasAction === false;

/** The whole table's script (`window.__reactRouterManifest={…};`) without the desk's routes. */
export function publicRouteTable(script: string): string {
  const body = script.trim();
  if (!body.startsWith(PREFIX) || !body.endsWith(";")) throw new Error("the route table is not in the expected shape");
  const manifest = JSON.parse(body.slice(PREFIX.length, -1)) as { routes: Record<string, RouteEntry>; url?: string };
  const routes = Object.fromEntries(
    Object.entries(manifest.routes).filter(
      ([id, route]) => !isDeskRoutePath(fullPath(manifest.routes, id)) && !isFileRoute(route),
    ),
  );
  // The table names its own address, which React Router preloads once the page has hydrated: the
  // whole table's would be fetched for nothing.
  const url = manifest.url === undefined ? undefined : publicRouteTableUrl(manifest.url);
  return `${PREFIX}${JSON.stringify({ ...manifest, routes, url })};`;
}
