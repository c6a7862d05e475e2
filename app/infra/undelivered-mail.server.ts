/**
 * Mail the worker has not delivered, as `npm run leads -- --mail` lists it, and sending a failed
 * message again (`--retry`).
 */
import type { Kysely } from "kysely";
import { idPrefix } from "./id-prefix";
import { timestamp, toDate, type Database, type OutboxStatus } from "./schema.server";

export interface UndeliveredMail {
  id: string;
  kind: string;
  recipient: string;
  status: Exclude<OutboxStatus, "sent">;
  attempts: number;
  lastError: string | null;
  /** When the worker tries again; meaningless once failed. */
  nextAttemptAt: Date;
  createdAt: Date;
}

const UNDELIVERED: readonly Exclude<OutboxStatus, "sent">[] = ["failed", "sending", "pending"];

function undeliveredMail(db: Kysely<Database>) {
  return db
    .selectFrom("outbox")
    .select(["id", "kind", "recipient", "status", "attempts", "last_error", "next_attempt_at", "created_at"])
    .where("status", "in", UNDELIVERED);
}

type UndeliveredRow = Awaited<ReturnType<ReturnType<typeof undeliveredMail>["execute"]>>[number];

function mailSummary(row: UndeliveredRow): UndeliveredMail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status as UndeliveredMail["status"],
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: toDate(row.next_attempt_at),
    createdAt: toDate(row.created_at),
  };
}

/**
 * Messages not sent: failed ones first, newest first, since they wait for the owner; then those
 * still queued, in the order the worker will try them.
 */
export async function listUndeliveredMail(
  db: Kysely<Database>,
  limit: number,
): Promise<{ messages: UndeliveredMail[]; total: number }> {
  const rows = (await undeliveredMail(db).execute()).map(mailSummary);
  rows.sort((a, b) => {
    if ((a.status === "failed") !== (b.status === "failed")) return a.status === "failed" ? -1 : 1;
    if (a.status === "failed") return b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
    return a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id);
  });
  return { messages: rows.slice(0, limit), total: rows.length };
}

export type RetryMailResult =
  | { retried: true; mail: UndeliveredMail }
  | { retried: false; reason: "invalid-id" | "not-found"; matches?: undefined }
  | { retried: false; reason: "ambiguous"; matches: UndeliveredMail[] }
  | { retried: false; reason: "not-failed"; matches: [UndeliveredMail] };

/**
 * Queues a failed message again, given its id or a unique prefix of it: due now, with a fresh count
 * of attempts, so the worker gives it the full series of retries once more.
 */
export async function retryMail(
  db: Kysely<Database>,
  idOrPrefix: string,
  now: Date = new Date(),
): Promise<RetryMailResult> {
  const prefix = idPrefix(idOrPrefix);
  if (!prefix) return { retried: false, reason: "invalid-id" };
  const matches = (await undeliveredMail(db).where("id", "like", `${prefix}%`).limit(5).execute()).map(mailSummary);
  const mail = matches[0];
  if (!mail) return { retried: false, reason: "not-found" };
  if (matches.length > 1) return { retried: false, reason: "ambiguous", matches };
  if (mail.status !== "failed") return { retried: false, reason: "not-failed", matches: [mail] };
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: timestamp(now), last_error: null, locked_until: null })
    .where("id", "=", mail.id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  // Retried by someone else a moment ago: it is queued either way.
  if (Number(result.numUpdatedRows) === 0) return { retried: false, reason: "not-failed", matches: [mail] };
  return { retried: true, mail: { ...mail, status: "pending", attempts: 0, lastError: null, nextAttemptAt: now } };
}
