/**
 * Estimate requests sent again with the same idempotency key: a visitor whose answer was lost (a
 * dropped connection after the lead was stored) sends the request again, and must get the first
 * request's answer without a second lead or a second pair of emails.
 *
 * Two guards: the `idempotency_keys` table, written in the lead's own transaction, whose primary
 * key lets only one copy commit whichever connection or server instance it arrives on; and, in
 * this process, the copies of a request still being worked on, so that a copy arriving in parallel
 * waits for the first instead of re-encoding the same photos only to lose the race at the end.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, type Database } from "~/infra/schema.server";
import { ESTIMATE_FIELDS, type EstimateValues } from "./estimate-schema";

/** How long a key is remembered: far longer than any retry, short enough to keep the table small. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const KEY_REUSED_MESSAGE =
  "This request was already sent with different details. Please reload the page and send it again.";

export interface KeyedRequest {
  key: string;
  fingerprint: string;
}

/** The request's text as it will be stored: photos are left out, the browser may shrink them differently. */
export function requestFingerprint(values: EstimateValues): string {
  return createHash("sha256")
    .update(JSON.stringify(ESTIMATE_FIELDS.map((field) => values[field])))
    .digest("hex");
}

function cutoff(now: Date): string {
  return timestamp(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

/** The lead a key stored within the last day, if any. */
export async function findKeyedLead(
  db: Kysely<Database>,
  key: string,
  now: Date = new Date(),
): Promise<{ leadId: string; fingerprint: string } | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["lead_id", "fingerprint"])
    .where("key", "=", key)
    .where("created_at", ">=", cutoff(now))
    .executeTakeFirst();
  return row ? { leadId: row.lead_id, fingerprint: row.fingerprint } : undefined;
}

/**
 * Records the key for a lead; call inside the transaction that stores the lead, after inserting it.
 * Throws (a unique violation) when another copy of the request committed first.
 */
export async function recordKey(
  trx: Kysely<Database>,
  request: KeyedRequest,
  leadId: string,
  now: Date,
): Promise<void> {
  // A key older than a day that the hourly clean-up has not reached yet is free to use again.
  await trx
    .deleteFrom("idempotency_keys")
    .where("key", "=", request.key)
    .where("created_at", "<", cutoff(now))
    .execute();
  await trx
    .insertInto("idempotency_keys")
    .values({ key: request.key, lead_id: leadId, fingerprint: request.fingerprint, created_at: timestamp(now) })
    .execute();
}

/** Deletes keys older than a day; returns how many. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type KeyedOutcome<T> = { kind: "done"; value: T } | { kind: "stored"; leadId: string; fingerprint: string };

/**
 * Runs `work` for a keyed request unless a copy of it is already stored or under way. A copy under
 * way in this process is waited for: if it succeeded, its lead is the answer; if it failed, nothing
 * was stored and this copy runs on its own. `succeeded` tells a successful outcome from a refusal.
 */
export function createInFlightRequests<T>(succeeded: (value: T) => string | undefined) {
  const running = new Map<string, { fingerprint: string; outcome: Promise<T> }>();
  return async function runOnce(
    db: Kysely<Database>,
    request: KeyedRequest,
    work: () => Promise<T>,
  ): Promise<KeyedOutcome<T>> {
    for (;;) {
      const other = running.get(request.key);
      if (other) {
        const value = await other.outcome.then(
          (v) => v,
          () => undefined,
        );
        const leadId = value === undefined ? undefined : succeeded(value);
        if (leadId) return { kind: "stored", leadId, fingerprint: other.fingerprint };
        // It failed and stored nothing; look again (a third copy may have started meanwhile).
        continue;
      }
      const stored = await findKeyedLead(db, request.key);
      if (stored) return { kind: "stored", ...stored };
      // Another copy may have registered while the database answered.
      if (running.has(request.key)) continue;
      const outcome = work();
      running.set(request.key, { fingerprint: request.fingerprint, outcome });
      try {
        return { kind: "done", value: await outcome };
      } finally {
        running.delete(request.key);
      }
    }
  };
}
