/**
 * The homeowner accepts the plan behind their link. In one transaction: the typed name and the
 * consent are checked; the accepted plan is made again from the terms it was sent with and its
 * SHA-256 recorded; the signed copy adds the acceptance record; the plan is claimed with one
 * conditional update, so of two presses exactly one wins; the season's visits are scheduled; both
 * sides are mailed both files; the lead is Won and the owners' devices are told.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hiddenCharacterError } from "~/forms/plain-text";
import { findByLinkToken, UNKNOWN_LINK } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { inTransaction } from "~/infra/transaction.server";
import { leadForChange, moveStatus, recordEvent } from "~/leads/record/changes.server";
import { ownerInboxes } from "~/owner/owners.server";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import type { MailContext } from "~/settings/env.server";
import { dayOf, formatDateTimeWithZone } from "~/time/business-time";
import { planFileName, planPdf, parseWatchTerms } from "./plan-files.server";
import { firstVisitFrom } from "./send-watch-plan.server";
import { planAcceptedEmails } from "./watch-emails.server";
import { planByTokenHash, stateOfPlan, type WatchLinkState } from "./watch-link.server";
import { visitDays } from "./watch-rules";

type Db = Kysely<Database>;

export interface PlanAcceptance {
  /** As typed in 'Type your full name to sign'. */
  name: string;
  consent: boolean;
  ip: string | null;
  userAgent: string | null;
}

export type PlanAcceptOutcome = { accepted: boolean; state: WatchLinkState; error?: string };

export const NAME_MAX = 120;

function checkAcceptance(acceptance: PlanAcceptance): { ok: true; name: string } | { ok: false; error: string } {
  const name = acceptance.name.trim().replace(/[ \t]+/g, " ");
  const hidden = hiddenCharacterError(name, "The name you typed");
  if (hidden) return { ok: false, error: hidden };
  if (name.length < 2 || name.length > NAME_MAX) return { ok: false, error: "Type your full name to sign." };
  if (!acceptance.consent)
    return { ok: false, error: "Tick the box to agree to sign and receive this plan electronically." };
  return { ok: true, name };
}

export async function acceptPlan(
  db: Db,
  token: unknown,
  acceptance: PlanAcceptance,
  context: MailContext,
  now: Date = new Date(),
): Promise<PlanAcceptOutcome> {
  // Refused before a transaction is opened: a guessed token costs a string check, not a lock.
  const outcome = await findByLinkToken(token, (tokenHash, token) =>
    acceptHeld(db, tokenHash, token, acceptance, context, now),
  );
  return outcome.state === "found" ? outcome.record : { accepted: false, state: outcome };
}

async function acceptHeld(
  db: Db,
  tokenHash: string,
  token: string,
  acceptance: PlanAcceptance,
  context: MailContext,
  now: Date,
): Promise<PlanAcceptOutcome | undefined> {
  return inTransaction(db, async (trx): Promise<PlanAcceptOutcome | undefined> => {
    const plan = await planByTokenHash(trx, tokenHash);
    if (!plan) return undefined;
    const lead = await leadForChange(trx, plan.lead_id);
    if (!lead) return { accepted: false, state: UNKNOWN_LINK };
    const before = await stateOfPlan(trx, plan, token, now);
    if (plan.status !== "sent" || !plan.terms || !plan.sent_at) return { accepted: false, state: before };
    const checked = checkAcceptance(acceptance);
    if (!checked.ok) return { accepted: false, state: before, error: checked.error };
    const terms = parseWatchTerms(plan.terms);
    const sentAt = new Date(plan.sent_at);
    const days = visitDays(terms.plan, firstVisitFrom(dayOf(now)));
    const [firstVisit] = days;
    if (!firstVisit)
      return {
        accepted: false,
        state: before,
        error: "This plan's season has no visit left. Call or reply to our email for a plan for next season.",
      };

    const acceptedFile = planFileName("accepted");
    const acceptedDoc = await storeDocument(
      trx,
      {
        fileName: acceptedFile,
        contentType: "application/pdf",
        data: await planPdf(plan.id, terms, sentAt),
        leadId: lead.id,
      },
      now,
    );
    const record = [
      `Accepted by: ${checked.name} (typed as the signature)`,
      `Email the plan was sent to: ${plan.email}`,
      `Accepted at: ${formatDateTimeWithZone(now)} (${now.toISOString()})`,
      `From IP address: ${acceptance.ip ?? "unknown"}`,
      `Browser: ${(acceptance.userAgent ?? "unknown").slice(0, 300)}`,
      "Agreed to sign and receive the plan electronically: yes",
      `Visits scheduled: ${days.length}, the first on ${firstVisit}`,
      `SHA-256 of ${acceptedFile}, the plan accepted, attached to the email confirming this acceptance: ${acceptedDoc.sha256}`,
    ];
    const signedFile = planFileName("signed");
    const signedDoc = await storeDocument(
      trx,
      {
        fileName: signedFile,
        contentType: "application/pdf",
        data: await planPdf(plan.id, terms, sentAt, record),
        leadId: lead.id,
      },
      now,
    );
    const claimed = await trx
      .updateTable("watch_plans")
      .set({
        status: "accepted",
        accepted_at: timestamp(now),
        accepted_name: checked.name,
        accepted_ip: acceptance.ip,
        accepted_user_agent: acceptance.userAgent?.slice(0, 500) ?? null,
        accepted_sha256: acceptedDoc.sha256,
        accepted_document_id: acceptedDoc.id,
        signed_document_id: signedDoc.id,
        updated_at: timestamp(now),
      })
      .where("id", "=", plan.id)
      .where("status", "=", "sent")
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      // Another press won; the documents made for this one are not kept.
      await trx.deleteFrom("stored_documents").where("id", "in", [acceptedDoc.id, signedDoc.id]).execute();
      const again = await planByTokenHash(trx, tokenHash);
      return { accepted: false, state: again ? await stateOfPlan(trx, again, token, now) : UNKNOWN_LINK };
    }
    for (const day of days)
      await trx
        .insertInto("watch_visits")
        .values({
          id: randomUUID(),
          plan_id: plan.id,
          day,
          kind: "regular",
          status: "scheduled",
          created_at: timestamp(now),
        })
        .execute();

    const pdf = (documentId: string, fileName: string) => ({ documentId, fileName, contentType: "application/pdf" });
    const owners = await ownerInboxes(trx, context.leadsTo);
    for (const mail of planAcceptedEmails(
      { leadId: lead.id, name: terms.plan.name, email: terms.plan.email },
      token,
      owners,
      { accepted: pdf(acceptedDoc.id, acceptedFile), signed: pdf(signedDoc.id, signedFile) },
      firstVisit,
      context,
    ))
      await enqueueMail(trx, mail, now);
    await moveStatus(trx, lead, "won", HOMEOWNER, now);
    await recordEvent(trx, lead.id, HOMEOWNER, "quote", `Home watch plan accepted and signed by ${checked.name}`, now);
    await enqueuePush(
      trx,
      "watch-push",
      {
        title: `Home watch accepted: ${terms.plan.name}`.slice(0, 80),
        body: `${days.length} visits scheduled, the first on ${firstVisit}.`,
        url: `/owner/watch/${plan.id}`,
        tag: `watch-${plan.id}`,
      },
      lead.id,
      now,
    );
    const after = await planByTokenHash(trx, tokenHash);
    return { accepted: true, state: after ? await stateOfPlan(trx, after, token, now) : UNKNOWN_LINK };
  });
}
