/**
 * One change made on the desk (or by the server's command line), whole: its rows, its audit entry
 * and, when it alters what public pages show, the move of the published version, all commit in one
 * transaction or not at all. Only after the commit is every instance told to render again: told
 * before, an instance could render the old rows and keep them until its next poll; told on a
 * failure, they would render for nothing.
 *
 * A change that a larger one includes (inviting an owner adds them and issues their setup link)
 * joins the larger change's transaction, and the larger change tells the instances once, after its
 * own commit.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/infra/schema.server";
import { markLiveChange } from "~/live/version.server";
import type { Actor } from "./actor";
import { recordAudit, type AuditAction } from "./audit.server";
import { inTransaction, runsAfterCommit } from "~/infra/transaction.server";

/**
 * Who makes the change: the signed-in owner; someone not signed in, known only by the client they
 * came from (a sign-in refused for an address that is no owner's); or, as null, the server's
 * command line.
 */
export type ChangeActor = Actor | { email: null; client: string | null } | null;

export interface DeskChange {
  /** The transaction every write of the change goes through. */
  readonly trx: Transaction<Database>;
  /** Writes the audit entry, by the change's actor, in the change's transaction. */
  readonly audit: (action: AuditAction, detail?: string) => Promise<void>;
  /**
   * Public pages show what this change alters: the version moves with it, and the instances hear
   * of it after the commit.
   */
  readonly markLive: () => Promise<void>;
}

/**
 * Runs `fn` as one change by `actor` (null: the server's command line) at `now`, the time its audit
 * entry and the version's move carry: in a new transaction, or in `db` when it is the transaction
 * of a change that includes this one. What the change queued is woken, and what it published is
 * announced, once the outermost transaction commits.
 */
export function deskChange<T>(
  db: Kysely<Database>,
  actor: ChangeActor,
  now: Date,
  fn: (change: DeskChange) => Promise<T>,
): Promise<T> {
  return inTransaction(db, (trx) =>
    fn({
      trx,
      audit: (action, detail) =>
        recordAudit(trx, { actor: actor?.email ?? null, action, detail, client: actor?.client ?? null }, now),
      markLive: () => {
        // A transaction opened elsewhere commits where this change cannot see it, so nobody would
        // announce the new version: the pages would wait for each instance's poll.
        if (!runsAfterCommit(trx))
          throw new Error("A live change must run in deskChange's own transaction, or in one it joined.");
        return markLiveChange(trx, now);
      },
    }),
  );
}
