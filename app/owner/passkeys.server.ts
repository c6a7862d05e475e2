/**
 * Passkeys (WebAuthn) through SimpleWebAuthn. Registration needs a live setup link or a signed-in
 * owner; sign-in uses discoverable credentials, so the owner picks their passkey without typing.
 *
 * The relying party is the host the page was opened at, when that is the site's own host or
 * localhost (the address a person tries the desk at on their own machine); any other host (an IP
 * address, a name pointed at us by someone else) is refused, because a passkey is bound to it.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { profile } from "~/content/profile";
import { getEnv } from "~/settings/env.server";
import { describeError, log } from "~/infra/log.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { tellPasskeyAdded } from "./account-changes.server";
import type { Actor } from "./actor";
import { deskChange } from "./desk-change.server";
import { spendSetupToken, type Owner } from "./owners.server";
import { deviceNameError } from "./passkey-client";

const CHALLENGE_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party for a request, or undefined when its host may not hold passkeys. */
export function relyingPartyFor(requestUrl: string, siteUrl: string = getEnv().siteUrl): RelyingParty | undefined {
  const url = new URL(requestUrl);
  const siteHost = new URL(siteUrl).hostname;
  if (url.hostname !== siteHost && url.hostname !== "localhost") return undefined;
  return { id: url.hostname, origin: url.origin };
}

export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 409 = 400,
  ) {
    super(message);
  }
}

export const WRONG_HOST_MESSAGE =
  "Passkeys work only at the site's own address. Open the desk there, or use an emailed code.";

function relyingPartyOrThrow(requestUrl: string): RelyingParty {
  const rp = relyingPartyFor(requestUrl);
  if (!rp) throw new PasskeyError(WRONG_HOST_MESSAGE, 403);
  return rp;
}

async function storeChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: string,
  ownerId: string | null,
  now: Date,
) {
  // Old, never-finished ceremonies are dropped on the way.
  await db.deleteFrom("owner_challenges").where("expires_at", "<", timestamp(now)).execute();
  await db
    .insertInto("owner_challenges")
    .values({ challenge, purpose, owner_id: ownerId, expires_at: timestamp(new Date(now.getTime() + CHALLENGE_MS)) })
    .execute();
}

/** Takes a challenge out of the store: each may be answered once. */
async function spendChallenge(db: Kysely<Database>, clientDataJSON: string, purpose: string, now: Date) {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown })
      .challenge;
  } catch {
    throw new PasskeyError("The passkey's answer could not be read. Please try again.");
  }
  if (typeof challenge !== "string" || challenge.length > 200)
    throw new PasskeyError("The passkey's answer could not be read. Please try again.");
  const row = await db
    .deleteFrom("owner_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", timestamp(now))
    .returning(["challenge", "owner_id"])
    .executeTakeFirst();
  if (!row) throw new PasskeyError("This attempt took too long or was already used. Please try again.");
  return row;
}

export async function registrationOptions(
  db: Kysely<Database>,
  requestUrl: string,
  owner: Owner,
  now: Date = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingPartyOrThrow(requestUrl);
  const existing = await db
    .selectFrom("owner_passkeys")
    .select(["id", "transports"])
    .where("owner_id", "=", owner.id)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: `${profile.shortName} desk`,
    rpID: rp.id,
    userName: owner.email,
    userID: new TextEncoder().encode(owner.id),
    attestationType: "none",
    // One passkey per device: the browser says so instead of making a second one.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: parseTransports(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "register", owner.id, now);
  return options;
}

function parseTransports(json: string | null): string[] | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : undefined;
  } catch {
    return undefined;
  }
}

export function cleanDeviceName(raw: string | null | undefined): string {
  const name = [...(raw ?? "")]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 60);
  return name || "This device";
}

/**
 * Checks a new passkey's answer and stores it. Made through a setup link, the link is spent in
 * the same transaction: two devices racing on one link cannot both keep a passkey.
 */
