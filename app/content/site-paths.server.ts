/** The addresses a link in a content file may lead to: every prerendered page and every article. */
import { articlePath, prerenderedPaths } from "../route-registry";
import { articles } from "./articles.server";

export const sitePaths: ReadonlySet<string> = new Set([
  ...prerenderedPaths,
  ...articles.map((a) => articlePath(a.slug)),
]);
