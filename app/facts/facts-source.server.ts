/**
 * The business facts in force, as public pages, emails and documents read them.
 *
 * Pages read them from the live snapshot they are rendered from (`live/snapshot.server.ts`), so a
 * publish on any instance renders every page again with them, once. The snapshot also carries the
 * week's hours in force today: a special range starts and ends at midnight New Jersey time, and the
 * source names that midnight as the moment pages must be rendered again.
 *
 * Emails and PDFs take `currentFacts()` at the moment they are made: the snapshot this instance
 * last read, or what this instance itself has just published when that is newer, so a quote sent
 * a second after a publish already carries the new phone. What was made before keeps what it said.
 */
import type { Kysely } from "kysely";
import { firstFacts, type BusinessFacts } from "~/content/business-facts";
import type { Database } from "~/infra/schema.server";
import { toDate } from "~/infra/schema.server";
import type { LiveSource } from "~/live/snapshot.server";
import { readLive } from "~/live/snapshot.server";
import { dayOf } from "~/time/business-time";
import { liveFactsOf, nextHoursChange, type LiveFacts } from "./live-facts";
import "./facts-tables";

export type { LiveFacts } from "./live-facts";

export interface PublishedFacts {
  version: number;
  facts: BusinessFacts;
  publishedBy: string;
  publishedAt: Date;
  restoredFrom: number | null;
}

/** The newest publish, or undefined while the repository's first facts are in force. */
export async function readPublishedFacts(db: Kysely<Database>): Promise<PublishedFacts | undefined> {
  const row = await db.selectFrom("business_facts").selectAll().orderBy("version", "desc").limit(1).executeTakeFirst();
  if (!row) return undefined;
  return {
    version: Number(row.version),
    facts: JSON.parse(row.facts) as BusinessFacts,
    publishedBy: row.published_by,
    publishedAt: toDate(row.published_at),
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}

export const factsSource: LiveSource<LiveFacts> = {
  name: "business-facts",
  empty: liveFactsOf(firstFacts, "0000-00-00", 0, null),
  async load(db, now) {
    const day = dayOf(now);
    const published = await readPublishedFacts(db);
    const facts = published?.facts ?? firstFacts;
    const value = liveFactsOf(facts, day, published?.version ?? 0, published?.publishedAt.toISOString() ?? null);
    return { value, changesAt: nextHoursChange(facts, day) };
  },
};

const KNOWN_KEY = "__causewayPublishedFacts";
const shared = globalThis as typeof globalThis & { [KNOWN_KEY]?: { version: number; facts: BusinessFacts } };

/**
 * What this instance has just published, before its snapshot is read again. Publishes commit in
 * version order, so the last one this process made is the newest it knows of.
 */
export function noteOwnPublish(version: number, facts: BusinessFacts): void {
  shared[KNOWN_KEY] = { version, facts };
}

/** The facts in force for what is made now: an email, a PDF, an error page. */
export function currentFacts(): BusinessFacts {
  const live = readLive(factsSource);
  const own = shared[KNOWN_KEY];
  return own && own.version > live.version ? own.facts : live.facts;
}

/** The facts in force as public pages show them, with today's week. */
export const liveFacts = (): LiveFacts => readLive(factsSource);
