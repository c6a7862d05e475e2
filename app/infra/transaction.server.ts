import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.server";

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one: a change that a
 * larger change may include (an owner removed while the desk signs everyone out) commits with it or
 * not at all, and on its own still commits whole.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
