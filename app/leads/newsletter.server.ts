/**
 * The newsletter, double opt-in.
 *
 * Signing up stores a pending subscriber and mails a confirmation link; nothing else is ever sent
 * to an address until its owner confirms. The answer to a signup is the same whatever the state of
 * the address (new, pending, confirmed, unsubscribed), so the form reveals nothing about who is
 * subscribed. A confirmed address gets no new mail; a pending one gets at most one confirmation per
 * RESEND_AFTER_MS, so the form cannot be used to flood someone's inbox.
 *
 * Links carry random tokens; only their SHA-256 hashes are stored. The confirm page asks for a
 * button press (a POST) rather than confirming on GET, because mail scanners open every link in a
 * message and would otherwise confirm addresses nobody confirmed.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/settings/env.server";
import { findByLinkToken, hashToken, randomToken } from "~/infra/link-token.server";
import { describeError, log } from "~/infra/log.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import {
  BodyTooLargeError,
  formContentKind,
  FormParseError,
  parseFormRequest,
  readLimitedText,
} from "~/infra/uploads.server";
import { CONFIRM_TOKEN_VALID_DAYS, confirmationEmail, welcomeEmail } from "./newsletter-emails.server";
import { HONEYPOT_FIELD, normalizeNewsletterEmail, validateNewsletterEmail } from "./newsletter-schema";
import { inTransaction } from "~/infra/transaction.server";

export const RESEND_AFTER_MS = 10 * 60 * 1000;
const SIGNUP_BODY_MAX_BYTES = 8 * 1024;
/** A few short text fields, no files: the signup form and the confirm and unsubscribe buttons. */
const SMALL_FORM_LIMITS = {
  maxFiles: 0,
  maxFileBytes: 0,
  maxTotalBytes: SIGNUP_BODY_MAX_BYTES,
  maxFields: 10,
  maxFieldBytes: 1024,
  isFileField: () => false,
};
const CONFIRM_TOKEN_VALID_MS = CONFIRM_TOKEN_VALID_DAYS * 24 * 60 * 60 * 1000;

export type NewsletterFailureStatus = 400 | 405 | 413 | 415 | 500;

/** `body` is the JSON answer of `POST /api/newsletter`: `{}` on success, `{ error }` otherwise. */
export type NewsletterOutcome =
  | { status: 200; success: true; body: Record<string, never> }
  | { status: NewsletterFailureStatus; success: false; error: string; body: { error: string } };

type NewsletterFailure = Extract<NewsletterOutcome, { success: false }>;

function subscribed(): NewsletterOutcome {
  return { status: 200, success: true, body: {} };
}

function failure(status: NewsletterFailureStatus, error: string): NewsletterFailure {
  return { status, success: false, error, body: { error } };
}

const jsonSignup = z.object({
  email: z.string().optional(),
  [HONEYPOT_FIELD]: z.string().optional(),
});

type SignupInput = { email: string; honeypot: string };

async function readSignup(request: Request): Promise<SignupInput | NewsletterFailure> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (contentType.startsWith("application/json")) {
      let body: unknown;
      try {
        body = JSON.parse(await readLimitedText(request, SIGNUP_BODY_MAX_BYTES));
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw error;
        return failure(400, "The request body is not valid JSON.");
      }
      const parsed = jsonSignup.safeParse(body);
      if (!parsed.success) return failure(400, "Please enter a valid email address.");
      return { email: parsed.data.email ?? "", honeypot: parsed.data[HONEYPOT_FIELD] ?? "" };
    }
    if (formContentKind(request)) {
      const form = await parseFormRequest(request, SMALL_FORM_LIMITS);
      return { email: form.fields.get("email") ?? "", honeypot: form.fields.get(HONEYPOT_FIELD) ?? "" };
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) return failure(413, "The request is too large.");
    if (error instanceof FormParseError)
      return failure(
        error.status,
        error.status === 413 ? "The request is too large." : "The form did not arrive completely. Please try again.",
      );
    throw error;
  }
  return failure(415, "Please send the email address as JSON or as a form.");
}

/** Reads `{ email }` (JSON or a form, plus the honeypot) and signs the address up. */
export async function handleNewsletterSignup(request: Request): Promise<NewsletterOutcome> {
  if (request.method !== "POST") return failure(405, "Use POST to sign up.");
  try {
    const input = await readSignup(request);
    if ("success" in input) return input;
    if (input.honeypot.trim() !== "") {
      log("info", "newsletter signup discarded: honeypot filled");
      return subscribed();
    }
    return await subscribeToNewsletter(input.email);
  } catch (error) {
    log("error", "newsletter signup failed", { error: describeError(error) });
    return failure(500, "We could not sign you up just now. Please try again.");
  }
}

