import { describe, expect, it } from "vitest";
import { publicRouteTable, publicRouteTableUrl } from "./public-route-table";

const route = (
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  index = false,
  kind: { hasDefaultExport?: boolean; hasAction?: boolean } = {},
) => ({
  id,
  parentId,
  path,
  index,
  module: `/assets/${id.replace(/\W/g, "-")}.js`,
  ...kind,
});

const table = (routes: ReturnType<typeof route>[]) =>
  `window.__reactRouterManifest=${JSON.stringify({
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    url: "/assets/manifest-1a2b.js",
    version: "1a2b",
  })};`;

const routesIn = (script: string) =>
  Object.keys((JSON.parse(script.slice("window.__reactRouterManifest=".length, -1)) as { routes: object }).routes);

describe("the public route table", () => {
  it("leaves out every route at or under /owner, however deep, and keeps the rest as written", () => {
    const whole = table([
      route("root", undefined, ""),
      route("routes/home", "root", undefined, true),
      route("routes/projects", "root", "projects"),
      // A public path that starts with the same letters is not the desk.
      route("routes/owners-guide", "root", "owners-guide"),
      route("routes/owner", "root", "owner"),
      route("routes/owner._index", "routes/owner", undefined, true),
      route("routes/owner.lead", "routes/owner", "leads/:id"),
      route("routes/owner.photo", "root", "owner/leads/:id/photos/:photoId"),
    ]);
    const publicOne = publicRouteTable(whole);
    expect(routesIn(publicOne)).toEqual(["root", "routes/home", "routes/projects", "routes/owners-guide"]);
    expect(publicOne).toContain('"entry":{"module":"/assets/entry.client.js"');
    // Its own address, which React Router preloads after hydration, not the whole table's.
    expect(publicOne).toContain('"url":"/assets/manifest-1a2b-public.js"');
    expect(publicOne.length).toBeLessThan(whole.length);
  });

  it("leaves out the files that are not pages and take no post, and keeps every page and every post", () => {
    const page = { hasDefaultExport: true, hasAction: false };
    const file = { hasDefaultExport: false, hasAction: false };
    const whole = table([
      route("root", undefined, ""),
      route("routes/watch", "root", "watch/:token", false, { hasDefaultExport: true, hasAction: true }),
      route("routes/blog", "root", "blog", false, page),
      route("routes/watch-document", "root", "watch/:token/documents/:documentId", false, file),
      route("routes/sitemap", "root", "sitemap.xml", false, file),
      route("routes/api.estimate", "root", "api/estimate", false, { hasDefaultExport: false, hasAction: true }),
    ]);
    expect(routesIn(publicRouteTable(whole))).toEqual(["root", "routes/watch", "routes/blog", "routes/api.estimate"]);
  });

  it("is named after the whole table, so its content hash still names it", () => {
    expect(publicRouteTableUrl("/assets/manifest-1a2b.js")).toBe("/assets/manifest-1a2b-public.js");
  });

  it("refuses a table in a shape it does not know, so a React Router upgrade stops the build", () => {
    expect(() => publicRouteTable("window.__otherManifest={};")).toThrow(/not in the expected shape/);
  });
});