export async function registerPasskey(
  db: Kysely<Database>,
  requestUrl: string,
  owner: Owner,
  response: RegistrationResponseJSON,
  deviceName: string,
  { setupToken, now = new Date() }: { setupToken?: string; now?: Date } = {},
): Promise<void> {
  const rp = relyingPartyOrThrow(requestUrl);
  const nameError = deviceNameError(deviceName);
  if (nameError) throw new PasskeyError(nameError);
  const challenge = await spendChallenge(db, response.response.clientDataJSON, "register", now);
  if (challenge.owner_id !== owner.id)
    throw new PasskeyError("This attempt belongs to another sign-in. Please try again.");
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    log("info", "passkey registration refused", { error: describeError(error) });
    throw new PasskeyError("The passkey could not be checked. Please try again.");
  }
  if (!verification.verified) throw new PasskeyError("The passkey could not be checked. Please try again.");
  const { credential } = verification.registrationInfo;
  const name = cleanDeviceName(deviceName);
  // By the owner the passkey is for: whoever holds their setup link, or their own session.
  await deskChange(db, { email: owner.email, client: null }, now, async ({ trx, audit }) => {
    if (setupToken !== undefined && !(await spendSetupToken(trx, setupToken, now)))
      throw new PasskeyError("This setup link was used at the same moment elsewhere. Ask for a new one.", 409);
    await trx
      .insertInto("owner_passkeys")
      .values({
        id: credential.id,
        owner_id: owner.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ? JSON.stringify(credential.transports) : null,
        device_name: name,
        created_at: timestamp(now),
      })
      .execute();
    await audit("passkey-added", name);
    // A passkey someone else added would sign in as the owner for good: the owner hears of each one.
    await tellPasskeyAdded(trx, owner, name, { siteUrl: getEnv().siteUrl, now });
  });
}

export async function authenticationOptions(
  db: Kysely<Database>,
  requestUrl: string,
  now: Date = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingPartyOrThrow(requestUrl);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  await storeChallenge(db, options.challenge, "sign-in", null, now);
  return options;
}

/** Checks a passkey's answer; returns the owner it belongs to. */
export async function verifyPasskeySignIn(
  db: Kysely<Database>,
  requestUrl: string,
  response: AuthenticationResponseJSON,
  now: Date = new Date(),
): Promise<Owner> {
  const rp = relyingPartyOrThrow(requestUrl);
  const challenge = await spendChallenge(db, response.response.clientDataJSON, "sign-in", now);
  const row = await db
    .selectFrom("owner_passkeys")
    .innerJoin("owners", "owners.id", "owner_passkeys.owner_id")
    .select([
      "owner_passkeys.id",
      "owner_passkeys.public_key",
      "owner_passkeys.counter",
      "owner_passkeys.transports",
      "owners.email",
      "owners.id as owner_id",
      "owners.created_at",
    ])
    .where("owner_passkeys.id", "=", response.id)
    .executeTakeFirst();
  if (!row)
    throw new PasskeyError(
      "This passkey is not registered for the desk. Use an emailed code, or ask for a new setup link.",
    );
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: parseTransports(row.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    log("info", "passkey sign-in refused", { error: describeError(error) });
    throw new PasskeyError("The passkey could not be checked. Please try again.");
  }
  if (!verification.verified) throw new PasskeyError("The passkey could not be checked. Please try again.");
  await db
    .updateTable("owner_passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: timestamp(now) })
    .where("id", "=", row.id)
    .execute();
  return { id: row.owner_id, email: row.email, createdAt: toDate(row.created_at) };
}

export interface PasskeyListing {
  id: string;
  deviceName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(db: Kysely<Database>, ownerId: string): Promise<PasskeyListing[]> {
  const rows = await db
    .selectFrom("owner_passkeys")
    .select(["id", "device_name", "created_at", "last_used_at"])
    .where("owner_id", "=", ownerId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    deviceName: row.device_name,
    createdAt: toDate(row.created_at),
    lastUsedAt: row.last_used_at ? toDate(row.last_used_at) : null,
  }));
}

export type RemovePasskeyResult = "removed" | "last" | "not-found";

/** Removes one of the owner's passkeys, never the last: an owner must keep a way in on some device. */
export async function removePasskey(
  db: Kysely<Database>,
  ownerId: string,
  actor: Actor,
  passkeyId: string,
  now: Date = new Date(),
): Promise<RemovePasskeyResult> {
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const mine = await trx
      .selectFrom("owner_passkeys")
      .select(["id", "device_name"])
      .where("owner_id", "=", ownerId)
      .execute();
    const target = mine.find((row) => row.id === passkeyId);
    if (!target) return "not-found";
    if (mine.length <= 1) return "last";
    await trx.deleteFrom("owner_passkeys").where("id", "=", passkeyId).where("owner_id", "=", ownerId).execute();
    await audit("passkey-removed", target.device_name);
    return "removed";
  });
}
