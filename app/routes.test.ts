import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { aliases, sitemapEntries, unlistedRoutes } from "./route-registry";
import routes from "./routes";

function paths(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [own, ...paths(entry.children ?? [], own === "/" ? "" : own)];
  });
}

describe("the route table", () => {
  const all = paths(routes);
  const parameterless = all.filter((path) => !path.includes(":") && !path.includes("*"));

  it("puts every page without parameters in the sitemap, among the aliases, or among the routes left out on purpose", () => {
    const known = new Set([
      ...sitemapEntries.map((e) => e.path),
      ...Object.keys(aliases),
      ...Object.keys(unlistedRoutes),
    ]);
    expect(parameterless.filter((path) => !known.has(path))).toEqual([]);
  });

  it("routes every sitemap page, alias and deliberately unlisted route to a page of its own", () => {
    // The catch-all answers anything with the 404 page, so it does not count as routing a path.
    const patterns = all
      .filter((path) => !path.includes("*"))
      .map((path) => new RegExp(`^${path.replace(/\./g, "\\.").replace(/:[^/]+/g, "[^/]+")}$`));
    const declared = [...sitemapEntries.map((e) => e.path), ...Object.keys(aliases), ...Object.keys(unlistedRoutes)];
    expect(declared.filter((path) => !patterns.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  it("lists no page both in the sitemap and as left out", () => {
    expect(sitemapEntries.map((e) => e.path).filter((path) => path in unlistedRoutes)).toEqual([]);
  });
});
