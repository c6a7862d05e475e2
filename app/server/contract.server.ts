/**
 * Accepting and cancelling a contract at the homeowner's link, with what follows in other
 * features: an accepted contract schedules its job, and a contract cancelled within the three
 * business days cancels that job and voids its open invoices, each in the same transaction as the
 * acceptance or cancellation.
 * The quotes feature does not import jobs (jobs build on quotes), so the two are joined here.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { voidInvoicesOfCancelledJob } from "~/invoices/invoices.server";
import { cancelJobOfQuote, scheduleJobFromQuote } from "~/jobs/jobs.server";
import { acceptQuote, type Acceptance } from "~/quotes/accept-quote.server";
import { cancelQuoteContract } from "~/quotes/cancel-quote.server";
import type { ClosedDays } from "~/time/business-time";
import type { MailContext } from "~/settings/env.server";

export function acceptContract(
  db: Kysely<Database>,
  token: unknown,
  acceptance: Acceptance,
  closed: ClosedDays,
  context: MailContext,
  now: Date = new Date(),
) {
  return acceptQuote(db, token, acceptance, closed, context, now, scheduleJobFromQuote);
}

export function cancelContract(db: Kysely<Database>, token: unknown, context: MailContext, now: Date = new Date()) {
  return cancelQuoteContract(db, token, context, now, async (trx, cancelled, at) => {
    const job = await cancelJobOfQuote(trx, cancelled, at);
    if (job) await voidInvoicesOfCancelledJob(trx, job, at);
  });
}
