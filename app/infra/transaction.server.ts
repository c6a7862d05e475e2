import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.server";

/**
 * Work that must wait for a commit: waking the mail workers for a message queued in the
 * transaction (woken before, they would find nothing yet and sleep until their next poll), telling
 * the other instances of a new published version (told before, they could render the old rows).
 * Keyed, so a change that queues ten messages wakes the workers once.
 */
type AfterCommit = () => void | Promise<void>;

/** The after-commit work of each transaction inTransaction opened, while it is open. */
const owed = new WeakMap<Kysely<Database>, Map<string, AfterCommit>>();

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one: a change that a
 * larger change may include (an owner removed while the desk signs everyone out) commits with it or
 * not at all, and on its own still commits whole. What the transaction owes after its commit runs
 * once the outermost one has committed, and never when it rolled back.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  const hooks = new Map<string, AfterCommit>();
  const result = await db.transaction().execute((trx) => {
    owed.set(trx, hooks);
    return work(trx);
  });
  for (const hook of hooks.values()) await hook();
  return result;
}

/**
 * Runs `hook` once the transaction inTransaction opened, and `db` belongs to, has committed. Two
 * hooks under one key in one transaction run once.
 *
 * The app opens every transaction there (a test of the code's shape holds it to that). A write
 * made outside one (a test's or a script's set-up) owes nothing: the workers' and the instances'
 * polls find it, as they find what another process wrote.
 */
export function afterCommit(db: Kysely<Database>, key: string, hook: AfterCommit): void {
  const hooks = owed.get(db);
  if (hooks && !hooks.has(key)) hooks.set(key, hook);
}

/** Whether `db` is a transaction inTransaction opened, whose commit runs what it owes. */
export function runsAfterCommit(db: Kysely<Database>): boolean {
  return owed.has(db);
}
