/**
 * Publishing the business facts: each publish a new version, whole, with who made it and when, in
 * one desk change that moves the live version so every instance renders its pages again.
 *
 * A publish names the version the owner's form was filled from. When another publish landed in
 * between, this one is refused as stale rather than silently undoing the other: the owner sees
 * what is live now and decides. The check cannot be raced: the change takes the live version's row
 * first, so on PostgreSQL concurrent publishes queue on that row and each reads the one before it,
 * and SQLite has one writer at a time; the version is also the table's key, so two rows can never
 * claim one number.
 */
import type { Kysely } from "kysely";
import type { BusinessFacts } from "~/content/business-facts";
import { firstFacts } from "~/content/business-facts";
import type { Database } from "~/infra/schema.server";
import { timestamp, toDate } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { describeChanges, sameFacts } from "./facts-changes";
import { noteOwnPublish } from "./facts-source.server";
import "./facts-tables";

/** Versions the desk's history lists, newest first. */
export const HISTORY_LISTED = 20;

export type PublishOutcome =
  | { ok: true; version: number; changes: string }
  | { ok: false; reason: "stale"; version: number }
  | { ok: false; reason: "unchanged"; version: number };

class Refused extends Error {
  constructor(readonly outcome: Extract<PublishOutcome, { ok: false }>) {
    super(outcome.reason);
  }
}

async function newestRow(db: Kysely<Database>) {
  return db
    .selectFrom("business_facts")
    .select(["version", "facts"])
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

const isKeyClash = (error: unknown) =>
  error instanceof Error && /unique|primary key|duplicate key/i.test(error.message);

/**
 * Publishes checked facts (`facts-rules.ts`) as the version after `basedOn` (0: the repository's
 * first facts were on the form). `restoredFrom` marks a publish made by 'Restore'.
 */
export async function publishFacts(
  db: Kysely<Database>,
  actor: Actor | null,
  input: { facts: BusinessFacts; basedOn: number; restoredFrom?: number },
  now: Date = new Date(),
): Promise<PublishOutcome> {
  try {
    const outcome = await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
      await markLive();
      const newest = await newestRow(trx);
      const version = Number(newest?.version ?? 0);
      if (version !== input.basedOn) throw new Refused({ ok: false, reason: "stale", version });
      const before = newest ? (JSON.parse(newest.facts) as BusinessFacts) : firstFacts;
      if (sameFacts(before, input.facts)) throw new Refused({ ok: false, reason: "unchanged", version });
      const next = version + 1;
      await trx
        .insertInto("business_facts")
        .values({
          version: next,
          facts: JSON.stringify(input.facts),
          published_by: actor?.email ?? "the command line",
          published_at: timestamp(now),
          restored_from: input.restoredFrom ?? null,
        })
        .execute();
      const changes = describeChanges(before, input.facts);
      await audit(
        "business-facts-published",
        input.restoredFrom ? `version ${next}, restoring version ${input.restoredFrom}` : `version ${next}: ${changes}`,
      );
      return { ok: true as const, version: next, changes };
    });
    noteOwnPublish(outcome.version, input.facts);
    return outcome;
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isKeyClash(error)) return { ok: false, reason: "stale", version: Number((await newestRow(db))?.version ?? 0) };
    throw error;
  }
}

export interface FactsVersion {
  version: number;
  publishedBy: string;
  publishedAt: Date;
  restoredFrom: number | null;
  /** What it changed from the version before it. */
  changes: string;
}

/** The newest versions, each with what it changed, newest first. */
export async function factsHistory(db: Kysely<Database>): Promise<FactsVersion[]> {
  const rows = await db
    .selectFrom("business_facts")
    .selectAll()
    .orderBy("version", "desc")
    .limit(HISTORY_LISTED + 1)
    .execute();
  return rows.slice(0, HISTORY_LISTED).map((row, index) => {
    const older = rows[index + 1];
    const before = older
      ? (JSON.parse(older.facts) as BusinessFacts)
      : Number(row.version) === 1
        ? firstFacts
        : undefined;
    return {
      version: Number(row.version),
      publishedBy: row.published_by,
      publishedAt: toDate(row.published_at),
      restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
      changes: before ? describeChanges(before, JSON.parse(row.facts) as BusinessFacts) : "earlier changes",
    };
  });
}

/** One version's facts, for 'Restore'. */
export async function readFactsVersion(db: Kysely<Database>, version: number): Promise<BusinessFacts | undefined> {
  const row = await db.selectFrom("business_facts").select("facts").where("version", "=", version).executeTakeFirst();
  return row ? (JSON.parse(row.facts) as BusinessFacts) : undefined;
}
