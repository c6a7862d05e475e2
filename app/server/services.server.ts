/**
 * Everything the Express entry (`server.ts`) needs from the app, in one typed module. The entry
 * reaches it through the React Router build (`entry.server.tsx` re-exports it as `services`), so
 * the server and the routes share one copy of each module and one database handle.
 */
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/settings/env.server";
import { formActionOf } from "~/infra/form-action.server";
import { consumeBudget, type Budget, type LimitDecision } from "~/infra/rate-limit.server";
import { errorAnswer as errorPage } from "~/infra/error-page.server";
import { currentFacts } from "~/facts/facts-source.server";
import type { FormAction } from "~/route-registry";
import { sql } from "kysely";

export { startBackgroundWork, stopBackgroundWork } from "./background.server";
export { builtWith, getEnv } from "~/settings/env.server";
export { describeError, log } from "~/infra/log.server";
export { errorStatus } from "~/infra/error-page.server";
export { isDeskPath } from "~/owner/paths";
export { loggablePath, withoutSecrets } from "~/infra/request-log.server";

/** The error page gives the phone published when it is written, like any email or document. */
export const errorAnswer = (status: number, path: string) => errorPage(status, path, currentFacts());

const FORM_WINDOW_SECONDS = 10 * 60;
/**
 * Posts per client to the desk's sign-in, setup and passkey addresses per 15 minutes. A person
 * spends two per sign-in (passkey or code); this leaves room for a household behind one address
 * and stops a script long before the per-address code lock would notice it.
 */
export const OWNER_SIGN_IN_POSTS = 60;
const OWNER_SIGN_IN_WINDOW_SECONDS = 15 * 60;

function budgetOf(action: FormAction): Budget {
  const max = getEnv().rateLimitMax;
  if (action === "owner-sign-in")
    return {
      name: "form-owner-sign-in",
      points: max === 0 ? 0 : OWNER_SIGN_IN_POSTS,
      durationSeconds: OWNER_SIGN_IN_WINDOW_SECONDS,
    };
  return { name: `form-${action}`, points: max, durationSeconds: FORM_WINDOW_SECONDS };
}

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
  return { action, ...(await consumeBudget(budgetOf(action), clientKey(ip))) };
}

/** The answer to a post over its budget: JSON for the API and for JSON requests, a line of text for a page. */
export function rateLimitedAnswer(decision: FormPostDecision, api: boolean) {
  const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
  const wait = `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again`;
  // Visitors have the phone; an owner at the desk's door has nobody to call.
  const message =
    decision.action === "owner-sign-in" ? `Too many attempts. ${wait}.` : `Too many requests. ${wait}, or call us.`;
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

export { liveFile, startLiveSite, stopLiveSite } from "./live.server";
