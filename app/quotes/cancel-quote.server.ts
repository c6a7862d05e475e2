/**
 * The homeowner cancels an accepted contract at its link, before midnight of the third business
 * day. In one transaction that holds the lead: the version is claimed with one conditional update
 * (accepted, and before its deadline), the record of the cancellation is made and mailed to both
 * sides, and the lead is Lost, cancelled by the homeowner, with the owners' devices told.
 */
import type { Kysely } from "kysely";
import { findByLinkToken } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { moveStatus, recordEvent } from "~/leads/record/changes.server";
import { ownerInboxes } from "~/owner/owners.server";
import { formatDateTimeWithZone } from "~/time/business-time";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import { cancelledEmails } from "./quote-emails.server";
import { cancellationPdf, quoteFileName } from "./quote-files.server";
import { heldVersion, sentVersionOf, stateOf, type QuoteLinkState } from "./quote-link.server";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export type CancelOutcome =
  | { cancelled: true; leadId: string; state: QuoteLinkState }
  | { cancelled: false; state: QuoteLinkState; error?: string };

/** What else ends, in the cancellation's transaction, with the contract of version `versionId`. */
export type AfterCancellation = (trx: Db, cancelled: { leadId: string; versionId: string }, now: Date) => Promise<void>;

export async function cancelQuoteContract(
  db: Db,
  token: unknown,
  context: MailContext,
  now: Date = new Date(),
  afterCancellation?: AfterCancellation,
): Promise<CancelOutcome> {
  const outcome = await findByLinkToken(token, (tokenHash, token) =>
    cancelHeldVersion(db, tokenHash, token, context, now, afterCancellation),
  );
  return outcome.state === "found" ? outcome.record : { cancelled: false, state: outcome };
}

/** The cancellation, in one transaction with the version held; undefined when the link opens none. */
async function cancelHeldVersion(
  db: Db,
  tokenHash: string,
  token: string,
  context: MailContext,
  now: Date,
  afterCancellation: AfterCancellation | undefined,
): Promise<CancelOutcome | undefined> {
  return inTransaction(db, async (trx): Promise<CancelOutcome | undefined> => {
    const held = await heldVersion(trx, tokenHash);
    if (!held) return undefined;
    const { lead, row } = held;
    const result = await trx
      .updateTable("quote_versions")
      .set({ status: "cancelled", cancelled_at: timestamp(now), updated_at: timestamp(now) })
      .where("id", "=", row.id)
      .where("status", "=", "accepted")
      .where("cancel_until", ">", timestamp(now))
      .executeTakeFirst();
    const sent = sentVersionOf(row);
    if (Number(result.numUpdatedRows) === 0 || !sent) {
      const state = stateOf(row, token, now);
      return {
        cancelled: false,
        state,
        error:
          state.state === "accepted"
            ? "The time to cancel online has passed. Write to us or call if you need to talk about the contract."
            : undefined,
      };
    }
    const fileName = quoteFileName(row.version, "cancellation");
    const pdf = await cancellationPdf(
      sent,
      {
        acceptedName: row.accepted_name ?? "",
        acceptedAt: formatDateTimeWithZone(toDate(row.accepted_at ?? now)),
        cancelledAt: formatDateTimeWithZone(now),
        acceptedSha256: row.accepted_sha256 ?? "",
      },
      now,
    );
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: pdf, leadId: lead.id },
      now,
    );
    await trx
      .updateTable("quote_versions")
      .set({ cancellation_document_id: stored.id })
      .where("id", "=", row.id)
      .execute();
    const owners = await ownerInboxes(trx, context.leadsTo);
    const record = { documentId: stored.id, fileName, contentType: "application/pdf" };
    for (const mail of cancelledEmails(
      { id: lead.id, name: lead.name, email: lead.email },
      owners,
      now,
      record,
      context,
    ))
      await enqueueMail(trx, mail, now);
    await moveStatus(trx, lead, "lost", HOMEOWNER, now, "cancelled");
    await recordEvent(trx, lead.id, HOMEOWNER, "quote", "Contract cancelled by the homeowner", now);
    await afterCancellation?.(trx, { leadId: lead.id, versionId: row.id }, now);
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
    return {
      cancelled: true,
      leadId: lead.id,
      state: { state: "cancelled", version: row.version, cancelledAt: now },
    };
  });
}
