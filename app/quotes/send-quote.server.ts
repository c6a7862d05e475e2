/**
 * The owner saves a quote's draft or sends it. Sending refuses a quote that lacks anything the law
 * requires (nothing is sent, the draft keeps what was typed, every missing item is named); else it
 * copies today's terms onto the version, makes its PDF, gives it a link, marks the version sent
 * before it replaced (its link sealed to lead here), emails the homeowner and moves the lead to
 * Quoted, in one transaction that holds the lead: an acceptance of the earlier version waits for
 * it, and then finds that version replaced.
 */
import type { Kysely } from "kysely";
import { hashToken, randomToken } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { leadForChange, moveStatus, recordEvent } from "~/leads/record/changes.server";
import { isLeadId } from "~/leads/record/queries.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { dayOf } from "~/time/business-time";
import { factsPresence, readContractFacts } from "./contract-facts.server";
import { contractorOf, contractTerms } from "~/paperwork/contract-terms";
import { currentFacts } from "~/facts/facts-source.server";
import { forwardKeyOf, sealForward } from "./forward-link.server";
import { missingForSending, parseContent, type QuoteContent } from "./quote-content";
import { quoteSentEmail } from "./quote-emails.server";
import { quoteFileName, quotePdf, type SentVersion } from "./quote-files.server";
import { saveDraft } from "./quote-versions.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export type QuoteChange =
  { ok: true; version: number } | { ok: false; status: 400 | 404 | 409; error: string; missing?: string[] };

const GONE: QuoteChange = { ok: false, status: 404, error: "This lead no longer exists." };

export async function saveQuoteDraft(
  db: Db,
  leadId: string,
  content: QuoteContent,
  actor: Actor,
  now: Date = new Date(),
): Promise<QuoteChange> {
  if (!isLeadId(leadId)) return GONE;
  return deskChange(db, actor, now, async ({ trx }): Promise<QuoteChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    const saved = await saveDraft(trx, lead.id, content, actor.email, now);
    if (!saved.ok) return saved;
    return { ok: true, version: saved.version };
  });
}

export async function sendQuote(
  db: Db,
  leadId: string,
  content: QuoteContent,
  actor: Actor,
  context: MailContext,
  now: Date = new Date(),
): Promise<QuoteChange> {
  if (!isLeadId(leadId)) return GONE;
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<QuoteChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    const saved = await saveDraft(trx, lead.id, content, actor.email, now);
    if (!saved.ok) return saved;
    const facts = await readContractFacts(trx);
    // One reading for the check and the copy: the version is sent with what was checked.
    const business = currentFacts();
    const missing = missingForSending(content, factsPresence(facts, business), dayOf(now));
    if (missing.length > 0 || !facts)
      return { ok: false, status: 400, error: "Not sent: the quote is missing what the law requires.", missing };

    const draft = await trx
      .selectFrom("quote_versions")
      .select(["id", "version", "content"])
      .where("id", "=", saved.id)
      .executeTakeFirstOrThrow();
    const terms = contractTerms(contractorOf(business), facts, facts.certificateDocumentId);
    const sent: SentVersion = {
      leadId: lead.id,
      version: draft.version,
      sentAt: now,
      content: parseContent(draft.content),
      terms,
      homeowner: { name: lead.name, address: lead.address, email: lead.email },
    };
    const fileName = quoteFileName(draft.version, "sent");
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: await quotePdf(trx, sent, new Set()), leadId: lead.id },
      now,
    );
    const token = randomToken();
    const marked = await trx
      .updateTable("quote_versions")
      .set({
        status: "sent",
        sent_at: timestamp(now),
        updated_at: timestamp(now),
        token_hash: hashToken(token),
        forward_key: forwardKeyOf(token),
        document_id: stored.id,
        terms: JSON.stringify(terms),
        created_by: actor.email,
      })
      .where("id", "=", draft.id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return { ok: false, status: 409, error: "This draft was sent meanwhile." };
    const earlier = await trx
      .selectFrom("quote_versions")
      .select(["id", "forward_key"])
      .where("lead_id", "=", lead.id)
      .where("status", "=", "sent")
      .where("id", "!=", draft.id)
      .execute();
    for (const old of earlier)
      await trx
        .updateTable("quote_versions")
        .set({
          status: "replaced",
          updated_at: timestamp(now),
          forward_sealed: old.forward_key ? sealForward(old.forward_key, token) : null,
        })
        .where("id", "=", old.id)
        .where("status", "=", "sent")
        .execute();
    await enqueueMail(
      trx,
      quoteSentEmail(
        lead,
        token,
        draft.version,
        content.validUntil,
        { documentId: stored.id, fileName, contentType: "application/pdf" },
        context,
      ),
      now,
    );
    await moveStatus(trx, lead, "quoted", actor.email, now);
    await recordEvent(trx, lead.id, actor.email, "quote", `Quote version ${draft.version} sent`, now);
    await audit("quote-sent", `version ${draft.version}`);
    return { ok: true, version: draft.version };
  });
}
