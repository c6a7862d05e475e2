/**
 * The numbers behind /owner/stats, over the last 12 weeks (the business's weeks, Monday to Sunday,
 * this week included): leads per week, the median time to a first reply, how many were won and lost
 * (and why), and the pages their forms were sent from.
 *
 * One bounded query reads the period's leads and the sums are done here, so SQLite and PostgreSQL
 * give the same figures without two spellings of date arithmetic. Held spam is not counted.
 */
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { addDays, mondayOf, startOfDay } from "~/time/business-time";
import { isLostReason, LOST_REASONS, type LostReason } from "./status";

export const WEEKS = 12;
/** Far beyond a season's leads; keeps a flood of spam from making the page read without end. */
const MAX_ROWS = 20_000;

export interface LeadStats {
  /** First day (YYYY-MM-DD, a Monday) of the period. */
  from: string;
  weeks: { monday: string; count: number }[];
  total: number;
  /** Median of received → first change away from New, in ms; null when no lead was answered. */
  medianReplyMs: number | null;
  answered: number;
  won: number;
  lost: number;
  lostBy: { reason: LostReason; count: number }[];
  sources: { path: string; count: number }[];
  /** The period was cut at MAX_ROWS leads. */
  truncated: boolean;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function leadStats(db: Kysely<Database>, now: Date = new Date()): Promise<LeadStats> {
  const mondays = Array.from({ length: WEEKS }, (_, i) => addDays(mondayOf(now), -7 * (WEEKS - 1 - i)));
  const starts = mondays.map((monday) => startOfDay(monday).getTime());
  const from = mondays[0] ?? mondayOf(now);
  const rows = await db
    .selectFrom("leads")
    .select(["created_at", "status", "lost_reason", "source_path", "first_reply_at"])
    .where("quarantined_at", "is", null)
    .where("created_at", ">=", timestamp(startOfDay(from)))
    .where("created_at", "<=", timestamp(now))
    .orderBy("created_at")
    .limit(MAX_ROWS + 1)
    .execute();
  const truncated = rows.length > MAX_ROWS;
  const leads = rows.slice(0, MAX_ROWS);

  const counts = new Array<number>(WEEKS).fill(0);
  const replies: number[] = [];
  const lostBy = new Map<LostReason, number>(LOST_REASONS.map((r) => [r, 0]));
  const sources = new Map<string, number>();
  let won = 0;
  let lost = 0;
  for (const lead of leads) {
    const created = toDate(lead.created_at).getTime();
    let week = WEEKS - 1;
    while (week > 0 && created < (starts[week] ?? 0)) week--;
    counts[week] = (counts[week] ?? 0) + 1;
    if (lead.first_reply_at !== null) replies.push(Math.max(0, toDate(lead.first_reply_at).getTime() - created));
    if (lead.status === "won") won++;
    if (lead.status === "lost") {
      lost++;
      const reason = isLostReason(lead.lost_reason) ? lead.lost_reason : "other";
      lostBy.set(reason, (lostBy.get(reason) ?? 0) + 1);
    }
    const path = lead.source_path ?? "unknown";
    sources.set(path, (sources.get(path) ?? 0) + 1);
  }
  return {
    from,
    weeks: mondays.map((monday, i) => ({ monday, count: counts[i] ?? 0 })),
    total: leads.length,
    medianReplyMs: median(replies),
    answered: replies.length,
    won,
    lost,
    lostBy: LOST_REASONS.map((reason) => ({ reason, count: lostBy.get(reason) ?? 0 })),
    sources: [...sources.entries()]
      .map(([path, count]) => ({ path, count }))
      .sort((a, b) => b.count - a.count || a.path.localeCompare(b.path)),
    truncated,
  };
}

/** "25%", or "–" when there is nothing to divide. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`;
}
