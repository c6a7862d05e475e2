/**
 * The emailed sign-in code: the way in when no passkey is at hand (a new phone, a borrowed
 * computer). Six digits, ten minutes, one use; asking for a new code voids the earlier ones, so
 * at most one code per address is ever live. Only a keyed hash of each code is stored.
 *
 * Whether the address belongs to an owner never shows: a stranger gets the same answers (and no
 * mail). Guessing is bounded by `code-lock.server.ts`: each check takes a try from the database
 * before the code is compared, 5 per address and client in 15 minutes, 20 per address in an hour
 * whatever the clients.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { profile } from "~/content/profile";
import { emailDocument, html } from "~/infra/mail-format.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { deskChange } from "./desk-change.server";
import { CHECK_WINDOW_MINUTES, takeCodeCheck, takeCodeSend } from "./code-lock.server";
import { findOwnerByEmail, normalizeEmail, type Owner } from "./owners.server";

export const CODE_MINUTES = 10;

const secrets = new WeakMap<Kysely<Database>, Promise<string>>();

/** In constant time: how long a comparison takes must not tell a guesser how close a code came. */
function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function codeHash(db: Kysely<Database>, email: string, code: string): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", "owner_code_secret")
      .executeTakeFirstOrThrow()
      .then((row) => row.value);
    secrets.set(db, secret);
  }
  return createHmac("sha256", await secret)
    .update(`${email}\n${code}`)
    .digest("hex");
}

export type RequestCodeResult =
  { status: "sent" } | { status: "invalid-email" } | { status: "too-many"; retryAfterSeconds: number };

/** The same "sent" for owners and strangers: only owners get mail. */
export async function requestSignInCode(
  db: Kysely<Database>,
  rawEmail: string | null,
  client: string,
  now: Date = new Date(),
): Promise<RequestCodeResult> {
  const email = normalizeEmail(rawEmail);
  if (!email) return { status: "invalid-email" };
  const turn = await takeCodeSend(email, client);
  if (!turn.allowed) return { status: "too-many", retryAfterSeconds: turn.retryAfterSeconds };
  const owner = await findOwnerByEmail(db, email);
  if (!owner) {
    await deskChange(db, { email: null, client }, now, ({ audit }) =>
      audit("sign-in-refused", "code asked for an address that is no owner's"),
    );
    return { status: "sent" };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const hash = await codeHash(db, email, code);
  await deskChange(db, { email, client }, now, async ({ trx, audit }) => {
    // Only the code in the latest email works: one live code, not five, for a guesser to hit.
    await trx.deleteFrom("owner_sign_in_codes").where("email", "=", email).where("used_at", "is", null).execute();
    await trx
      .insertInto("owner_sign_in_codes")
      .values({
        id: randomUUID(),
        email,
        code_hash: hash,
        created_at: timestamp(now),
        expires_at: timestamp(new Date(now.getTime() + CODE_MINUTES * 60_000)),
      })
      .execute();
    // Sent at once, whatever clock the caller reasons with.
    await enqueueMail(trx, signInCodeMail(email, code));
    await audit("code-sent");
  });
  return { status: "sent" };
}

function signInCodeMail(email: string, code: string) {
  const subject = `Your sign-in code: ${code}`;
  const text = [
    `Your code to sign in to the ${profile.shortName} desk is ${code}.`,
    ``,
    `It works once, for ${CODE_MINUTES} minutes, until you ask for another. If you did not ask for it, ignore this email: nobody can sign in without the code.`,
  ].join("\n");
  const body = html`<p>Your code to sign in to the ${profile.shortName} desk:</p>
    <p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>
    <p>
      It works once, for ${String(CODE_MINUTES)} minutes, until you ask for another. If you did not ask for it, ignore
      this email: nobody can sign in without the code.
    </p>`;
  return {
    kind: "owner-sign-in-code" as const,
    to: email,
    subject,
    text,
    html: emailDocument(subject, body, html`${profile.name}`),
    headers: { "X-Entity-Ref-ID": randomUUID() },
  };
}

export type VerifyCodeResult =
  | { status: "ok"; owner: Owner }
  | { status: "wrong" | "invalid-input" }
  | { status: "locked"; retryAfterSeconds: number };

export async function verifySignInCode(
  db: Kysely<Database>,
  rawEmail: string | null,
  rawCode: string | null,
  client: string,
  now: Date = new Date(),
): Promise<VerifyCodeResult> {
  const email = normalizeEmail(rawEmail);
  const code = (rawCode ?? "").replace(/\s/g, "");
  if (!email || !/^\d{6}$/.test(code)) return { status: "invalid-input" };
  // The try is taken before the code is compared, in one step in the database: however many
  // requests arrive together, only as many as the budget holds get past this line.
  const turn = await takeCodeCheck(email, client);
  if (!turn.allowed) return { status: "locked", retryAfterSeconds: turn.retryAfterSeconds };
  const hash = await codeHash(db, email, code);
  const candidates = await db
    .selectFrom("owner_sign_in_codes")
    .select(["id", "code_hash"])
    .where("email", "=", email)
    .where("used_at", "is", null)
    .where("expires_at", ">", timestamp(now))
    .execute();
  const match = candidates.find((row) => equalHashes(row.code_hash, hash));
  const owner = match ? await findOwnerByEmail(db, email) : undefined;
  if (match && owner) {
    const spent = await db
      .updateTable("owner_sign_in_codes")
      .set({ used_at: timestamp(now) })
      .where("id", "=", match.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) return { status: "ok", owner };
  }
  await deskChange(db, { email, client }, now, ({ audit }) => audit(turn.last ? "code-locked" : "code-failed"));
  // The last try's answer already says what the next one would.
  return turn.last ? { status: "locked", retryAfterSeconds: CHECK_WINDOW_MINUTES * 60 } : { status: "wrong" };
}

/** Codes past any use, for the hourly clean-up. */
export async function pruneSignInCodes(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db.deleteFrom("owner_sign_in_codes").where("expires_at", "<", timestamp(now)).execute();
  // The wrong codes an older release counted in its own table: the lock now counts in the
  // rate-limit budgets, and these rows only age out.
  await db
    .deleteFrom("owner_code_failures")
    .where("failed_at", "<", timestamp(new Date(now.getTime() - CHECK_WINDOW_MINUTES * 60_000)))
    .execute();
}
