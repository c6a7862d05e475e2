/**
 * The owner sends the plan. Refused, with the field to correct, when the plan is not complete
 * (a price, a season that has days left, at least one visit); else, in one transaction: the terms
 * are copied onto the plan, its PDF made, a new link given (one sent before stops opening it), the
 * homeowner mailed, and the lead moved to Quoted.
 */
import type { Kysely } from "kysely";
import { currentFacts } from "~/facts/facts-source.server";
import { isId } from "~/forms/ids";
import type { ChangeOutcome } from "~/forms/change-answer";
import { hashToken, randomToken } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { sealWithServerKey } from "~/infra/seal.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { leadForChange, moveStatus, recordEvent } from "~/leads/record/changes.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { contractorOf } from "~/paperwork/contract-terms";
import type { MailContext } from "~/settings/env.server";
import { addDays, dayOf } from "~/time/business-time";
import { parseChecklist } from "./checklist";
import type { WatchTerms } from "./plan-document";
import { planFileName, planPdf } from "./plan-files.server";
import { planSentEmail } from "./watch-emails.server";
import { formValues } from "./watch-plans.server";
import { checkPlan, termsOf, visitDays } from "./watch-rules";

type Db = Kysely<Database>;

/** Visits start the day after acceptance at the earliest: a plan sent today is first visited tomorrow. */
export const firstVisitFrom = (today: string) => addDays(today, 1);

export async function sendPlan(
  db: Db,
  id: string,
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<ChangeOutcome> {
  if (!isId(id)) return { ok: false, status: 404, errors: { form: "This plan is gone." } };
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<ChangeOutcome> => {
    const row = await trx.selectFrom("watch_plans").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, status: 404, errors: { form: "This plan is gone." } };
    if (row.status === "accepted" || row.status === "ended")
      return { ok: false, status: 409, errors: { form: "This plan was accepted or has ended: it is not sent again." } };
    const values = formValues(row);
    const errors = checkPlan(values);
    if (Object.keys(errors).length > 0)
      return {
        ok: false,
        status: 400,
        errors: { form: "Not sent: complete the fields marked below and save.", ...errors },
      };
    const plan = termsOf(values);
    const days = visitDays(plan, firstVisitFrom(dayOf(now)));
    const [firstVisit] = days;
    if (!firstVisit)
      return {
        ok: false,
        status: 400,
        errors: {
          form: "Not sent: no visit day is left in this season.",
          seasonEnd: "Move the season's last day later.",
        },
      };
    const lead = await leadForChange(trx, row.lead_id);
    if (!lead) return { ok: false, status: 404, errors: { form: "The request this plan was made from is gone." } };

    const terms: WatchTerms = {
      contractor: contractorOf(currentFacts()),
      plan,
      checklist: parseChecklist(row.checklist),
      visitCount: days.length,
      firstVisit,
      sentDay: dayOf(now),
    };
    const fileName = planFileName("sent");
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: await planPdf(id, terms, now), leadId: row.lead_id },
      now,
    );
    const token = randomToken();
    await trx
      .updateTable("watch_plans")
      .set({
        status: "sent",
        terms: JSON.stringify(terms),
        sent_at: timestamp(now),
        token_hash: hashToken(token),
        link_sealed: sealWithServerKey("watch-link", token),
        document_id: stored.id,
        updated_at: timestamp(now),
      })
      .where("id", "=", id)
      .execute();
    await enqueueMail(
      trx,
      planSentEmail(
        { leadId: row.lead_id, name: plan.name, email: plan.email },
        token,
        firstVisit,
        { documentId: stored.id, fileName, contentType: "application/pdf" },
        context,
      ),
      now,
    );
    await moveStatus(trx, lead, "quoted", actor.email, now);
    await recordEvent(trx, row.lead_id, actor.email, "quote", "Home watch plan sent", now);
    await audit("watch-plan-sent", `plan ${id.slice(0, 8)}`);
    return { ok: true };
  });
}