/** Signs an address up (see the module comment for what that sends). */
export async function subscribeToNewsletter(rawEmail: string): Promise<NewsletterOutcome> {
  const problem = validateNewsletterEmail(rawEmail);
  if (problem) return failure(400, problem);
  const email = normalizeNewsletterEmail(rawEmail);
  const { db } = await getDatabase();
  const { siteUrl } = getEnv();
  const now = new Date();
  const token = randomToken();
  const pending = {
    status: "pending" as const,
    confirm_token_hash: hashToken(token),
    confirm_requested_at: timestamp(now),
  };

  const queued = await inTransaction(db, async (trx) => {
    // Insert first: a write as the first statement takes SQLite's write lock at once, and
    // ON CONFLICT makes two simultaneous signups of one address harmless on PostgreSQL.
    const inserted = await trx
      .insertInto("subscribers")
      .values({ id: randomUUID(), email, created_at: timestamp(now), ...pending })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom("subscribers")
        .select(["id", "status", "confirm_requested_at"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      if (existing.status === "confirmed") return false;
      const requestedAt = existing.confirm_requested_at ? toDate(existing.confirm_requested_at).getTime() : 0;
      if (existing.status === "pending" && now.getTime() - requestedAt < RESEND_AFTER_MS) return false;
      await trx.updateTable("subscribers").set(pending).where("id", "=", existing.id).execute();
    }
    await enqueueMail(trx, confirmationEmail(email, token, siteUrl), now);
    return true;
  });
  log("info", "newsletter signup", { confirmationQueued: queued });
  return subscribed();
}

export type ConfirmState = "ready" | "confirmed" | "already-confirmed" | "expired" | "invalid";

async function findByConfirmToken(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom("subscribers")
    .select(["id", "email", "status", "confirm_requested_at"])
    .where("confirm_token_hash", "=", hash)
    .executeTakeFirst();
}

function confirmStateOf(
  row: Awaited<ReturnType<typeof findByConfirmToken>>,
  now: Date,
): Exclude<ConfirmState, "confirmed"> {
  if (!row || row.status === "unsubscribed") return "invalid";
  if (row.status === "confirmed") return "already-confirmed";
  const requestedAt = row.confirm_requested_at ? toDate(row.confirm_requested_at).getTime() : 0;
  return now.getTime() - requestedAt > CONFIRM_TOKEN_VALID_MS ? "expired" : "ready";
}

/** What the confirm page should offer for this link; changes nothing. */
export async function checkConfirmToken(token: string | null): Promise<Exclude<ConfirmState, "confirmed">> {
  const { db } = await getDatabase();
  const link = await findByLinkToken(token, (hash) => findByConfirmToken(db, hash));
  return link.state === "found" ? confirmStateOf(link.record, new Date()) : "invalid";
}

/** Confirms the subscription named by the link's token and queues the welcome email. */
export async function confirmSubscription(token: string | null): Promise<ConfirmState> {
  const { db } = await getDatabase();
  const env = getEnv();
  const now = new Date();
  const unsubscribeToken = randomToken();
  // Refused before a transaction is opened: a guessed token costs a string check, not a lock.
  const outcome = await findByLinkToken(token, (hash) =>
    inTransaction(db, async (trx): Promise<ConfirmState> => {
      const row = await findByConfirmToken(trx, hash);
      const current = confirmStateOf(row, now);
      if (current !== "ready" || !row) return current;
      const result = await trx
        .updateTable("subscribers")
        .set({
          status: "confirmed",
          confirmed_at: timestamp(now),
          unsubscribed_at: null,
          unsubscribe_token_hash: hashToken(unsubscribeToken),
        })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      // Two presses of the button at once: only the first sends a welcome.
      if (Number(result.numUpdatedRows) === 0) return "already-confirmed";
      await enqueueMail(trx, welcomeEmail(row.email, unsubscribeToken, env.siteUrl, env.leadsTo), now);
      return "confirmed";
    }),
  );
  const state = outcome.state === "found" ? outcome.record : "invalid";
  if (state === "confirmed") {
    log("info", "newsletter subscription confirmed");
  }
  return state;
}

export type UnsubscribeState = "ready" | "unsubscribed" | "already-unsubscribed" | "invalid";

/** What the unsubscribe page should offer for this link; changes nothing. */
export async function checkUnsubscribeToken(token: string | null): Promise<Exclude<UnsubscribeState, "unsubscribed">> {
  const { db } = await getDatabase();
  const link = await findByLinkToken(token, (hash) =>
    db.selectFrom("subscribers").select("status").where("unsubscribe_token_hash", "=", hash).executeTakeFirst(),
  );
  if (link.state === "gone") return "invalid";
  return link.record.status === "unsubscribed" ? "already-unsubscribed" : "ready";
}

/** Unsubscribes the address named by the link's token; pressing twice is harmless. */
export async function unsubscribeByToken(token: string | null): Promise<Exclude<UnsubscribeState, "ready">> {
  const { db } = await getDatabase();
  const unsubscribed = await findByLinkToken(token, async (hash) => {
    const result = await db
      .updateTable("subscribers")
      // The old confirmation link must not subscribe the address again.
      .set({ status: "unsubscribed", unsubscribed_at: timestamp(), confirm_token_hash: null })
      .where("unsubscribe_token_hash", "=", hash)
      .where("status", "!=", "unsubscribed")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? result : undefined;
  });
  if (unsubscribed.state === "found") {
    log("info", "newsletter unsubscribed");
    return "unsubscribed";
  }
  return (await checkUnsubscribeToken(token)) === "invalid" ? "invalid" : "already-unsubscribed";
}

/**
 * The token of a confirm or unsubscribe link: from the address (`?token=`, as in the emails and as
 * RFC 8058 one-click posts send it), else from a posted `token` field.
 */
export async function tokenFromRequest(request: Request): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get("token");
  if (fromUrl || request.method === "GET" || request.method === "HEAD") return fromUrl;
  if (!formContentKind(request)) return null;
  try {
    const form = await parseFormRequest(request, SMALL_FORM_LIMITS);
    return form.fields.get("token") ?? null;
  } catch {
    return null;
  }
}
