/**
 * A request's address as the log may keep it. Some addresses are credentials: a visit link's path
 * holds its token (`/visit/<token>`), and the setup and newsletter links carry theirs in the
 * query. The database keeps only their hashes; a log line with the token in it would be a live
 * copy for anyone who can read the logs. So the query is never logged, and a visit, quote or review link's
 * token segment is logged as `…`, whatever spelling of the path reached the server. An error message
 * about the request (a malformed escape in the token, say) may quote it too, and is scrubbed.
 */
import { canonicalActionPath } from "./form-action.server";

/** Paths whose segments after the prefix are a credential. */
const TOKEN_PREFIXES = ["/visit/", "/quote/", "/review/"];

/** A path that does not decode as a whole, with each escape that does decoded: `/%71uote/…%E0` reads "/quote/…". */
function looselyDecoded(path: string): string {
  let text = path;
  for (let round = 0; round < 3; round++)
    text = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text.toLowerCase();
}

export function loggablePath(originalUrl: string): string {
  const path = originalUrl.split("?")[0] ?? "";
  // The router's reading of the path: decoded, lower case, single slashes.
  const canonical = canonicalActionPath(path);
  for (const prefix of TOKEN_PREFIXES) {
    if (canonical === undefined ? looselyDecoded(path).includes(prefix.slice(1, -1)) : canonical.startsWith(prefix))
      return `${prefix}…`;
  }
  return path;
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
  if (loggablePath(path) !== path) {
    // Everything after the prefix: the token, however it was escaped.
    const segments = path.split("/").filter(Boolean);
    pieces.push(...segments.slice(1), segments.slice(1).join("/"));
  }
  for (const pair of query.split("&")) pieces.push(pair.slice(pair.indexOf("=") + 1));
  const secrets = pieces
    .flatMap((piece) => [piece, decodedOrSame(piece)])
    // Short values (a page number, "1") are no secret, and would blank out ordinary words.
    .filter((piece) => piece.length >= 8)
    .sort((a, b) => b.length - a.length);
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join("…"), text);
}
