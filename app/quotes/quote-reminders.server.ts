/**
 * One reminder to a homeowner whose quote is still unanswered three business days after it was
 * sent, unless the owner switched it off on that quote or the quote expired. Run every few minutes
 * by the scheduler (`server/jobs.server.ts`). Once: each version is claimed by one conditional
 * update of `reminded_at`, in the transaction that queues the email, so of two instances looking
 * at the same moment exactly one sends it.
 */
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { dayOf, type ClosedDays } from "~/time/business-time";
import { reminderDueAt } from "~/paperwork/business-days";
import { quoteReminderEmail } from "./quote-emails.server";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

/** Three business days are at most nine calendar days with a closure; older quotes are long past due. */
const LOOK_BACK_DAYS = 45;

export async function sendQuoteReminders(
  db: Kysely<Database>,
  context: MailContext,
  closed: ClosedDays,
  now: Date = new Date(),
): Promise<number> {
  const candidates = await db
    .selectFrom("quote_versions as q")
    .innerJoin("leads as l", "l.id", "q.lead_id")
    .innerJoin("stored_documents as d", "d.id", "q.document_id")
    .select([
      "q.id",
      "q.sent_at",
      "q.valid_until",
      "q.version",
      "q.lead_id",
      "l.name",
      "l.email",
      "d.id as document_id",
      "d.file_name",
    ])
    .where("q.status", "=", "sent")
    .where("q.remind", "=", 1)
    .where("q.reminded_at", "is", null)
    .where("q.sent_at", "<=", timestamp(new Date(now.getTime() - 3 * 86_400_000)))
    .where("q.sent_at", ">=", timestamp(new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000)))
    .where("l.quarantined_at", "is", null)
    .limit(100)
    .execute();
  let sent = 0;
  for (const row of candidates) {
    if (!row.sent_at) continue;
    const sentAt = toDate(row.sent_at);
    if (now < reminderDueAt(sentAt, closed)) continue;
    if (row.valid_until !== null && dayOf(now) > row.valid_until) continue;
    const claimed = await inTransaction(db, async (trx) => {
      const result = await trx
        .updateTable("quote_versions")
        .set({ reminded_at: timestamp(now) })
        .where("id", "=", row.id)
        .where("status", "=", "sent")
        .where("remind", "=", 1)
        .where("reminded_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      const lead = { id: row.lead_id, name: row.name, email: row.email };
      const pdf = { documentId: row.document_id, fileName: row.file_name, contentType: "application/pdf" };
      await enqueueMail(trx, quoteReminderEmail(lead, sentAt, pdf, context), now);
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
