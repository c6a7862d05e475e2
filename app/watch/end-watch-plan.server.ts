/**
 * 'End my plan' on the homeowner's page: the plan says it may be ended at any time, and this is
 * the way that needs no phone call. One conditional update decides it (a second press, or the
 * owner ending it at the same moment, changes nothing more); the same transaction deletes the
 * access notes, cancels the visits ahead, and mails the homeowner a confirmation and each owner a
 * note. The visits already made are still billed at the month's end, as the plan says.
 */
import type { Kysely } from "kysely";
import { findByLinkToken, UNKNOWN_LINK } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { inTransaction } from "~/infra/transaction.server";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import { ownerInboxes } from "~/owner/owners.server";
import type { MailContext } from "~/settings/env.server";
import { watchPlanPath } from "~/owner/paths";
import { planEndedEmails } from "./watch-emails.server";
import { planByTokenHash, stateOfPlan, type WatchLinkState } from "./watch-link.server";
import { closePlan } from "./watch-plans.server";

type Db = Kysely<Database>;

export const ENDED_BY_HOMEOWNER = "Ended by the homeowner on the plan's page.";
export const CONFIRM_END = "Tick the box to confirm that you want to end your plan.";

export type EndOutcome = { ended: boolean; state: WatchLinkState; error?: string };

export async function endPlanByHomeowner(
  db: Db,
  token: unknown,
  confirmed: boolean,
  context: MailContext,
  now: Date = new Date(),
): Promise<EndOutcome> {
  const found = await findByLinkToken(token, (tokenHash, token) =>
    inTransaction(db, async (trx): Promise<EndOutcome | undefined> => {
      const plan = await planByTokenHash(trx, tokenHash);
      if (!plan) return undefined;
      if (plan.status !== "accepted") return { ended: false, state: await stateOfPlan(trx, plan, token, now) };
      if (!confirmed) return { ended: false, state: await stateOfPlan(trx, plan, token, now), error: CONFIRM_END };
      // The claim: only one press (or the owner's 'End this plan') moves it from accepted.
      const claimed = await trx
        .updateTable("watch_plans")
        .set({ status: "ended" })
        .where("id", "=", plan.id)
        .where("status", "=", "accepted")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        // Ended meanwhile by another press: read again, to show the plan as it now stands.
        const current = await planByTokenHash(trx, tokenHash);
        return { ended: false, state: current ? await stateOfPlan(trx, current, token, now) : UNKNOWN_LINK };
      }
      await closePlan(
        trx,
        { id: plan.id, lead_id: plan.lead_id, status: "accepted", token_hash: tokenHash },
        ENDED_BY_HOMEOWNER,
        HOMEOWNER,
        now,
      );
      const owners = await ownerInboxes(trx, context.leadsTo);
      const homeowner = { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email };
      for (const mail of planEndedEmails(
        homeowner,
        token,
        owners,
        `${context.siteUrl}${watchPlanPath(plan.id)}`,
        now,
        context,
      ))
        await enqueueMail(trx, mail, now);
      const ended = await planByTokenHash(trx, tokenHash);
      return { ended: true, state: ended ? await stateOfPlan(trx, ended, token, now) : UNKNOWN_LINK };
    }),
  );
  return found.state === "found" ? found.record : { ended: false, state: found };
}
