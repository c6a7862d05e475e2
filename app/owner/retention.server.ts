/** The desk's by-products past any use: ended sessions, stale ceremonies, spent codes and links. */
import type { Kysely } from "kysely";
import { timestamp, type Database } from "~/infra/schema.server";
import { SESSION_IDLE_MS } from "./sessions.server";
import { pruneSignInCodes } from "./sign-in-codes.server";

export async function pruneDeskRecords(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const at = timestamp(now);
  await db
    .deleteFrom("owner_sessions")
    .where((eb) =>
      eb.or([eb("expires_at", "<", at), eb("last_seen_at", "<", timestamp(new Date(now.getTime() - SESSION_IDLE_MS)))]),
    )
    .execute();
  await db.deleteFrom("owner_challenges").where("expires_at", "<", at).execute();
  await db.deleteFrom("owner_setup_tokens").where("expires_at", "<", at).execute();
  await pruneSignInCodes(db, now);
}
