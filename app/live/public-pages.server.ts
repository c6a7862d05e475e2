/**
 * Whether a path names a page of the public site: the pages the build prerenders (aliases
 * included), the articles, and the pages published content adds (a project's page). A notice's
 * link may point only at one of these.
 */
import { articles } from "~/content/articles.server";
import { articlePath, prerenderedPaths } from "~/route-registry";
import { currentSnapshot } from "./snapshot.server";

const FILES = /\.(?:xml|txt)$/;

const builtPages = new Set([
  ...prerenderedPaths.filter((path) => !FILES.test(path)),
  ...articles.map((article) => articlePath(article.slug)),
]);

export function isPublicPage(path: string): boolean {
  return builtPages.has(path) || (currentSnapshot()?.extraPages.includes(path) ?? false);
}
