/**
 * A signed-in owner, for tests of what the desk shows and refuses: the owner added on the server
 * as `npm run owner -- add` adds one, and a session started as a sign-in starts it. The one way a
 * test holds the desk's session cookie; tests of signing in itself go through the real sign-in.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { addOwner, findOwnerByEmail, type Owner } from "~/owner/owners.server";
import { startSession, type SignInMethod } from "~/owner/sessions.server";

export interface SignedInOwner {
  owner: Owner;
  /** The `Cookie` header a request of this owner sends. */
  cookie: string;
  /** The same cookie for a browser context (Playwright's `addCookies`, with the site's URL). */
  browserCookie: { name: string; value: string };
}

/**
 * Adds the owner (or takes the one of that email) and signs them in for `origin`: the cookie is
 * the kind the site hands out there (`__Host-` and Secure over HTTPS).
 */
export async function signedInOwner(
  db: Kysely<Database>,
  origin: string,
  options: { email?: string; method?: SignInMethod; now?: Date } = {},
): Promise<SignedInOwner> {
  const email = options.email ?? "pat@causeway.test";
  const added = await addOwner(db, email);
  const owner = added.added ? added.owner : await findOwnerByEmail(db, email);
  if (!owner) throw new Error(`no owner ${email}`);
  const setCookie = await startSession(
    db,
    new Request(`${origin}/owner`),
    owner.id,
    options.method ?? "passkey",
    options.now,
  );
  const cookie = setCookie.split(";")[0] ?? "";
  const [name = "", value = ""] = cookie.split("=");
  return { owner, cookie, browserCookie: { name, value } };
}
