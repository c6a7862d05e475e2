/**
 * Reminding the owners of leads still New after REMINDER_AFTER_HOURS business hours: one push to
 * every device and one email to every owner, once per lead. Run every minute by the background jobs.
 * Before the first owner is added, the email goes to LEADS_TO, where the lead itself was announced,
 * so a site not yet set up still says a lead is waiting.
 *
 * Once: a lead is claimed by setting `reminded_at` with a conditional UPDATE (only while it is
 * still unset, New and not held as spam), in the same transaction that queues the reminder, so of
 * two server instances looking at the same moment exactly one queues it, and a crash either queues
 * it and records it or does neither.
 */
import type { Kysely } from "kysely";
import { enqueueMail, nudgeMailWorkers } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { reminderAlert } from "./alert-text";
import { enqueuePush } from "./push-outbox.server";
import { reminderEmail } from "./reminder-email.server";
import { oldestCreatedAtThatMayBeDue, reminderDue } from "./reminder-schedule";

/** Leads older than this are not reminded of: the opening-hours walk stops there, and so does any use. */
const LOOK_BACK_DAYS = 30;

export interface ReminderOptions {
  afterHours: number;
  leadsTo: string;
  siteUrl: string;
  now?: Date;
}

/** Queues the reminders due at `now`; returns the ids of the leads reminded of. */
export async function sendDueReminders(db: Kysely<Database>, options: ReminderOptions): Promise<string[]> {
  const { afterHours } = options;
  if (afterHours <= 0) return [];
  const now = options.now ?? new Date();
  const candidates = await db
    .selectFrom("leads")
    .select(["id", "created_at", "name", "address", "description"])
    .select((eb) =>
      eb
        .selectFrom("lead_photos")
        .select((p) => p.fn.countAll().as("n"))
        .whereRef("lead_photos.lead_id", "=", "leads.id")
        .as("photo_count"),
    )
    .where("status", "=", "new")
    .where("quarantined_at", "is", null)
    .where("reminded_at", "is", null)
    .where("created_at", "<=", timestamp(oldestCreatedAtThatMayBeDue(now, afterHours)))
    .where("created_at", ">=", timestamp(new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000)))
    .orderBy("created_at")
    .limit(100)
    .execute();

  const reminded: string[] = [];
  for (const row of candidates) {
    const createdAt = toDate(row.created_at);
    if (!reminderDue(createdAt, now, afterHours)) continue;
    const lead = {
      id: row.id,
      name: row.name,
      address: row.address,
      description: row.description,
      photoCount: Number(row.photo_count ?? 0),
      createdAt,
    };
    const claimed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("leads")
        .set({ reminded_at: timestamp(now) })
        .where("id", "=", lead.id)
        .where("reminded_at", "is", null)
        .where("status", "=", "new")
        .where("quarantined_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await enqueuePush(trx, "lead-reminder-push", reminderAlert(lead, afterHours), lead.id, now);
      const owners = await trx.selectFrom("owners").select("email").orderBy("email").execute();
      for (const to of owners.length > 0 ? owners.map((o) => o.email) : [options.leadsTo])
        await enqueueMail(trx, reminderEmail(lead, { ...options, to }), now);
      return true;
    });
    if (claimed) reminded.push(lead.id);
  }
  if (reminded.length > 0) nudgeMailWorkers();
  return reminded;
}
