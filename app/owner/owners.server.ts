/**
 * The people who may open the desk. There is no sign-up: an owner invites another from the desk's
 * Account page (`account-changes.server.ts`), or the server's command line adds one
 * (`npm run owner -- add`); either way a one-time link registers a passkey on a device.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { findByLinkToken, hashToken, randomToken } from "~/infra/link-token.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "./actor";
import { deskChange } from "./desk-change.server";

export const SETUP_LINK_MINUTES = 30;
const EMAIL_PATTERN = /^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$/;

export interface Owner {
  id: string;
  email: string;
  createdAt: Date;
}

/** Who made a change: an owner on the desk, or null for the server's command line. */
export interface ChangeOptions {
  by?: Actor | null;
  now?: Date;
}

/** Lower case and trimmed: the one spelling stored and compared. Undefined when it is no address. */
export function normalizeEmail(raw: string | null | undefined): string | undefined {
  const email = (raw ?? "").trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : undefined;
}

/** Where mail for the owners goes: each owner's address, or LEADS_TO before the first owner is added. */
export async function ownerInboxes(db: Kysely<Database>, leadsTo: string): Promise<string[]> {
  const owners = await db.selectFrom("owners").select("email").orderBy("email").execute();
  return owners.length > 0 ? owners.map((o) => o.email) : [leadsTo];
}

export async function findOwnerByEmail(db: Kysely<Database>, email: string): Promise<Owner | undefined> {
  const row = await db.selectFrom("owners").selectAll().where("email", "=", email).executeTakeFirst();
  return row && { id: row.id, email: row.email, createdAt: toDate(row.created_at) };
}

export async function findOwnerById(db: Kysely<Database>, id: string): Promise<Owner | undefined> {
  const row = await db.selectFrom("owners").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { id: row.id, email: row.email, createdAt: toDate(row.created_at) };
}

export interface OwnerListing extends Owner {
  passkeys: number;
}

export async function listOwners(db: Kysely<Database>): Promise<OwnerListing[]> {
  const rows = await db
    .selectFrom("owners")
    .leftJoin("owner_passkeys", "owner_passkeys.owner_id", "owners.id")
    .select(["owners.id", "owners.email", "owners.created_at"])
    .select((eb) => eb.fn.count<number | string>("owner_passkeys.id").as("passkeys"))
    .groupBy(["owners.id", "owners.email", "owners.created_at"])
    .orderBy("owners.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: toDate(row.created_at),
    passkeys: Number(row.passkeys),
  }));
}

export type AddOwnerResult = { added: true; owner: Owner } | { added: false; reason: "invalid-email" | "exists" };

export async function addOwner(
  db: Kysely<Database>,
  rawEmail: string,
  { by = null, now = new Date() }: ChangeOptions = {},
): Promise<AddOwnerResult> {
  const email = normalizeEmail(rawEmail);
  if (!email) return { added: false, reason: "invalid-email" };
  return deskChange(db, by, now, async ({ trx, audit }) => {
    if (await findOwnerByEmail(trx, email)) return { added: false, reason: "exists" };
    const owner: Owner = { id: randomUUID(), email, createdAt: now };
    await trx
      .insertInto("owners")
      .values({ id: owner.id, email, created_at: timestamp(now) })
      .execute();
    await audit("owner-added", email);
    return { added: true, owner };
  });
}

/**
 * Removes the owner with their passkeys, sessions, links and notified devices: they are signed
 * out at once, and no lead reaches their phones any more. Returns the owner removed.
 */
export async function removeOwner(
  db: Kysely<Database>,
  rawEmail: string,
  { by = null, now = new Date() }: ChangeOptions = {},
): Promise<Owner | undefined> {
  const email = normalizeEmail(rawEmail);
  if (!email) return undefined;
  return deskChange(db, by, now, async ({ trx, audit }) => {
    const owner = await findOwnerByEmail(trx, email);
    if (!owner) return undefined;
    // Also done by ON DELETE CASCADE; explicit so that nothing of theirs outlives them either way.
    await trx.deleteFrom("owner_sessions").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owner_passkeys").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owner_setup_tokens").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owner_challenges").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("push_subscriptions").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owners").where("id", "=", owner.id).execute();
    await audit("owner-removed", owner.email);
    return owner;
  });
}

/**
 * A fresh one-time link to register a passkey (a new owner, a new device, a lost phone). Earlier
 * unused links of the same owner stop working: only the latest printed one should be live.
 */
export async function issueSetupLink(
  db: Kysely<Database>,
  owner: Owner,
  origin: string,
  { by = null, now = new Date() }: ChangeOptions = {},
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000);
  await deskChange(db, by, now, async ({ trx, audit }) => {
    await trx.deleteFrom("owner_setup_tokens").where("owner_id", "=", owner.id).where("used_at", "is", null).execute();
    await trx
      .insertInto("owner_setup_tokens")
      .values({
        token_hash: hashToken(token),
        owner_id: owner.id,
        created_at: timestamp(now),
        expires_at: timestamp(expiresAt),
      })
      .execute();
    await audit("setup-link-issued", owner.email);
  });
  return { url: `${origin}/owner/setup?token=${token}`, expiresAt };
}

/** The owner a setup link belongs to, while it is unused and unexpired. */
export async function ownerOfSetupToken(
  db: Kysely<Database>,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<Owner | undefined> {
  const link = await findByLinkToken(token, (tokenHash) =>
    db
      .selectFrom("owner_setup_tokens")
      .innerJoin("owners", "owners.id", "owner_setup_tokens.owner_id")
      .select(["owners.id", "owners.email", "owners.created_at"])
      .where("owner_setup_tokens.token_hash", "=", tokenHash)
      .where("owner_setup_tokens.used_at", "is", null)
      .where("owner_setup_tokens.expires_at", ">", timestamp(now))
      .executeTakeFirst(),
  );
  if (link.state === "gone") return undefined;
  const row = link.record;
  return { id: row.id, email: row.email, createdAt: toDate(row.created_at) };
}

/** Spends a setup link; false when someone else spent it first. */
export async function spendSetupToken(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("owner_setup_tokens")
    .set({ used_at: timestamp(now) })
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", timestamp(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The name an owner gave on the account page ("" when none), by their address. */
export async function ownerNameOf(db: Kysely<Database>, email: string | null): Promise<string> {
  if (!email) return "";
  const row = await db.selectFrom("owners").select("display_name").where("email", "=", email).executeTakeFirst();
  return row?.display_name ?? "";
}

/** Sets the name the owner gives on the account page; "" takes it away. */
export async function setOwnerName(db: Kysely<Database>, ownerId: string, name: string): Promise<void> {
  await db.updateTable("owners").set({ display_name: name }).where("id", "=", ownerId).execute();
}
