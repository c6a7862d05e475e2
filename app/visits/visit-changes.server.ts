/**
 * What a site visit does to its lead, in one transaction with the visit itself: proposing one
 * moves the lead to Visit proposed, the homeowner's confirmation to Visit scheduled, a cancellation
 * back to Contacted, and each is written to the lead's history. The visit's rows and emails are this
 * folder's; the lead's status and history change only through the lead record's API, inside the
 * visit's transaction. The caller nudges the mail worker afterwards.
 */
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import type { Kysely } from "kysely";
import { findByLinkToken, SPENT_LINK } from "~/infra/link-token.server";
import type { Database } from "~/infra/schema.server";
import { leadForChange, moveStatus, recordEvent } from "~/leads/record/changes.server";
import { isLeadId } from "~/leads/record/queries.server";
import { formatWindow } from "~/time/business-time";
import {
  claimWindow,
  endOpenVisit,
  HOMEOWNER_ACTOR,
  offerWindows,
  queueInvitations,
  type LinkState,
} from "./visits.server";
import type { ProposedWindow } from "./windows";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export type VisitChange = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

const GONE: VisitChange = { ok: false, status: 404, error: "This lead no longer exists." };

/** Offers the homeowner these windows, replacing any visit offered or booked before. */
export async function proposeVisit(
  db: Db,
  leadId: string,
  windows: readonly ProposedWindow[],
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<VisitChange> {
  if (windows.length === 0) return { ok: false, status: 400, error: "Give at least one time." };
  if (!isLeadId(leadId)) return GONE;
  return deskChange(db, actor, now, async ({ trx }): Promise<VisitChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    await endOpenVisit(trx, lead, "replaced", context, now);
    await offerWindows(trx, lead, windows, actor.email, context, now);
    await moveStatus(trx, lead, "visit-proposed", actor.email, now);
    const times = windows.map((w) => formatWindow(w.startsAt, w.endsAt)).join("; ");
    await recordEvent(trx, lead.id, actor.email, "visit", `Visit proposed: ${times}`, now);
    return { ok: true };
  });
}

/** Calls off the lead's visit, offered or booked; the lead goes back to Contacted. */
export async function cancelVisit(
  db: Db,
  leadId: string,
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<VisitChange> {
  if (!isLeadId(leadId)) return GONE;
  return deskChange(db, actor, now, async ({ trx }): Promise<VisitChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    if (!(await endOpenVisit(trx, lead, "cancelled", context, now)))
      return { ok: false, status: 409, error: "There is no visit to cancel." };
    if (lead.status === "visit-proposed" || lead.status === "visit-scheduled")
      await moveStatus(trx, lead, "contacted", actor.email, now);
    await recordEvent(trx, lead.id, actor.email, "visit", "Visit cancelled", now);
    return { ok: true };
  });
}

/** The homeowner confirms the window behind `token`: the others are released, the lead is scheduled. */
export async function confirmVisit(
  db: Db,
  token: unknown,
  context: MailContext,
  now: Date = new Date(),
): Promise<LinkState> {
  // Refused before a transaction is opened: a guessed token costs a string check, not a lock;
  // inside it, the window's own lookup claims it.
  const outcome = await findByLinkToken(token, (tokenHash) =>
    inTransaction(db, async (trx): Promise<LinkState> => {
      const claim = await claimWindow(trx, tokenHash, now);
      if (!claim.claimed) return claim.link;
      const lead = await leadForChange(trx, claim.leadId);
      if (!lead) return SPENT_LINK;
      const { startsAt, endsAt } = claim.visit;
      await moveStatus(trx, lead, "visit-scheduled", HOMEOWNER_ACTOR, now);
      await recordEvent(
        trx,
        lead.id,
        HOMEOWNER_ACTOR,
        "visit",
        `Visit confirmed: ${formatWindow(startsAt, endsAt)}`,
        now,
      );
      await queueInvitations(trx, lead, claim.visit, context, now);
      return { state: "confirmed", startsAt, endsAt };
    }),
  );
  return outcome.state === "found" ? outcome.record : outcome;
}
