/**
 * What the outbox's workers share: claiming due rows of their channel under a lease, recording an
 * outcome only while the lease is still theirs, and the loop that polls and wakes on a nudge.
 *
 * Claiming: a single UPDATE … RETURNING moves due rows to `sending` with a lease (`locked_until`).
 * On PostgreSQL the rows are picked with `FOR UPDATE SKIP LOCKED`, so several server instances never
 * claim one row twice; SQLite has a single writer, so the UPDATE is atomic by itself. A worker that
 * dies mid-send leaves a lease that expires, and the row is sent again: delivery is at least once.
 *
 * The mail worker and the push worker each claim only their own channel, so a slow mail server
 * never holds up a push that must reach the owner within seconds.
 */
import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "./db.server";
import { describeError, log } from "./log.server";
import { onMailNudge } from "./outbox.server";
import { timestamp, type Database, type OutboxChannel, type OutboxTable } from "./schema.server";

export type OutboxRow = Selectable<OutboxTable>;

export interface ClaimOptions {
  channel: OutboxChannel;
  batchSize: number;
  leaseMs: number;
  now: Date;
}

/** Claims up to `batchSize` due rows of the channel; each is the caller's until `lockedUntil`. */
export async function claimDue(
  db: Kysely<Database>,
  dialect: Dialect,
  options: ClaimOptions,
): Promise<{ rows: OutboxRow[]; lockedUntil: string }> {
  const nowText = timestamp(options.now);
  const lockedUntil = timestamp(new Date(options.now.getTime() + options.leaseMs));
  const due = db
    .selectFrom("outbox")
    .select("id")
    .where("channel", "=", options.channel)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", nowText)]),
        // a lease that ran out: its worker died mid-send
        eb.and([eb("status", "=", "sending"), eb("locked_until", "<", nowText)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .limit(options.batchSize)
    .$if(dialect === "postgres", (qb) => qb.forUpdate().skipLocked());
  const rows = await db
    .updateTable("outbox")
    .set((eb) => ({ status: "sending", locked_until: lockedUntil, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .returningAll()
    .execute();
  return { rows, lockedUntil };
}

/** An update of the row that applies only if the lease is still ours (another worker may have taken an expired one). */
export function whileLeased(db: Kysely<Database>, row: OutboxRow, lockedUntil: string) {
  return db
    .updateTable("outbox")
    .where("id", "=", row.id)
    .where("status", "=", "sending")
    .where("locked_until", "=", lockedUntil);
}

export interface WorkerLoop {
  start(): void;
  /** Finishes the batch in hand, then stops; resolves when nothing is running. */
  stop(): Promise<void>;
  nudge(): void;
}

/**
 * Runs `runOnce` again at once after a full batch or a nudge, else after `pollIntervalMs`. Every
 * loop is woken by `nudgeMailWorkers()`, which queuing a message or a push calls once its
 * transaction commits.
 */
export function workerLoop(options: {
  name: string;
  pollIntervalMs: number;
  batchSize: number;
  runOnce: () => Promise<number>;
}): WorkerLoop {
  let loop: Promise<void> | undefined;
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | undefined;
  let unregister: (() => void) | undefined;

  async function run(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let handled = 0;
      try {
        handled = await options.runOnce();
      } catch (error) {
        log("error", `${options.name} could not read the outbox`, { error: describeError(error) });
      }
      if (stopping) break;
      // A full batch means more may be due; a nudge during the batch means new rows were committed.
      if (handled >= options.batchSize || nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  function nudge(): void {
    nudged = true;
    wake?.();
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      unregister = onMailNudge(nudge);
      loop = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      unregister?.();
      unregister = undefined;
      await loop;
      loop = undefined;
    },
    nudge,
  };
}
