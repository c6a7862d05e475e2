/**
 * Reminding the owners of leads still New after REMINDER_AFTER_HOURS business hours: one push to
 * every device and one email to every owner, once per lead. Run every minute by the background jobs.
 * Before the first owner is added, the email goes to LEADS_TO, where the lead itself was announced,
 * so a site not yet set up still says a lead is waiting.
 *
 * Once: a lead is claimed by the lead record's one conditional update (`claimReminder`), in the
 * same transaction that queues the reminder, so of two server instances looking at the same moment
 * exactly one queues it, and a crash either queues it and records it or does neither.
 */
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import type { Database } from "~/infra/schema.server";
import { reminderAlert } from "~/leads/record/alert-text";
import { claimReminder } from "~/leads/record/changes.server";
import { leadsNotYetReminded } from "~/leads/record/queries.server";
import { oldestCreatedAtThatMayBeDue, reminderDue } from "~/leads/record/waiting";
import { ownerInboxes } from "~/owner/owners.server";
import type { BusinessHours } from "~/time/business-time";
import { reminderEmail } from "./reminder-email.server";
import { inTransaction } from "~/infra/transaction.server";

/** Leads older than this are not reminded of: the opening-hours walk stops there, and so does any use. */
const LOOK_BACK_DAYS = 30;

export interface ReminderOptions {
  afterHours: number;
  leadsTo: string;
  siteUrl: string;
  now?: Date;
  /** The opening hours and closed days counted; the profile's hours by default. */
  businessHours?: BusinessHours;
}

/** Queues the reminders due at `now`; returns the ids of the leads reminded of. */
export async function sendDueReminders(db: Kysely<Database>, options: ReminderOptions): Promise<string[]> {
  const { afterHours } = options;
  if (afterHours <= 0) return [];
  const now = options.now ?? new Date();
  const candidates = await leadsNotYetReminded(db, {
    from: new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000),
    to: oldestCreatedAtThatMayBeDue(now, afterHours),
    limit: 100,
  });

  const reminded: string[] = [];
  for (const lead of candidates) {
    if (!reminderDue(lead.createdAt, now, afterHours, options.businessHours)) continue;
    const claimed = await inTransaction(db, async (trx) => {
      if (!(await claimReminder(trx, lead.id, now))) return false;
      await enqueuePush(trx, "lead-reminder-push", reminderAlert(lead, afterHours), lead.id, now);
      for (const to of await ownerInboxes(trx, options.leadsTo))
        await enqueueMail(trx, reminderEmail(lead, { ...options, to }), now);
      return true;
    });
    if (claimed) reminded.push(lead.id);
  }
  return reminded;
}
