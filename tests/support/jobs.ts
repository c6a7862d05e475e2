/**
 * What the job tests share: the link a homeowner reads in the latest email of a kind, and the
 * quote of the worked example ($1,200 of work at 6.625% sales tax).
 */
import type { Kysely } from "kysely";
import { parseMailPayload } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import type { QuoteContent } from "~/quotes/quote-content";
import { deckQuote } from "./quotes";

/** The /quote/ or /job/ link in the newest email of `kind` in the outbox. */
export async function linkIn(db: Kysely<Database>, kind: string, path: "quote" | "job"): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const match = new RegExp(`/${path}/([\\w-]{43})\\b`).exec(parseMailPayload(row.payload).text);
  if (!match?.[1]) throw new Error(`no ${path} link in the ${kind} email`);
  return match[1];
}

/** The deck quote with one item: $1,200.00 of work, $1,279.50 with 6.625% tax. */
export function twelveHundredQuote(now = new Date()): QuoteContent {
  return {
    ...deckQuote(now),
    items: [
      { description: "Rebuild deck stairs", quantityHundredths: 100, unit: "job", unitCents: 120_000, optional: false },
    ],
  };
}
