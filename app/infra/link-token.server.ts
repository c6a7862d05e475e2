/**
 * The random token behind every link mailed to someone (a site visit, a review request, a quote,
 * an owner's device setup, newsletter confirm and unsubscribe) and behind the desk's session
 * cookie: how it is made, the only form in which it is stored, the one shape a token may have, and
 * what a page behind such a link answers when the link opens nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { data } from "react-router";

/** 32 random bytes, base64url: unguessable, and safe in a cookie or a URL. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A stolen copy of the database must not hold live sessions or links: only this is stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A token as `randomToken` writes it: 43 base64url characters, nothing around them. Anything else
 * cannot be one of ours and is refused before it reaches a query. Every link ever mailed, newsletter
 * links included, was made this way, so no older shape needs to be let through.
 */
export function isLinkToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * The token in the address is a credential: keep it out of caches, Referer headers and indexes.
 * `strict-origin`, not `no-referrer`: a Referer then names the site alone, never the path with its
 * token, while a form posted without JavaScript still carries the site's Origin (under
 * `no-referrer` the browser sends `Origin: null`, which the Origin check refuses).
 */
export const tokenLinkHeaders = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "strict-origin",
  "X-Robots-Tag": "noindex",
});

/**
 * A link that opens nothing. 404: no link was ever sent with this token; 410: one was, and it is
 * used up, expired or withdrawn. Pages show both alike, so a stranger holding an old link learns
 * nothing about the job or the person.
 */
export type DeadLink = { state: "gone"; status: 404 | 410 };

export const UNKNOWN_LINK = { state: "gone", status: 404 } as const satisfies DeadLink;
export const SPENT_LINK = { state: "gone", status: 410 } as const satisfies DeadLink;

/** What a link's token opens: the record its feature's table keeps for it, or the unknown link. */
export type LinkLookup<T> = { state: "found"; token: string; record: T } | typeof UNKNOWN_LINK;

/**
 * The one way every page behind an emailed link reads its token: a value of any other shape is
 * refused before a query (or a transaction) is opened, and the feature's `byHash` sees only the
 * token's hash, as its table keeps it. Whatever it does not find is the unknown link, the one
 * refusal each page turns into its dead-link page. The token itself is handed back to the caller,
 * never to a log.
 */
export async function findByLinkToken<T>(
  token: unknown,
  byHash: (tokenHash: string, token: string) => Promise<T | null | undefined>,
): Promise<LinkLookup<T>> {
  if (!isLinkToken(token)) return UNKNOWN_LINK;
  const record = await byHash(hashToken(token), token);
  return record === undefined || record === null ? UNKNOWN_LINK : { state: "found", token, record };
}

/** The page's data for a dead link: the bare state, with the link's status on the response alone. */
export function deadLinkAnswer(link: DeadLink) {
  return data({ state: link.state }, { status: link.status });
}
