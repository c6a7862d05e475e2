/**
 * The homeowner accepts the version behind a link. In one transaction that holds the lead (so a
 * newer version being sent at that moment either finishes first, replacing this one, or waits):
 * the typed name, the consent and the optional items chosen are checked; the accepted contract is
 * made from the version's terms and its SHA-256 recorded; the signed copy adds the acceptance
 * record; the version is claimed with one conditional update, so of two presses exactly one wins;
 * both sides are mailed both files; the lead is Won and the owners' devices are told.
 */
import type { Kysely } from "kysely";
import { hiddenCharacterError } from "~/forms/plain-text";
import { findByLinkToken, UNKNOWN_LINK } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { moveStatus, recordEvent } from "~/leads/record/changes.server";
import { ownerInboxes } from "~/owner/owners.server";
import { dayOf, formatDateTimeWithZone, type ClosedDays } from "~/time/business-time";
import { cancelDeadline } from "~/paperwork/business-days";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import { formatCents } from "~/paperwork/money";
import { totalsOf } from "./quote-content";
import { acceptedEmails, type QuoteLead } from "./quote-emails.server";
import { acceptedPdf, quoteFileName, quotePdf, type SentVersion } from "./quote-files.server";
import {
  heldVersion,
  sentVersionOf,
  stateOf,
  versionByToken,
  type QuoteLinkState,
  type VersionRow,
} from "./quote-link.server";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

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
  | { accepted: true; leadId: string; state: QuoteLinkState }
  | { accepted: false; state: QuoteLinkState; error?: string };

export const NAME_MAX = 120;

/** The contract as accepted: what a feature that carries the work on needs to begin from it. */
export interface AcceptedContract {
  leadId: string;
  versionId: string;
  version: number;
  /** The homeowner's link, which keeps opening their contract (and what follows it). */
  token: string;
  totalCents: number;
  taxRateMilliPercent: number;
  work: string;
  startDay: string;
  completionDay: string;
  warranty: string;
}

/**
 * What else happens, in the acceptance's transaction, once a contract is accepted: the quotes
 * feature does not know what follows (a job is scheduled), so the composition root passes it in.
 */
export type AfterAcceptance = (trx: Db, contract: AcceptedContract, now: Date) => Promise<void>;

/** The acceptance as typed and ticked, checked against the version; the refusal's message otherwise. */
function checkAcceptance(
  acceptance: Acceptance,
  sent: SentVersion,
): { ok: true; name: string; chosen: Set<number> } | { ok: false; error: string } {
  const name = acceptance.name.trim().replace(/[ \t]+/g, " ");
  const hidden = hiddenCharacterError(name, "The name you typed");
  if (hidden) return { ok: false, error: hidden };
  if (name.length < 2 || name.length > NAME_MAX) return { ok: false, error: "Type your full name to sign." };
  if (!acceptance.consent)
    return { ok: false, error: "Tick the box to agree to sign and receive this contract electronically." };
  const chosen = new Set<number>();
  for (const position of acceptance.chosen) {
    if (!Number.isInteger(position) || !sent.content.items[position]?.optional)
      return { ok: false, error: "Choose only from the optional items listed." };
    chosen.add(position);
  }
  return { ok: true, name, chosen };
}

/** The acceptance record, the signed copy's last page: each line says exactly what it attests. */
function acceptanceRecord(input: {
  row: VersionRow;
  name: string;
  acceptance: Acceptance;
  sent: SentVersion;
  chosen: ReadonlySet<number>;
  totalCents: number;
  acceptedSha256: string;
  cancelUntil: Date;
  now: Date;
}): string[] {
  const { row, acceptance, sent, now } = input;
  const acceptedFile = quoteFileName(row.version, "accepted");
  return [
    `Accepted by: ${input.name} (typed as the signature)`,
    `Email the quote was sent to: ${row.email}`,
    `Accepted at: ${formatDateTimeWithZone(now)} (${now.toISOString()})`,
    `From IP address: ${acceptance.ip ?? "unknown"}`,
    `Browser: ${(acceptance.userAgent ?? "unknown").slice(0, 300)}`,
    `Agreed to sign and receive the contract electronically: yes`,
    `Optional items chosen: ${[...input.chosen].map((p) => sent.content.items[p]?.description ?? "").join("; ") || "none"}`,
    `Total accepted: ${formatCents(input.totalCents)}`,
    `SHA-256 of ${acceptedFile}, the accepted contract attached to the email confirming this acceptance (every byte of that file, the certificate's pages included): ${input.acceptedSha256}`,
    `Right to cancel until: ${formatDateTimeWithZone(new Date(input.cancelUntil.getTime() - 60_000))}`,
  ];
}

