/**
 * What a quote does to its lead, in one transaction with the quote itself: sending moves the lead
 * to Quoted, the homeowner's acceptance to Won (and pushes to the owners), a cancellation within
 * the three business days to Lost, cancelled by the homeowner (pushed too); each is written to the
 * lead's history. The quote's own rows, documents and emails are `quotes/quotes.server.ts`'s; the
 * caller nudges the mail worker afterwards.
 */
import type { Kysely } from "kysely";
import { enqueuePush } from "~/infra/push-outbox.server";
import type { Database } from "~/infra/schema.server";
import { recordAudit } from "~/owner/audit.server";
import { factsPresence, readContractFacts } from "~/quotes/contract-facts.server";
import { formatCents } from "~/quotes/money";
import { missingForSending, type QuoteContent } from "~/quotes/quote-content";
import type { QuoteMailContext } from "~/quotes/quote-emails.server";
import {
  claimAcceptance,
  claimCancellation,
  HOMEOWNER,
  isQuoteToken,
  ownerAddresses,
  saveDraft,
  sendDraft,
  type Acceptance,
  type AcceptOutcome,
  type CancelOutcome,
} from "~/quotes/quotes.server";
import type { ClosedDays } from "~/time/business-time";
import { dayOf } from "~/time/business-time";
import { leadForChange, moveStatus, recordEvent } from "./changes.server";
import { isLeadId } from "./queries.server";

type Db = Kysely<Database>;

export type QuoteChange =
  { ok: true; version: number } | { ok: false; status: 400 | 404 | 409; error: string; missing?: string[] };

const GONE: QuoteChange = { ok: false, status: 404, error: "This lead no longer exists." };

export async function saveQuoteDraft(
  db: Db,
  leadId: string,
  content: QuoteContent,
  actor: string,
  now: Date = new Date(),
): Promise<QuoteChange> {
  if (!isLeadId(leadId)) return GONE;
  return db.transaction().execute(async (trx): Promise<QuoteChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    const saved = await saveDraft(trx, lead.id, content, actor, now);
    if (!saved.ok) return saved;
    return { ok: true, version: saved.version };
  });
}

/**
 * Saves the content and sends it, unless something the law requires is missing: then nothing is
 * sent, the draft keeps what was typed, and every missing item is named.
 */
export async function sendQuote(
  db: Db,
  leadId: string,
  content: QuoteContent,
  actor: { email: string; client: string | null },
  context: QuoteMailContext,
  now: Date = new Date(),
): Promise<QuoteChange> {
  if (!isLeadId(leadId)) return GONE;
  return db.transaction().execute(async (trx): Promise<QuoteChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return GONE;
    const saved = await saveDraft(trx, lead.id, content, actor.email, now);
    if (!saved.ok) return saved;
    const missing = missingForSending(content, factsPresence(await readContractFacts(trx)), dayOf(now));
    if (missing.length > 0)
      return { ok: false, status: 400, error: "Not sent: the quote is missing what the law requires.", missing };
    const sent = await sendDraft(trx, lead, saved.id, actor.email, context, now);
    if (!sent.ok) return sent;
    await moveStatus(trx, lead, "quoted", actor.email, now);
    await recordEvent(trx, lead.id, actor.email, "quote", `Quote version ${sent.version} sent`, now);
    await recordAudit(
      trx,
      { actor: actor.email, action: "quote-sent", detail: `version ${sent.version}`, client: actor.client },
      now,
    );
    return { ok: true, version: sent.version };
  });
}

/** The homeowner accepts the quote behind `token`: the lead is Won and the owners are told. */
export async function acceptQuote(
  db: Db,
  token: unknown,
  acceptance: Acceptance,
  closed: ClosedDays,
  context: QuoteMailContext,
  now: Date = new Date(),
): Promise<AcceptOutcome> {
  // Refused before a transaction is opened: a guessed token costs a string check, not a lock.
  if (!isQuoteToken(token)) return { accepted: false, state: { state: "gone" } };
  return db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
    const owners = await ownerAddresses(trx, context.leadsTo);
    const outcome = await claimAcceptance(trx, token, acceptance, closed, owners, context, now);
    if (!outcome.accepted) return outcome;
    const lead = await leadForChange(trx, outcome.leadId);
    if (!lead) return { accepted: false, state: { state: "gone" } };
    await moveStatus(trx, lead, "won", HOMEOWNER, now);
    const total = outcome.state.state === "accepted" ? formatCents(outcome.state.totalCents) : "";
    await recordEvent(
      trx,
      lead.id,
      HOMEOWNER,
      "quote",
      `Quote accepted and signed by ${outcome.state.state === "accepted" ? outcome.state.acceptedName : "the homeowner"} (${total})`,
      now,
    );
    await enqueuePush(
      trx,
      "quote-push",
      {
        title: `Quote accepted: ${lead.name}`.slice(0, 80),
        body: `Signed for ${total}. Right to cancel for 3 business days.`,
        url: `/owner/leads/${lead.id}`,
        tag: `quote-${lead.id}`,
      },
      lead.id,
      now,
    );
    return outcome;
  });
}

/** The homeowner cancels within the three business days: the lead is Lost, cancelled by the homeowner. */
export async function cancelQuoteContract(
  db: Db,
  token: unknown,
  context: QuoteMailContext,
  now: Date = new Date(),
): Promise<CancelOutcome> {
  if (!isQuoteToken(token)) return { cancelled: false, state: { state: "gone" } };
  return db.transaction().execute(async (trx): Promise<CancelOutcome> => {
    const owners = await ownerAddresses(trx, context.leadsTo);
    const outcome = await claimCancellation(trx, token, owners, context, now);
    if (!outcome.cancelled) return outcome;
    const lead = await leadForChange(trx, outcome.leadId);
    if (!lead) return outcome;
    await moveStatus(trx, lead, "lost", HOMEOWNER, now, "cancelled");
    await recordEvent(trx, lead.id, HOMEOWNER, "quote", "Contract cancelled by the homeowner", now);
    await enqueuePush(
      trx,
      "quote-push",
      {
        title: `Contract cancelled: ${lead.name}`.slice(0, 80),
        body: "The homeowner cancelled within the three business days.",
        url: `/owner/leads/${lead.id}`,
        tag: `quote-${lead.id}`,
      },
      lead.id,
      now,
    );
    return outcome;
  });
}
