/**
 * Which form action a request reaches, whatever the spelling of its path.
 *
 * The router matches paths without regard to letter case, decodes percent-escapes, ignores a
 * trailing slash, and answers `/estimate.data` (the request a hydrated page sends) with the same
 * action as `/estimate`. A limit keyed on the literal path would be a limit only on the one
 * spelling a bot did not pick, so the path is brought to the form the router acts on first.
 */
import { formActions, type FormAction } from "~/route-registry";

const registered = Object.entries(formActions).flatMap(([action, paths]) =>
  paths.map((p) => [p, action as FormAction] as const),
);
const actionByPath = new Map<string, FormAction>(registered.filter(([p]) => !p.includes(":")));
/** Addresses with a parameter (`/visit/:token`), matched one segment per parameter. */
const actionPatterns = registered
  .filter(([p]) => p.includes(":"))
  .map(([p, action]) => [new RegExp(`^${p.replace(/:[^/]+/g, "[^/]+")}$`), action] as const);

function decodeFully(path: string): string | undefined {
  let current = path;
  // A few rounds: a proxy in front may decode once more than we do.
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The path as the router acts on it: decoded, lower case, single slashes, no `.data`, no trailing slash. */
export function canonicalActionPath(rawPath: string): string | undefined {
  const decoded = decodeFully(rawPath.split("?")[0] ?? "");
  if (decoded === undefined) return undefined;
  let path = decoded
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
  if (path === "/_root.data") return "/";
  path = path.replace(/\.data$/, "");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}

/** The form action a request path reaches, or undefined when it reaches none. */
export function formActionOf(rawPath: string): FormAction | undefined {
  const path = canonicalActionPath(rawPath);
  if (path === undefined) return undefined;
  return actionByPath.get(path) ?? actionPatterns.find(([pattern]) => pattern.test(path))?.[1];
}
