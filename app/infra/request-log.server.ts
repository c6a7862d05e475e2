/**
 * A request's address as the log may keep it. Some addresses are credentials: the links mailed to
 * homeowners hold their token in the path (`/job/<token>`, and the job's photos and documents
 * under it), and the setup and newsletter links carry theirs in the query. The database keeps only
 * their hashes; a log line with the token in it would be a live copy for anyone who can read the
 * logs, ship them or back them up. So the query is never logged, and a token link's path is logged
 * as its prefix and `…`, whatever spelling of the path reached the server. An error message about
 * the request (a malformed escape in the token, say) may quote it too, and is scrubbed.
 *
 * The prefixes are `TOKEN_PATH_PREFIXES`, the one list nginx's access-log map is held to as well.
 */
import { TOKEN_PATH_PREFIXES } from "~/route-registry";

/** `job` for `/job/`: a segment that names a token route. */
const TOKEN_ROUTE_NAMES: readonly string[] = TOKEN_PATH_PREFIXES.map((prefix) => prefix.slice(1, -1));

/**
 * A path with each escape decoded, three rounds deep (a proxy may decode once more than we do),
 * even where the whole does not decode: `/%71uote/…%E0` reads "/quote/…". Lower case, as the
 * router matches.
 */
function looselyDecoded(path: string): string {
  let text = path;
  for (let round = 0; round < 3; round++)
    text = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text.toLowerCase();
}

/**
 * The segments the router may read in `path`. A backslash is a slash to the URL parser, and dot
 * segments are resolved before routing (`/x/../job/<token>` opens a job), so a token route's name
 * is looked for in every segment, not only the first.
 */
const segmentsOf = (path: string) => looselyDecoded(path).split(/[/\\]+/);

/** The token route whose name is followed by another segment somewhere in `path`, if any. */
function tokenRouteIn(path: string): string | undefined {
  const segments = segmentsOf(path);
  const at = segments.findIndex(
    (segment, index) => TOKEN_ROUTE_NAMES.includes(segment) && Boolean(segments[index + 1]),
  );
  return at === -1 ? undefined : segments[at];
}

export function loggablePath(originalUrl: string): string {
  const path = originalUrl.split("?")[0] ?? "";
  const route = tokenRouteIn(path);
  return route === undefined ? path : `/${route}/…`;
}

function decodedOrSame(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `text` (an error's message) with every piece of the request's address that may be a secret taken out. */
export function withoutSecrets(text: string, originalUrl: string): string {
  const [path = "", query = ""] = originalUrl.split(/\?(.*)/s);
  const pieces: string[] = [];
  const route = tokenRouteIn(path);
  if (route !== undefined) {
    // Everything after the route's name, one segment at a time and all together: the token,
    // however it was escaped or split.
    const segments = path.split(/[/\\]+/).filter(Boolean);
    const after = segments.slice(segments.findIndex((segment) => looselyDecoded(segment) === route) + 1);
    pieces.push(after.join("/"), ...after);
  }
  for (const pair of query.split("&")) pieces.push(pair.slice(pair.indexOf("=") + 1));
  const secrets = pieces
    .flatMap((piece) => [piece, decodedOrSame(piece)])
    // Short values (a page number, "1", a route's own name) are no secret, and would blank out ordinary words.
    .filter((piece) => piece.length >= 8)
    .sort((a, b) => b.length - a.length);
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join("…"), text);
}
