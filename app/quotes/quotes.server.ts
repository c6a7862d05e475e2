/**
 * A lead's quote in the database: drafts, sent versions, the homeowner's link, acceptance and
 * cancellation. What each does to the lead (Quoted, Won, Lost) is the lead record's:
 * `leads/record/quote-changes.server.ts` runs each change in one transaction with these functions.
 *
 * A link's token is stored only as its hash, one token per version. Accepting and cancelling each
 * claim the version with one conditional update (`status = 'sent'` and still valid; `status =
 * 'accepted'` and before the deadline), so of two presses at once exactly one wins. Opening a link
 * (GET) reads and changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { hashToken, randomToken } from "~/owner/tokens.server";
import { dayOf, formatDateTimeWithZone, type ClosedDays } from "~/time/business-time";
import { closedDaysBetween } from "~/closed-days/closed-days.server";
import { addDays } from "~/time/business-time";
import { cancelDeadline } from "./business-days";
import { certificateBytes, readContractFacts, type ContractFacts } from "./contract-facts.server";
import { forwardKeyOf, openForward, sealForward } from "./forward-link.server";
import { formatCents } from "./money";
import { parseContent, totalsOf, type QuoteContent } from "./quote-content";
import { quoteDocument, type QuoteDocument } from "./quote-document";
import {
  acceptedEmails,
  cancelledEmails,
  quoteSentEmail,
  type QuoteLead,
  type QuoteMailContext,
} from "./quote-emails.server";
import { renderQuotePdf } from "./quote-pdf.server";

type Db = Kysely<Database>;

export const HOMEOWNER = "the homeowner";

/** A token as `randomToken` writes it: 32 bytes in base64url. Anything else is not looked up. */
export function isQuoteToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export interface QuoteLeadRow extends QuoteLead {
  address: string;
}

/** The lead's latest version, whatever its state: what the editor opens. */
export async function latestVersion(db: Db, leadId: string) {
  return db
    .selectFrom("quote_versions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("version", "desc")
    .executeTakeFirst();
}

export interface VersionSummary {
  version: number;
  status: string;
  sentAt: Date | null;
  validUntil: string | null;
  remind: boolean;
  remindedAt: Date | null;
  acceptedAt: Date | null;
  acceptedName: string | null;
  acceptedTotalCents: number | null;
  acceptedSha256: string | null;
  cancelUntil: Date | null;
  cancelledAt: Date | null;
}

export async function versionsOfLead(db: Db, leadId: string): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom("quote_versions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("version", "desc")
    .execute();
  const at = (value: Date | string | null) => (value === null ? null : toDate(value));
  return rows.map((row) => ({
    version: row.version,
    status: row.status,
    sentAt: at(row.sent_at),
    validUntil: row.valid_until,
    remind: row.remind === 1,
    remindedAt: at(row.reminded_at),
    acceptedAt: at(row.accepted_at),
    acceptedName: row.accepted_name,
    acceptedTotalCents: row.accepted_total_cents,
    acceptedSha256: row.accepted_sha256,
    cancelUntil: at(row.cancel_until),
    cancelledAt: at(row.cancelled_at),
  }));
}

export type EditRefusal = { ok: false; status: 409; error: string };

/** A quote accepted (and not cancelled) is a contract: a change to it is a new contract, not an edit. */
async function refuseWhenAccepted(trx: Db, leadId: string): Promise<EditRefusal | undefined> {
  const accepted = await trx
    .selectFrom("quote_versions")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  return accepted
    ? { ok: false, status: 409, error: "This quote was accepted: it is a contract now, and is not edited here." }
    : undefined;
}

/** Writes the content into the lead's draft, starting a new version after one was sent. Returns its id. */
export async function saveDraft(
  trx: Db,
  leadId: string,
  content: QuoteContent,
  actor: string,
  now: Date,
): Promise<{ ok: true; id: string; version: number } | EditRefusal> {
  const refused = await refuseWhenAccepted(trx, leadId);
  if (refused) return refused;
  const latest = await latestVersion(trx, leadId);
  if (latest?.status === "draft") {
    await trx
      .updateTable("quote_versions")
      .set({ content: JSON.stringify(content), updated_at: timestamp(now), valid_until: content.validUntil || null })
      .where("id", "=", latest.id)
      .where("status", "=", "draft")
      .execute();
    return { ok: true, id: latest.id, version: latest.version };
  }
  const id = randomUUID();
  const version = (latest?.version ?? 0) + 1;
  await trx
    .insertInto("quote_versions")
    .values({
      id,
      lead_id: leadId,
      version,
      status: "draft",
      content: JSON.stringify(content),
      created_by: actor,
      created_at: timestamp(now),
      updated_at: timestamp(now),
      valid_until: content.validUntil || null,
    })
    .execute();
  return { ok: true, id, version };
}

async function renderFor(
  trx: Db,
  input: {
    lead: QuoteLeadRow;
    version: number;
    sentAt: Date;
    sentBy: string;
    content: QuoteContent;
    chosen: ReadonlySet<number>;
  },
  facts: ContractFacts,
  audit?: string[],
): Promise<{ document: QuoteDocument; pdf: Uint8Array }> {
  const document = quoteDocument({
    leadReference: input.lead.id,
    version: input.version,
    sentDay: dayOf(input.sentAt),
    sentBy: input.sentBy,
    content: input.content,
    facts,
    homeowner: { name: input.lead.name, address: input.lead.address, email: input.lead.email },
    chosen: input.chosen,
  });
  const pdf = await renderQuotePdf(document, {
    madeAt: input.sentAt,
    certificate: await certificateBytes(trx, facts),
    audit: audit ? { lines: audit } : undefined,
  });
  return { document, pdf };
}

const pdfName = (version: number, suffix = "") => `quote-v${version}${suffix}.pdf`;

/**
 * Sends the draft (after `saveDraft` wrote the content being sent): a token, the PDF, the email;
 * the version sent before is marked replaced and its link sealed to lead to this one. The caller
 * has checked that nothing required is missing.
 */
export async function sendDraft(
  trx: Db,
  lead: QuoteLeadRow,
  draftId: string,
  actor: string,
  context: QuoteMailContext,
  now: Date,
): Promise<{ ok: true; version: number } | { ok: false; status: 409; error: string }> {
  const draft = await trx.selectFrom("quote_versions").selectAll().where("id", "=", draftId).executeTakeFirstOrThrow();
  const facts = await readContractFacts(trx);
  if (!facts) return { ok: false, status: 409, error: "Enter the contract facts on the Site page first." };
  const content = parseContent(draft.content);
  const token = randomToken();
  const { pdf } = await renderFor(
    trx,
    { lead, version: draft.version, sentAt: now, sentBy: actor, content, chosen: new Set() },
    facts,
  );
  const stored = await storeDocument(
    trx,
    { fileName: pdfName(draft.version), contentType: "application/pdf", data: pdf, leadId: lead.id },
    now,
  );
  const sent = await trx
    .updateTable("quote_versions")
    .set({
      status: "sent",
      sent_at: timestamp(now),
      updated_at: timestamp(now),
      token_hash: hashToken(token),
      forward_key: forwardKeyOf(token),
      document_id: stored.id,
      created_by: actor,
    })
    .where("id", "=", draft.id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(sent.numUpdatedRows) === 0) return { ok: false, status: 409, error: "This draft was sent meanwhile." };
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
      { documentId: stored.id, fileName: pdfName(draft.version), contentType: "application/pdf" },
      context,
    ),
    now,
  );
  return { ok: true, version: draft.version };
}

