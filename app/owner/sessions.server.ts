/**
 * Desk sessions: a random token in an HttpOnly cookie, only its hash in the database. A session
 * ends after 7 idle days, 30 days in all, on sign-out, or when its owner is removed. Each sign-in
 * starts a new session (a fresh token), so a token planted before sign-in is worth nothing after.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { redirect } from "react-router";
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { hashToken, randomToken } from "~/infra/link-token.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { inTransaction } from "~/infra/transaction.server";
import type { Actor } from "./actor";
import { deskChange } from "./desk-change.server";
import { signInPath } from "./paths";

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** Downloads of everyone's details ask for proof newer than this. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** Writing "last seen" on every request would be a write per page view; once a minute is plenty. */
const TOUCH_AFTER_MS = 60 * 1000;

const PLAIN_COOKIE = "desk_session";
// The prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/, so a
// sibling subdomain cannot plant or shadow it.
const SECURE_COOKIE = "__Host-desk_session";

export type SignInMethod = "passkey" | "code";

export interface DeskSession {
  id: string;
  ownerId: string;
  email: string;
  authenticatedAt: Date;
  method: string;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function cookieName(request: Request): string {
  return isHttps(request) ? SECURE_COOKIE : PLAIN_COOKIE;
}

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const attributes = [
    `${cookieName(request)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isHttps(request)) attributes.push("Secure");
  return attributes.join("; ");
}

export function clearSessionCookie(request: Request): string {
  return sessionCookie(request, "", 0);
}

/** Starts a session for the owner; returns the Set-Cookie header that hands over its token. */
export async function startSession(
  db: Kysely<Database>,
  request: Request,
  ownerId: string,
  method: SignInMethod,
  now: Date = new Date(),
): Promise<string> {
  // The session the browser held before (an earlier sign-in, or one planted on it) ends here.
  const previous = cookieValue(request, cookieName(request));
  if (previous) await db.deleteFrom("owner_sessions").where("token_hash", "=", hashToken(previous)).execute();
  const token = randomToken();
  await db
    .insertInto("owner_sessions")
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      owner_id: ownerId,
      created_at: timestamp(now),
      last_seen_at: timestamp(now),
      authenticated_at: timestamp(now),
      expires_at: timestamp(new Date(now.getTime() + SESSION_MAX_MS)),
      method,
    })
    .execute();
  // The cookie lives as long as the session could; the database decides when it really ends.
  return sessionCookie(request, token, Math.floor(SESSION_MAX_MS / 1000));
}

/**
 * Signs the owner in: the session and the audit entry saying how (`detail`) commit together, so
 * no session exists that the log does not show. Returns the session's cookie.
 */
export function signIn(
  db: Kysely<Database>,
  request: Request,
  owner: { id: string; email: string },
  method: SignInMethod,
  detail: string,
  client: string | null,
  now: Date = new Date(),
): Promise<string> {
  return deskChange(db, { email: owner.email, client }, now, async ({ trx, audit }) => {
    const cookie = await startSession(trx, request, owner.id, method, now);
    await audit("signed-in", detail);
    return cookie;
  });
}

/** Keeps a refused sign-in in the audit log, by the client it came from: nobody is signed in. */
export function refuseSignIn(db: Kysely<Database>, detail: string, client: string | null): Promise<void> {
  return deskChange(db, { email: null, client }, new Date(), ({ audit }) => audit("sign-in-refused", detail));
}

/** The request's session, when it has a live one; an expired one is deleted on the way. */
export async function readSession(
  db: Kysely<Database>,
  request: Request,
  now: Date = new Date(),
): Promise<DeskSession | undefined> {
  const token = cookieValue(request, cookieName(request));
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom("owner_sessions")
    .innerJoin("owners", "owners.id", "owner_sessions.owner_id")
    .select([
      "owner_sessions.id",
      "owner_sessions.owner_id",
      "owner_sessions.last_seen_at",
      "owner_sessions.authenticated_at",
      "owner_sessions.expires_at",
      "owner_sessions.method",
      "owners.email",
    ])
    .where("owner_sessions.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = toDate(row.last_seen_at);
  if (toDate(row.expires_at) <= now || now.getTime() - lastSeen.getTime() >= SESSION_IDLE_MS) {
    await db.deleteFrom("owner_sessions").where("id", "=", row.id).execute();
    return undefined;
  }
  if (now.getTime() - lastSeen.getTime() > TOUCH_AFTER_MS)
    await db
      .updateTable("owner_sessions")
      .set({ last_seen_at: timestamp(now) })
      .where("id", "=", row.id)
      .execute();
  return {
    id: row.id,
    ownerId: row.owner_id,
    email: row.email,
    authenticatedAt: toDate(row.authenticated_at),
    method: row.method,
  };
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("owner_sessions").where("id", "=", sessionId).execute();
}

export async function endAllSessions(db: Kysely<Database>, ownerId: string): Promise<number> {
  const result = await db.deleteFrom("owner_sessions").where("owner_id", "=", ownerId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * "Sign out everywhere": every session of the owner, every device their lead alerts go to, and
 * every way in still being made: their unused setup links and open passkey challenges, which
 * would otherwise let whoever holds a link made earlier add a passkey of their own afterwards.
 * It is what an owner presses for a lost phone, and that phone's lock screen would otherwise go
 * on showing each new lead's name, town and first words. Their pushes still queued go with the
 * devices (the outbox row names its device, ON DELETE CASCADE).
 */
export async function signOutEverywhere(
  db: Kysely<Database>,
  ownerId: string,
): Promise<{ sessions: number; devices: number; setupLinks: number; challenges: number }> {
  return inTransaction(db, async (trx) => {
    const sessions = await endAllSessions(trx, ownerId);
    const devices = await trx.deleteFrom("push_subscriptions").where("owner_id", "=", ownerId).executeTakeFirst();
    const setupLinks = await trx
      .deleteFrom("owner_setup_tokens")
      .where("owner_id", "=", ownerId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    const challenges = await trx.deleteFrom("owner_challenges").where("owner_id", "=", ownerId).executeTakeFirst();
    return {
      sessions,
      devices: Number(devices.numDeletedRows),
      setupLinks: Number(setupLinks.numDeletedRows),
      challenges: Number(challenges.numDeletedRows),
    };
  });
}

export function signedInRecently(session: DeskSession, now: Date = new Date()): boolean {
  return now.getTime() - session.authenticatedAt.getTime() < RECENT_SIGN_IN_MS;
}

export interface SignedInOwner {
  db: Kysely<Database>;
  session: DeskSession;
  /** Who the request's changes are by, as the audit log records them. */
  actor: Actor;
}

/**
 * Who the session's changes are by. `context` is React Router's load context, where the server
 * entry puts the client's address.
 */
export function deskActor(session: DeskSession, context: unknown): Actor {
  return { email: session.email, client: clientKey(clientIpFrom(context)) };
}

function signedIn(db: Kysely<Database>, session: DeskSession, context: unknown): SignedInOwner {
  return { db, session, actor: deskActor(session, context) };
}

/** The signed-in owner, or a redirect to the sign-in page that brings them back here afterwards. */
export async function requireOwner(request: Request, context: unknown): Promise<SignedInOwner> {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(signInPath(request.method === "GET" ? url.pathname + url.search : "/owner"));
  }
  return signedIn(db, session, context);
}

/** For files (photos, CSV): no page to send a stranger to, just a refusal. */
export async function requireOwnerOr401(request: Request, context: unknown): Promise<SignedInOwner> {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  if (!session)
    throw new Response("Sign in at /owner/sign-in first.", {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return signedIn(db, session, context);
}
