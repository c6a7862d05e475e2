/**
 * The version of what public pages show: one number in the database, bumped in the same transaction
 * as every change the owner publishes. Each instance compares it with the version its pages were
 * rendered from; PostgreSQL's NOTIFY tells the other instances at once, and their poll catches a
 * notification that was lost (a dropped connection, a crash between commit and notify).
 */
import { sql, type Kysely } from "kysely";
import { getDatabase } from "~/infra/db.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { afterCommit } from "~/infra/transaction.server";

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = "live_site";

/** The transactions whose version has moved: once per commit is enough for every instance to render again. */
const moved = new WeakSet<Kysely<Database>>();

/**
 * Call inside the transaction that changes published content, so the version moves with it or not
 * at all; every instance hears of it once the transaction commits.
 */
export async function markLiveChange(trx: Kysely<Database>, now: Date = new Date()): Promise<void> {
  if (moved.has(trx)) return;
  // An upsert rather than an update: the row is made by the migration, but a database emptied by
  // hand (or a restore of some tables) must not turn every publish into one that nobody renders.
  await trx
    .insertInto("live_version")
    .values({ id: 1, version: 1, changed_at: timestamp(now) })
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet((eb) => ({ version: eb("live_version.version", "+", 1), changed_at: timestamp(now) })),
    )
    .execute();
  if (trx.isTransaction) moved.add(trx);
  afterCommit(trx, "live-version", announceLiveChange);
}

export async function readLiveVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("live_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

type Nudge = () => void;
const NUDGE_KEY = "__causewayLiveNudge";
const shared = globalThis as typeof globalThis & { [NUDGE_KEY]?: Nudge };

/** Lets this process's live layer hear of a change made here without waiting for its poll. */
export function onLocalLiveChange(nudge: Nudge | undefined): void {
  shared[NUDGE_KEY] = nudge;
}

/**
 * After the publishing transaction commits: this instance renders at once, and on PostgreSQL the
 * others are told. A failed notification is not an error worth refusing the owner's change for;
 * the others' poll finds the new version within seconds.
 */
export async function announceLiveChange(): Promise<void> {
  shared[NUDGE_KEY]?.();
  const { db, dialect } = await getDatabase();
  if (dialect === "postgres") await sql`select pg_notify(${LIVE_CHANNEL}, '')`.execute(db).catch(() => undefined);
}
