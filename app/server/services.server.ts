/**
 * Everything the Express entry (`server.ts`) needs from the app, in one typed module. The entry
 * reaches it through the React Router build (`entry.server.tsx` re-exports it as `services`), so
 * the server and the routes share one copy of each module and one database handle.
 */
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { formActionOf } from "~/infra/form-action.server";
import { consumeBudget, type LimitDecision } from "~/infra/rate-limit.server";
import type { FormAction } from "~/route-registry";
import { sql } from "kysely";

export { startBackgroundWork, stopBackgroundWork } from "./background.server";
export { builtWith, getEnv } from "~/infra/env.server";
export { describeError, log } from "~/infra/log.server";
export { errorAnswer, errorStatus } from "~/infra/error-page.server";
export { isDeskPath } from "~/owner/paths";

const FORM_WINDOW_SECONDS = 10 * 60;

export interface FormPostDecision extends LimitDecision {
  action: FormAction;
}

/**
 * Spends one form post of the client's budget for the action the path reaches, whatever its
 * spelling; undefined when the path reaches no form action.
 */
export async function admitFormPost(path: string, ip: string | undefined): Promise<FormPostDecision | undefined> {
  const action = formActionOf(path);
  if (!action) return undefined;
  const budget = { name: `form-${action}`, points: getEnv().rateLimitMax, durationSeconds: FORM_WINDOW_SECONDS };
  return { action, ...(await consumeBudget(budget, clientKey(ip))) };
}

/** The answer to a post over its budget: JSON for the API, a line of text for a page. */
export function rateLimitedAnswer(decision: FormPostDecision, api: boolean) {
  const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
  const message = `Too many requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`;
  if (!api) return { contentType: "text/plain; charset=utf-8", body: message };
  const body = decision.action === "estimate" ? { success: false, error: message } : { error: message };
  return { contentType: "application/json; charset=utf-8", body: JSON.stringify(body) };
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseAnswers(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = getDatabase()
    .then(async ({ db }) => {
      await sql`select 1`.execute(db);
      return true;
    })
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
