/**
 * Leads held as suspected spam (the trap field was filled). They are stored like any lead but
 * mailed to nobody, until the owner releases one (then it gets its emails and its push, as if it
 * had just arrived) or 30 days pass (then it is deleted with its photos).
 */
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { mayConfirm } from "./confirmation-limits.server";
import { queueArrival } from "./create.server";
import { deleteLeadRows } from "./delete.server";
import { inTransaction } from "~/infra/transaction.server";

export const QUARANTINE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReleaseResult = { released: true; leadId: string; name: string } | { released: false; reason: "not-found" };

/**
 * Releases the quarantined lead with this exact id and queues its emails; the audit log records
 * who released it (null: the command line).
 */
export async function releaseLead(
  db: Kysely<Database>,
  leadId: string,
  options: { actor: Actor | null; now?: Date },
): Promise<ReleaseResult> {
  const now = options.now ?? new Date();
  const lead = await db
    .selectFrom("leads")
    .selectAll()
    .where("id", "=", leadId)
    .where("quarantined_at", "is not", null)
    .executeTakeFirst();
  if (!lead) return { released: false, reason: "not-found" };
  const photos = await db
    .selectFrom("lead_photos")
    .select(["id", "file_name", "content_type", "bytes"])
    .where("lead_id", "=", lead.id)
    .orderBy("position")
    .execute();
  const confirm = await mayConfirm(lead.email);
  const released = await deskChange(db, options.actor, now, async ({ trx, audit }) => {
    const result = await trx
      .updateTable("leads")
      .set({ quarantined_at: null, spam_reason: null })
      .where("id", "=", lead.id)
      .where("quarantined_at", "is not", null)
      .executeTakeFirst();
    // Released twice at once (two owners, two terminals): only the first queues the emails.
    if (Number(result.numUpdatedRows) === 0) return false;
    // Held leads alerted nobody; released, a lead owes what it would have owed on arrival.
    await queueArrival(
      trx,
      {
        id: lead.id,
        createdAt: toDate(lead.created_at),
        service: lead.service,
        values: {
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          address: lead.address,
          description: lead.description,
        },
        photos: photos.map((photo) => ({
          id: photo.id,
          fileName: photo.file_name,
          contentType: photo.content_type,
          bytes: photo.bytes,
        })),
      },
      { confirm, now },
    );
    await audit("lead-released", lead.id);
    return true;
  });
  if (!released) return { released: false, reason: "not-found" };
  return { released: true, leadId: lead.id, name: lead.name };
}

/** Deletes quarantined leads older than `QUARANTINE_DAYS`, with everything about them; returns how many. */
export async function purgeQuarantine(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = timestamp(new Date(now.getTime() - QUARANTINE_DAYS * DAY_MS));
  return inTransaction(db, async (trx) => {
    const expired = await trx.selectFrom("leads").select("id").where("quarantined_at", "<", cutoff).execute();
    return deleteLeadRows(
      trx,
      expired.map((row) => row.id),
    );
  });
}