/** Switches the one reminder of the lead's sent version on or off. */
export async function setReminder(db: Db, leadId: string, on: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("quote_versions")
    .set({ remind: on ? 1 : 0, updated_at: timestamp(now) })
    .where("lead_id", "=", leadId)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// The homeowner's link

export interface QuoteView {
  version: number;
  document: QuoteDocument;
  content: QuoteContent;
  validUntil: string;
  leadName: string;
}

export type QuoteLinkState =
  | { state: "open"; view: QuoteView }
  | { state: "expired"; version: number }
  | { state: "replaced"; version: number; next: string | undefined }
  | {
      state: "accepted";
      view: QuoteView;
      acceptedAt: Date;
      acceptedName: string;
      totalCents: number;
      cancelUntil: Date;
      canCancel: boolean;
      sha256: string;
    }
  | { state: "cancelled"; version: number; cancelledAt: Date }
  /** 404: no such link. */
  | { state: "gone" };

const GONE = { state: "gone" } as const;

async function versionByToken(db: Db, token: string) {
  return db
    .selectFrom("quote_versions as q")
    .innerJoin("leads as l", "l.id", "q.lead_id")
    .selectAll("q")
    .select(["l.name", "l.email", "l.address", "l.quarantined_at"])
    .where("q.token_hash", "=", hashToken(token))
    .executeTakeFirst();
}

type VersionRow = NonNullable<Awaited<ReturnType<typeof versionByToken>>>;

function chosenOf(row: { accepted_items: string | null }): Set<number> {
  return new Set(row.accepted_items ? (JSON.parse(row.accepted_items) as number[]) : []);
}

function viewOf(row: VersionRow, facts: ContractFacts, chosen: ReadonlySet<number>): QuoteView {
  const content = parseContent(row.content);
  return {
    version: row.version,
    content,
    validUntil: row.valid_until ?? content.validUntil,
    leadName: row.name,
    document: quoteDocument({
      leadReference: row.lead_id,
      version: row.version,
      sentDay: dayOf(toDate(row.sent_at ?? row.created_at)),
      sentBy: row.created_by,
      content,
      facts,
      homeowner: { name: row.name, address: row.address, email: row.email },
      chosen,
    }),
  };
}

/** True once the day after `validUntil` has begun in New Jersey. */
export function isExpired(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && dayOf(now) > validUntil;
}

function stateOf(row: VersionRow, facts: ContractFacts | undefined, token: string, now: Date): QuoteLinkState {
  if (row.quarantined_at !== null || !facts) return GONE;
  if (row.status === "replaced")
    return {
      state: "replaced",
      version: row.version,
      next: row.forward_sealed ? openForward(token, row.forward_sealed) : undefined,
    };
  if (row.status === "cancelled")
    return { state: "cancelled", version: row.version, cancelledAt: toDate(row.cancelled_at ?? now) };
  if (row.status === "accepted") {
    const cancelUntil = toDate(row.cancel_until ?? now);
    return {
      state: "accepted",
      view: viewOf(row, facts, chosenOf(row)),
      acceptedAt: toDate(row.accepted_at ?? now),
      acceptedName: row.accepted_name ?? "",
      totalCents: row.accepted_total_cents ?? 0,
      cancelUntil,
      canCancel: now < cancelUntil,
      sha256: row.accepted_sha256 ?? "",
    };
  }
  if (row.status !== "sent") return GONE;
  if (isExpired(row.valid_until, now)) return { state: "expired", version: row.version };
  return { state: "open", view: viewOf(row, facts, new Set()) };
}

/** What the link shows. Reads only. */
export async function quoteLink(db: Db, token: unknown, now: Date = new Date()): Promise<QuoteLinkState> {
  if (!isQuoteToken(token)) return GONE;
  const row = await versionByToken(db, token);
  if (!row) return GONE;
  return stateOf(row, await readContractFacts(db), token, now);
}

export interface Acceptance {
  /** As typed in 'Type your full name to sign'. */
  name: string;
  consent: boolean;
  /** Positions of the optional items ticked. */
  chosen: number[];
  ip: string | null;
  userAgent: string | null;
}

export type AcceptOutcome =
  | { accepted: true; leadId: string; lead: QuoteLeadRow; state: QuoteLinkState }
  | { accepted: false; state: QuoteLinkState; error?: string };

export const NAME_MAX = 120;

/**
 * The homeowner accepts the version behind `token`: the chosen items are checked against the
 * version, the accepted document is made and its SHA-256 recorded, and the version is claimed
 * with one conditional update. The caller moves the lead and tells the owner.
 */
export async function claimAcceptance(
  trx: Db,
  token: string,
  acceptance: Acceptance,
  closed: ClosedDays,
  owners: readonly string[],
  context: QuoteMailContext,
  now: Date,
): Promise<AcceptOutcome> {
  const row = await versionByToken(trx, token);
  if (!row) return { accepted: false, state: GONE };
  const facts = await readContractFacts(trx);
  const state = stateOf(row, facts, token, now);
  if (state.state !== "open" || !facts) return { accepted: false, state };
  const content = parseContent(row.content);
  const name = acceptance.name.trim().replace(/\s+/g, " ");
  if (name.length < 2 || name.length > NAME_MAX)
    return { accepted: false, state, error: "Type your full name to sign." };
  if (!acceptance.consent)
    return { accepted: false, state, error: "Tick the box to agree to sign and receive this contract electronically." };
  const chosen = new Set<number>();
  for (const position of acceptance.chosen) {
    if (!Number.isInteger(position) || !content.items[position]?.optional)
      return { accepted: false, state, error: "Choose only from the optional items listed." };
    chosen.add(position);
  }
  const lead: QuoteLeadRow = { id: row.lead_id, name: row.name, email: row.email, address: row.address };
  const sentAt = toDate(row.sent_at ?? row.created_at);
  const base = { lead, version: row.version, sentAt, sentBy: row.created_by, content, chosen };
  const accepted = await renderFor(trx, base, facts);
  const acceptedDoc = await storeDocument(
    trx,
    {
      fileName: pdfName(row.version, "-accepted"),
      contentType: "application/pdf",
      data: accepted.pdf,
      leadId: lead.id,
    },
    now,
  );
  const totals = totalsOf(content, chosen);
  const cancelUntil = cancelDeadline(now, closed);
  const audit = [
    `Accepted by: ${name} (typed as the signature)`,
    `Email the quote was sent to: ${row.email}`,
    `Accepted at: ${formatDateTimeWithZone(now)} (${now.toISOString()})`,
    `From IP address: ${acceptance.ip ?? "unknown"}`,
    `Browser: ${(acceptance.userAgent ?? "unknown").slice(0, 300)}`,
    `Agreed to sign and receive the contract electronically: yes`,
    `Optional items chosen: ${[...chosen].map((p) => content.items[p]?.description ?? "").join("; ") || "none"}`,
    `Total accepted: ${formatCents(totals.totalCents)}`,
    `SHA-256 of the accepted document (the pages before the certificate and this page, as a PDF of its own): ${acceptedDoc.sha256}`,
    `Right to cancel until: ${formatDateTimeWithZone(new Date(cancelUntil.getTime() - 60_000))}`,
  ];
  const signed = await renderFor(trx, base, facts, audit);
  const signedDoc = await storeDocument(
    trx,
    { fileName: pdfName(row.version, "-signed"), contentType: "application/pdf", data: signed.pdf, leadId: lead.id },
    now,
  );
  const claimed = await trx
    .updateTable("quote_versions")
    .set({
      status: "accepted",
      updated_at: timestamp(now),
      accepted_at: timestamp(now),
      accepted_name: name,
      accepted_ip: acceptance.ip,
      accepted_user_agent: acceptance.userAgent?.slice(0, 500) ?? null,
      accepted_items: JSON.stringify([...chosen].sort((a, b) => a - b)),
      accepted_total_cents: totals.totalCents,
      accepted_sha256: acceptedDoc.sha256,
      accepted_document_id: acceptedDoc.id,
      signed_document_id: signedDoc.id,
      cancel_until: timestamp(cancelUntil),
    })
    .where("id", "=", row.id)
    .where("status", "=", "sent")
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">=", dayOf(now))]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    // Another press won; the documents made for this one are not kept.
    await trx.deleteFrom("stored_documents").where("id", "in", [acceptedDoc.id, signedDoc.id]).execute();
    const again = await versionByToken(trx, token);
    return { accepted: false, state: again ? stateOf(again, facts, token, now) : GONE };
  }
  const signedRef = {
    documentId: signedDoc.id,
    fileName: pdfName(row.version, "-signed"),
    contentType: "application/pdf",
  };
  for (const mail of acceptedEmails(lead, token, owners, signedRef, cancelUntil, context))
    await enqueueMail(trx, mail, now);
  const after = await versionByToken(trx, token);
  return { accepted: true, leadId: lead.id, lead, state: after ? stateOf(after, facts, token, now) : GONE };
}

