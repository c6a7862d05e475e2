/**
 * How many emailed codes may be asked for and checked, per address and client, per address, per
 * client. Why the numbers are what they are: docs/decisions/0017-the-code-lock-counts-per-address-and-client.md.
 *
 * Each budget is taken in the database in one atomic step (rate-limiter-flexible's upsert) before
 * any code is compared, so requests that arrive together cannot all pass a count made before any
 * of them is recorded; and every instance on one PostgreSQL shares the counts.
 *
 * A try is counted first for the address from this client, and only then against the address's
 * ceiling across clients: a flood from one client that its own budget refuses spends nothing of
 * the ceiling, so one stranger cannot use it up. The ceiling counts every address typed, owner or
 * not, and refuses in the same words, so it tells nobody who is an owner.
 */
import { consumeBudget, type Budget } from "~/infra/rate-limit.server";

/** Code checks for one address from one client, per 15 minutes: room for a person's typos. */
export const CHECKS_PER_CLIENT = 5;
export const CHECK_WINDOW_MINUTES = 15;
/** Per hour for one address from one client: below the ceiling, so one client alone never reaches it. */
export const CHECKS_PER_CLIENT_HOURLY = 10;
/** Per hour for one address, whatever the clients: what bounds an attacker with many addresses. */
export const CHECKS_PER_ADDRESS_HOURLY = 20;

/**
 * Codes asked for, in the same windows. Counted per client across addresses (each may email
 * someone), and per address across clients (the owner's inbox).
 */
export const CODES_PER_CLIENT = 5;
export const CODES_PER_CLIENT_HOURLY = 10;
export const CODES_PER_ADDRESS_HOURLY = 20;

const QUARTER_HOUR = CHECK_WINDOW_MINUTES * 60;
const HOUR = 60 * 60;

const checkBudgets = {
  pair: { name: "owner-code-check", points: CHECKS_PER_CLIENT, durationSeconds: QUARTER_HOUR },
  pairHourly: { name: "owner-code-check-hourly", points: CHECKS_PER_CLIENT_HOURLY, durationSeconds: HOUR },
  address: { name: "owner-code-check-address", points: CHECKS_PER_ADDRESS_HOURLY, durationSeconds: HOUR },
} as const satisfies Record<string, Budget>;

const sendBudgets = {
  client: { name: "owner-code-client", points: CODES_PER_CLIENT, durationSeconds: QUARTER_HOUR },
  clientHourly: { name: "owner-code-client-hourly", points: CODES_PER_CLIENT_HOURLY, durationSeconds: HOUR },
  address: { name: "owner-code-send-address", points: CODES_PER_ADDRESS_HOURLY, durationSeconds: HOUR },
} as const satisfies Record<string, Budget>;

export type Turn =
  | {
      allowed: true;
      /** This was the last try the address has from this client (or at all) for a while. */
      last: boolean;
    }
  | { allowed: false; retryAfterSeconds: number };

/** Takes the budgets in order; the first one spent refuses, and the later ones are left untouched. */
async function take(steps: readonly [Budget, string][]): Promise<Turn> {
  let last = false;
  for (const [budget, key] of steps) {
    const decision = await consumeBudget(budget, key);
    if (!decision.allowed) return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds };
    if (decision.remaining === 0) last = true;
  }
  return { allowed: true, last };
}

const pairKey = (email: string, client: string) => `${client}/${email}`;

/** One code check for `email` from `client`, taken before the code is compared, or a refusal. */
export function takeCodeCheck(email: string, client: string): Promise<Turn> {
  return take([
    [checkBudgets.pair, pairKey(email, client)],
    [checkBudgets.pairHourly, pairKey(email, client)],
    [checkBudgets.address, email],
  ]);
}

/** One emailed code for `email` asked by `client`, or a refusal. */
export function takeCodeSend(email: string, client: string): Promise<Turn> {
  return take([
    [sendBudgets.client, client],
    [sendBudgets.clientHourly, client],
    [sendBudgets.address, email],
  ]);
}
