/**
 * The VAPID key pair that signs every push, so a push service knows the pushes to a subscription
 * come from the server the browser subscribed with. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when
 * set; otherwise the pair the database made at first start (migration 0004), which every instance
 * on that database shares and which survives restarts. Changing the pair makes every device's
 * subscription useless: each must press "Notify me on this device" again.
 */
import type { Kysely } from "kysely";
import { currentFacts } from "~/facts/facts-source.server";
import type { Env } from "~/settings/env.server";
import type { Database } from "~/infra/schema.server";

export interface VapidDetails {
  /** Who runs this server, for the push service to contact: a mailto: address. */
  subject: string;
  publicKey: string;
  privateKey: string;
}

const stored = new WeakMap<Kysely<Database>, Promise<{ publicKey: string; privateKey: string }>>();

async function readStoredKeys(db: Kysely<Database>): Promise<{ publicKey: string; privateKey: string }> {
  const rows = await db
    .selectFrom("app_meta")
    .select(["key", "value"])
    .where("key", "in", ["vapid_public_key", "vapid_private_key"])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  const publicKey = value("vapid_public_key");
  const privateKey = value("vapid_private_key");
  if (!publicKey || !privateKey) throw new Error("the database has no VAPID keys: migration 0004 did not run");
  return { publicKey, privateKey };
}

/**
 * The subject names the business's address in force as the push is signed; SITE_URL is used when
 * it is HTTPS and no address is known.
 */
export function vapidSubject(siteUrl: string): string {
  const { email } = currentFacts();
  if (email) return `mailto:${email}`;
  return siteUrl.startsWith("https:") ? siteUrl : "mailto:owner@localhost";
}

export async function vapidDetails(
  db: Kysely<Database>,
  env: Pick<Env, "vapidKeys" | "siteUrl">,
): Promise<VapidDetails> {
  let keys = env.vapidKeys;
  if (!keys) {
    let pending = stored.get(db);
    if (!pending) {
      pending = readStoredKeys(db);
      stored.set(db, pending);
      // A failed read is not cached: the next push tries again.
      pending.catch(() => stored.delete(db));
    }
    keys = await pending;
  }
  return { subject: vapidSubject(env.siteUrl), ...keys };
}