export type CancelOutcome =
  | { cancelled: true; leadId: string; lead: QuoteLeadRow; state: QuoteLinkState }
  | { cancelled: false; state: QuoteLinkState; error?: string };

/** The homeowner cancels the accepted contract behind `token`, before its deadline. */
export async function claimCancellation(
  trx: Db,
  token: string,
  owners: readonly string[],
  context: QuoteMailContext,
  now: Date,
): Promise<CancelOutcome> {
  const row = await versionByToken(trx, token);
  if (!row) return { cancelled: false, state: GONE };
  const facts = await readContractFacts(trx);
  const result = await trx
    .updateTable("quote_versions")
    .set({ status: "cancelled", cancelled_at: timestamp(now), updated_at: timestamp(now) })
    .where("id", "=", row.id)
    .where("status", "=", "accepted")
    .where("cancel_until", ">", timestamp(now))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const state = stateOf(row, facts, token, now);
    return {
      cancelled: false,
      state,
      error:
        state.state === "accepted"
          ? "The time to cancel online has passed. Write to us or call if you need to talk about the contract."
          : undefined,
    };
  }
  const lead: QuoteLeadRow = { id: row.lead_id, name: row.name, email: row.email, address: row.address };
  for (const mail of cancelledEmails(lead, owners, now, context)) await enqueueMail(trx, mail, now);
  return {
    cancelled: true,
    leadId: row.lead_id,
    lead,
    state: { state: "cancelled", version: row.version, cancelledAt: now },
  };
}

/** The owners' addresses, or LEADS_TO before the first owner is added. */
export async function ownerAddresses(trx: Db, leadsTo: string): Promise<string[]> {
  const owners = await trx.selectFrom("owners").select("email").orderBy("email").execute();
  return owners.length > 0 ? owners.map((o) => o.email) : [leadsTo];
}

/** The closed days the quote clocks count: far enough back for a reminder, ahead for a cancellation. */
export async function closedDaysAround(db: Db, now: Date): Promise<Set<string>> {
  const today = dayOf(now);
  const closures = await closedDaysBetween(db, addDays(today, -60), addDays(today, 60));
  const closed = new Set<string>();
  for (const closure of closures)
    for (let day = closure.firstDay; day <= closure.lastDay; day = addDays(day, 1)) closed.add(day);
  return closed;
}
