/**
 * The homeowner's link to a version: finding the version by its token (only the token's hash is
 * stored, one per version) and what the link shows in each state. Everything shown is made from
 * the version and the terms it was sent with, never from the Site page as it is now. Opening a
 * link (GET) reads and changes nothing.
 */
import type { Kysely } from "kysely";
import { findByLinkToken, hashToken, UNKNOWN_LINK } from "~/infra/link-token.server";
import { toDate, type Database } from "~/infra/schema.server";
import { leadForChange } from "~/leads/record/changes.server";
import { dayOf } from "~/time/business-time";
import { parseTerms } from "~/paperwork/contract-terms";
import { forwardKeyOf, openForward } from "./forward-link.server";
import { parseContent, type QuoteContent } from "./quote-content";
import type { PaperDocument } from "~/paperwork/document";
import { documentOf, type SentVersion } from "./quote-files.server";

type Db = Kysely<Database>;

export interface QuoteView {
  version: number;
  document: PaperDocument;
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
  /** No such link: a quote replaced, expired or cancelled has a page of its own. */
  | typeof UNKNOWN_LINK;

/** The version a token opens, read again by a caller that already holds the token. */
export async function versionByToken(db: Db, token: string) {
  return versionByHash(db, hashToken(token));
}

async function versionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("quote_versions as q")
    .innerJoin("leads as l", "l.id", "q.lead_id")
    .selectAll("q")
    .select(["l.name", "l.email", "l.address", "l.quarantined_at"])
    .where("q.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export type VersionRow = NonNullable<Awaited<ReturnType<typeof versionByToken>>>;

/**
 * The version behind `token` with its lead, the lead held by the transaction (`leadForChange`) and
 * the version read again under the hold: a newer version sent meanwhile has replaced it by then.
 * Undefined for no such version, or a lead that is gone or held as spam.
 */
export async function heldVersion(trx: Db, tokenHash: string) {
  const found = await versionByHash(trx, tokenHash);
  if (!found) return undefined;
  const lead = await leadForChange(trx, found.lead_id);
  if (!lead) return undefined;
  return { lead, row: (await versionByHash(trx, tokenHash)) ?? found };
}

/** The version as its documents are made; undefined for a draft, which has no terms. */
export function sentVersionOf(row: VersionRow): SentVersion | undefined {
  if (row.terms === null) return undefined;
  return {
    leadId: row.lead_id,
    version: row.version,
    sentAt: toDate(row.sent_at ?? row.created_at),
    content: parseContent(row.content),
    terms: parseTerms(row.terms),
    homeowner: { name: row.name, address: row.address, email: row.email },
  };
}

export function chosenOf(row: { accepted_items: string | null }): Set<number> {
  return new Set(row.accepted_items ? (JSON.parse(row.accepted_items) as number[]) : []);
}

function viewOf(row: VersionRow, sent: SentVersion, chosen: ReadonlySet<number>): QuoteView {
  return {
    version: row.version,
    content: sent.content,
    validUntil: row.valid_until ?? sent.content.validUntil,
    leadName: row.name,
    document: documentOf(sent, chosen),
  };
}

/** True once the day after `validUntil` has begun in New Jersey. */
export function isExpired(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && dayOf(now) > validUntil;
}

export function stateOf(row: VersionRow, token: string, now: Date): QuoteLinkState {
  const sent = sentVersionOf(row);
  if (row.quarantined_at !== null || !sent) return UNKNOWN_LINK;
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
      view: viewOf(row, sent, chosenOf(row)),
      acceptedAt: toDate(row.accepted_at ?? now),
      acceptedName: row.accepted_name ?? "",
      totalCents: row.accepted_total_cents ?? 0,
      cancelUntil,
      canCancel: now < cancelUntil,
      sha256: row.accepted_sha256 ?? "",
    };
  }
  if (row.status !== "sent") return UNKNOWN_LINK;
  if (isExpired(row.valid_until, now)) return { state: "expired", version: row.version };
  return { state: "open", view: viewOf(row, sent, new Set()) };
}

/** What the link shows. Reads only. */
export async function quoteLink(db: Db, token: unknown, now: Date = new Date()): Promise<QuoteLinkState> {
  const link = await findByLinkToken(token, (tokenHash) => versionByHash(db, tokenHash));
  return link.state === "found" ? stateOf(link.record, link.token, now) : link;
}

/**
 * The accepted contract's link follows its job's: when the job's link is replaced, the contract
 * (and, while it lasts, 'Cancel this contract'; once cancelled, the cancellation) opens at the new
 * link, and no longer at the old.
 * Call in the transaction that replaces the job's link.
 */
export async function moveAcceptedQuoteLink(trx: Db, versionId: string, token: string): Promise<void> {
  await trx
    .updateTable("quote_versions")
    .set({ token_hash: hashToken(token), forward_key: forwardKeyOf(token) })
    .where("id", "=", versionId)
    // A contract cancelled with its job moves too: its page at the old link would otherwise go on
    // showing the cancellation after the owner ended that link.
    .where("status", "in", ["accepted", "cancelled"])
    .execute();
}