export async function acceptQuote(
  db: Db,
  token: unknown,
  acceptance: Acceptance,
  closed: ClosedDays,
  context: MailContext,
  now: Date = new Date(),
  afterAcceptance?: AfterAcceptance,
): Promise<AcceptOutcome> {
  // Refused before a transaction is opened: a guessed token costs a string check, not a lock.
  const outcome = await findByLinkToken(token, (tokenHash, token) =>
    acceptHeldVersion(db, tokenHash, token, acceptance, closed, context, now, afterAcceptance),
  );
  return outcome.state === "found" ? outcome.record : { accepted: false, state: outcome };
}

/** The acceptance, in one transaction with the version held; undefined when the link opens none. */
async function acceptHeldVersion(
  db: Db,
  tokenHash: string,
  token: string,
  acceptance: Acceptance,
  closed: ClosedDays,
  context: MailContext,
  now: Date,
  afterAcceptance: AfterAcceptance | undefined,
): Promise<AcceptOutcome | undefined> {
  return inTransaction(db, async (trx): Promise<AcceptOutcome | undefined> => {
    const held = await heldVersion(trx, tokenHash);
    if (!held) return undefined;
    const { lead, row } = held;
    const state = stateOf(row, token, now);
    const sent = sentVersionOf(row);
    if (state.state !== "open" || !sent) return { accepted: false, state };
    const checked = checkAcceptance(acceptance, sent);
    if (!checked.ok) return { accepted: false, state, error: checked.error };
    const { name, chosen } = checked;

    const acceptedFile = quoteFileName(row.version, "accepted");
    const acceptedDoc = await storeDocument(
      trx,
      {
        fileName: acceptedFile,
        contentType: "application/pdf",
        data: await acceptedPdf(trx, sent, chosen),
        leadId: lead.id,
      },
      now,
    );
    const totals = totalsOf(sent.content, chosen);
    const cancelUntil = cancelDeadline(now, closed);
    const record = acceptanceRecord({
      row,
      name,
      acceptance,
      sent,
      chosen,
      totalCents: totals.totalCents,
      acceptedSha256: acceptedDoc.sha256,
      cancelUntil,
      now,
    });
    const signedFile = quoteFileName(row.version, "signed");
    const signedDoc = await storeDocument(
      trx,
      {
        fileName: signedFile,
        contentType: "application/pdf",
        data: await quotePdf(trx, sent, chosen, record),
        leadId: lead.id,
      },
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
      return { accepted: false, state: again ? stateOf(again, token, now) : UNKNOWN_LINK };
    }

    const homeowner: QuoteLead = { id: lead.id, name: lead.name, email: lead.email };
    const pdf = (documentId: string, fileName: string) => ({ documentId, fileName, contentType: "application/pdf" });
    const documents = { accepted: pdf(acceptedDoc.id, acceptedFile), signed: pdf(signedDoc.id, signedFile) };
    const owners = await ownerInboxes(trx, context.leadsTo);
    for (const mail of acceptedEmails(homeowner, token, owners, documents, sent.terms.contractor, cancelUntil, context))
      await enqueueMail(trx, mail, now);

    await moveStatus(trx, lead, "won", HOMEOWNER, now);
    const total = formatCents(totals.totalCents);
    await recordEvent(trx, lead.id, HOMEOWNER, "quote", `Quote accepted and signed by ${name} (${total})`, now);
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
    await afterAcceptance?.(
      trx,
      {
        leadId: lead.id,
        versionId: row.id,
        version: row.version,
        token,
        totalCents: totals.totalCents,
        taxRateMilliPercent: sent.content.taxRateMilliPercent,
        work: sent.content.work,
        startDay: sent.content.startDay,
        completionDay: sent.content.completionDay,
        warranty: sent.terms.facts.warranty,
      },
      now,
    );
    const after = await versionByToken(trx, token);
    return { accepted: true, leadId: lead.id, state: after ? stateOf(after, token, now) : UNKNOWN_LINK };
  });
}
