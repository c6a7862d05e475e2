/**
 * A lead's quote versions as the desk sees them: the latest (what the editor opens), the list with
 * each version's state and documents, the draft being written, and the reminder switch. A sent
 * version never changes; a change after sending is a new version.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { QuoteContent } from "./quote-content";
import type { QuoteStatus } from "./quotes-tables";

type Db = Kysely<Database>;

/** The lead's latest version, whatever its state: what the editor opens. */
export async function latestVersion(db: Db, leadId: string) {
  return db
    .selectFrom("quote_versions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("version", "desc")
    .executeTakeFirst();
}

/** The files a version gave rise to, in the order they come to be. */
export const DOCUMENT_KINDS = ["sent", "accepted", "signed", "cancellation"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface VersionDocument {
  kind: DocumentKind;
  id: string;
  fileName: string;
  bytes: number;
}

export interface VersionSummary {
  version: number;
  status: QuoteStatus;
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
  documents: VersionDocument[];
}

export async function versionsOfLead(db: Db, leadId: string): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom("quote_versions")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("version", "desc")
    .execute();
  const ids = rows.flatMap((row) =>
    [row.document_id, row.accepted_document_id, row.signed_document_id, row.cancellation_document_id].filter(
      (id): id is string => id !== null,
    ),
  );
  const files =
    ids.length === 0
      ? []
      : await db
          .selectFrom("stored_documents")
          .select(["id", "file_name", "bytes"])
          .where("id", "in", ids)
          .where("lead_id", "=", leadId)
          .execute();
  const file = new Map(files.map((f) => [f.id, f]));
  const at = (value: Date | string | null) => (value === null ? null : toDate(value));
  return rows.map((row) => {
    const byKind: Record<DocumentKind, string | null> = {
      sent: row.document_id,
      accepted: row.accepted_document_id,
      signed: row.signed_document_id,
      cancellation: row.cancellation_document_id,
    };
    const documents = DOCUMENT_KINDS.flatMap((kind) => {
      const found = file.get(byKind[kind] ?? "");
      return found ? [{ kind, id: found.id, fileName: found.file_name, bytes: found.bytes }] : [];
    });
    return {
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
      documents,
    };
  });
}

/** One of the lead's contract documents, for the desk's download; undefined unless it is this lead's. */
export async function leadContractDocument(db: Db, leadId: string, documentId: string) {
  const owned = await db
    .selectFrom("quote_versions")
    .select("id")
    .where("lead_id", "=", leadId)
    .where((eb) =>
      eb.or([
        eb("document_id", "=", documentId),
        eb("accepted_document_id", "=", documentId),
        eb("signed_document_id", "=", documentId),
        eb("cancellation_document_id", "=", documentId),
      ]),
    )
    .executeTakeFirst();
  if (!owned) return undefined;
  return db
    .selectFrom("stored_documents")
    .select(["file_name", "content_type", "data"])
    .where("id", "=", documentId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
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

/**
 * Writes the content into the lead's draft, starting a new version after one was sent. Returns its
 * id. Call in a transaction that holds the lead (`leadForChange`).
 */
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
