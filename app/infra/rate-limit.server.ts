/**
 * Budgets of requests per key (a client, an email address, the whole site), counted in the site's
 * own database through rate-limiter-flexible's SQLite and PostgreSQL stores.
 *
 * Counting in the database rather than in process memory means every server instance on one
 * PostgreSQL draws on the same budget, and a restart does not hand out fresh budgets.
 *
 * On SQLite the limiter shares Kysely's connection. A count made while a lead's transaction is open
 * lands inside that transaction (as a savepoint) and is undone if the lead is rolled back; the budget
 * is then slightly more generous, never stricter, which is the safe way to be wrong.
 */
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Kysely } from "kysely";
import { getDatabase, type RawClient } from "./db.server";
import type { Database } from "./schema.server";

export interface Budget {
  /** Unique per budget: it prefixes the keys in the shared table. */
  name: string;
  /** Requests allowed per key and period; 0 turns the budget off. */
  points: number;
  durationSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the key may try again; 0 when allowed. */
  retryAfterSeconds: number;
  /** Requests the key has left in this period once this one is counted (Infinity when the budget is off). */
  remaining: number;
}

export interface Limiter {
  consume(key: string): Promise<LimitDecision>;
}

const TABLE = "rate_limits";

export function createLimiter(raw: RawClient, budget: Budget): Limiter {
  if (budget.points <= 0)
    return { consume: async () => ({ allowed: true, retryAfterSeconds: 0, remaining: Number.POSITIVE_INFINITY }) };
  const common = {
    keyPrefix: budget.name,
    points: budget.points,
    duration: budget.durationSeconds,
    tableName: TABLE,
    // The table comes from our migrations; expired rows are removed by the hourly clean-up.
    tableCreated: true,
    clearExpiredByTimeout: false,
  };
  const limiter: RateLimiterAbstract =
    raw.dialect === "postgres"
      ? new RateLimiterPostgres({ ...common, storeClient: raw.pool, storeType: "pool" })
      : new RateLimiterSQLite({ ...common, storeClient: raw.database, storeType: "better-sqlite3" });
  return {
    async consume(key) {
      try {
        const result = await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0, remaining: result.remainingPoints };
      } catch (result) {
        // The library rejects with its result object when the budget is spent, and with an Error
        // when the store fails.
        if (!(result instanceof RateLimiterRes)) throw result;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)), remaining: 0 };
      }
    },
  };
}

const limiters = new WeakMap<RawClient, Map<string, Limiter>>();

/** Spends one request of `budget` for `key`, in the process's database. */
export async function consumeBudget(budget: Budget, key: string): Promise<LimitDecision> {
  const { raw } = await getDatabase();
  let byName = limiters.get(raw);
  if (!byName) {
    byName = new Map();
    limiters.set(raw, byName);
  }
  const signature = `${budget.name}/${budget.points}/${budget.durationSeconds}`;
  let limiter = byName.get(signature);
  if (!limiter) {
    limiter = createLimiter(raw, budget);
    byName.set(signature, limiter);
  }
  return limiter.consume(key);
}

/** Deletes counters whose period ended; returns how many. */
export async function pruneExpiredBudgets(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom(TABLE).where("expire", "<", now.getTime()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
