/**
 * What the server must read again later but the database must not hold readable: a job's one
 * homeowner link, which every email about the job carries, whoever sends it and whenever. The
 * database keeps its hash to find the job, and this sealed copy (AES-256-GCM) to mail it again.
 * The key is never in the database: a stolen copy of it, or of a backup, opens no link.
 *
 * The key is SEAL_KEY, the same on every instance; unset, a key made at first start in
 * DATA_DIR/seal.key, readable by the site's user only (a server finding it open to anyone else
 * stops at start). The database records which key sealed its values (a fingerprint, not the key),
 * and a server holding another key stops at start instead of mailing links that no instance can
 * open: see `docs/decisions/0035-one-link-per-job.md`.
 *
 * A seal says the server made the value, not which row it belongs to: a reader checks that (the
 * job's link is mailed only when the opened token's hash is its row's, `jobLinkFor`).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { ConfigError, getEnv, type Env } from "~/settings/env.server";
import type { Database } from "./schema.server";

export const SEAL_KEY_BYTES = 32;
export const SEAL_KEY_FILE = "seal.key";
const FINGERPRINT_KEY = "seal_key_fingerprint";
const FORMAT = "s1";

/**
 * What a sealed value is for: a value sealed for one purpose does not open as another. Besides a
 * job's link, the answer a desk form sends back to its page in a cookie
 * (`carried-answer.server.ts`): the seal is how the page knows the server wrote it. A home watch
 * plan's homeowner link, mailed again with every report; and the plan's access notes (lockbox and
 * alarm codes), which a stolen database or backup must not give away.
 */
export type SealPurpose = "job-link" | "desk-answer" | "watch-link" | "watch-access";

const keys = new Map<string, Buffer>();

/** The key file's, made once: exclusive creation, so two processes on one folder agree on one key. */
function keyFromFile(dataDir: string): Buffer {
  const file = path.resolve(dataDir, SEAL_KEY_FILE);
  const cached = keys.get(file);
  if (cached) return cached;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(SEAL_KEY_BYTES).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // The key opens every job's link: a copy anyone else on the machine can read (a file copied in
  // with the default umask, a backup restored as 644) is a leak waiting to happen, and is refused at
  // start like any other setting that is wrong, rather than used with a warning nobody reads.
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0)
    throw new ConfigError(
      "SEAL_KEY",
      `is unset, and ${file} can be read or changed by others than its owner (mode ${mode.toString(8).padStart(3, "0")}, not 600). Run \`chmod 600 ${file}\`, or set SEAL_KEY`,
    );
  const key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  if (key.length !== SEAL_KEY_BYTES)
    throw new ConfigError("SEAL_KEY", `is unset, and ${file} does not hold a ${SEAL_KEY_BYTES}-byte base64url key`);
  keys.set(file, key);
  return key;
}

export function sealKeyOf(env: Pick<Env, "sealKey" | "dataDir">): Buffer {
  return env.sealKey ?? keyFromFile(env.dataDir);
}

/** `text` sealed with this server's key. */
export const sealWithServerKey = (purpose: SealPurpose, text: string) => seal(sealKeyOf(getEnv()), purpose, text);

/** A value sealed with this server's key, opened; undefined when this key does not open it. */
export const unsealWithServerKey = (purpose: SealPurpose, sealed: string) =>
  unseal(sealKeyOf(getEnv()), purpose, sealed);

/** A name for the key that cannot be turned back into it. */
export function keyFingerprint(key: Buffer): string {
  return createHash("sha256").update("causeway seal key\0").update(key).digest("hex").slice(0, 32);
}

export function seal(key: Buffer, purpose: SealPurpose, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The sealed text, or undefined when it was sealed with another key, for another purpose, or altered. */
export function unseal(key: Buffer, purpose: SealPurpose, sealed: string): string | undefined {
  const [format, ivText, tagText, bodyText, extra] = sealed.split(".");
  if (format !== FORMAT || !ivText || !tagText || bodyText === undefined || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(ivText, "base64url"));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tagText, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/**
 * At start: the database's record of the key that seals its values, written by the first server to
 * start, and compared by every one after. A key that differs (an instance without the shared
 * SEAL_KEY, a restore on a machine without the old key) stops the server with what to do.
 */
export async function checkSealKey(db: Kysely<Database>, key: Buffer): Promise<void> {
  const fingerprint = keyFingerprint(key);
  await db
    .insertInto("app_meta")
    .values({ key: FINGERPRINT_KEY, value: fingerprint })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const recorded = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", FINGERPRINT_KEY)
    .executeTakeFirstOrThrow();
  if (recorded.value !== fingerprint)
    throw new ConfigError(
      "SEAL_KEY",
      `is not the key this database's job links were sealed with (key ${recorded.value.slice(0, 8)}…, this one ${fingerprint.slice(0, 8)}…). Set SEAL_KEY to that key on every instance; if it is lost, run \`npm run owner -- forget-sealed-links\`: it ends every job's link, and each job's next email carries a new one`,
    );
}

/** Records `key` as the one this database's values are sealed with, in the transaction that forgot the old ones. */
export async function recordSealKey(trx: Kysely<Database>, key: Buffer): Promise<void> {
  await trx.deleteFrom("app_meta").where("key", "=", FINGERPRINT_KEY).execute();
  await trx
    .insertInto("app_meta")
    .values({ key: FINGERPRINT_KEY, value: keyFingerprint(key) })
    .execute();
}
