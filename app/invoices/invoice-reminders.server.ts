/**
 * One reminder to a homeowner whose invoice is still unpaid 7 business days after its due date,
 * unless the owner switched it off on that invoice, or the invoice is void or paid. Run by the
 * scheduler (`server/jobs.server.ts`). Once, however many instances run: each invoice is claimed by
 * one conditional update of `reminded_at`, in the transaction that queues the email.
 */
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { holdJob } from "~/jobs/jobs.server";
import { nthBusinessDayAfter } from "~/paperwork/business-days";
import { addDays, dayOf, startOfDay, type ClosedDays } from "~/time/business-time";
import { invoiceFileName } from "./invoice-document";
import { invoiceReminderEmail } from "./invoice-emails.server";
import { jobMoney } from "./job-money.server";
import { readWaysToPay } from "./ways-to-pay.server";
import { jobLinkFor } from "~/jobs/job-link.server";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

export const REMINDER_BUSINESS_DAYS_AFTER_DUE = 7;
/** Seven business days are at most a few weeks with closures; older invoices are the owner's to chase. */
const LOOK_BACK_DAYS = 60;

/** The day an invoice due on `dueDay` earns its reminder. */
export function invoiceReminderDay(dueDay: string, closed: ClosedDays): string {
  return nthBusinessDayAfter(startOfDay(dueDay), REMINDER_BUSINESS_DAYS_AFTER_DUE, closed);
}

/**
 * The open invoices of jobs (or of home watch plans) whose reminder falls due by `today`, not
 * switched off and not yet sent: each still to be held and checked unpaid before it is claimed.
 */
export async function reminderCandidates(
  db: Kysely<Database>,
  column: "job_id" | "plan_id",
  today: string,
  closed: ClosedDays,
): Promise<{ id: string; ownerId: string }[]> {
  const rows = await db
    .selectFrom("invoices")
    .select(["id", column, "due_day"])
    .where("status", "=", "open")
    .where("remind", "=", 1)
    .where("reminded_at", "is", null)
    .where(column, "is not", null)
    .where("due_day", "<=", addDays(today, -REMINDER_BUSINESS_DAYS_AFTER_DUE))
    .where("due_day", ">=", addDays(today, -LOOK_BACK_DAYS))
    .orderBy("due_day")
    .limit(500)
    .execute();
  return rows.flatMap((row) => {
    const ownerId = column === "job_id" ? row.job_id : row.plan_id;
    return ownerId && today >= invoiceReminderDay(row.due_day, closed) ? [{ id: row.id, ownerId }] : [];
  });
}

/**
 * Takes the invoice's one reminder for this run: true for the one run whose conditional update
 * moved `reminded_at`, however many instances try at once. Call in the transaction that queues it.
 */
export async function claimReminder(trx: Kysely<Database>, invoiceId: string, now: Date): Promise<boolean> {
  const claim = await trx
    .updateTable("invoices")
    .set({ reminded_at: timestamp(now) })
    .where("id", "=", invoiceId)
    .where("status", "=", "open")
    .where("remind", "=", 1)
    .where("reminded_at", "is", null)
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) > 0;
}

export async function sendInvoiceReminders(
  db: Kysely<Database>,
  context: MailContext,
  closed: ClosedDays,
  now: Date = new Date(),
): Promise<number> {
  const today = dayOf(now);
  let sent = 0;
  for (const candidate of await reminderCandidates(db, "job_id", today, closed)) {
    const jobId = candidate.ownerId;
    const claimed = await inTransaction(db, async (trx) => {
      // Held, so a payment recorded meanwhile is counted before deciding the invoice is unpaid.
      const job = await holdJob(trx, jobId);
      if (!job) return false;
      const money = await jobMoney(trx, job, today);
      const invoice = money.invoices.find((listed) => listed.id === candidate.id);
      if (!invoice || invoice.state !== "overdue") return false;
      if (!(await claimReminder(trx, invoice.id, now))) return false;
      const ways = await readWaysToPay(trx);
      const token = await jobLinkFor(trx, job, now);
      const pdf = invoice.documentId
        ? { documentId: invoice.documentId, fileName: invoiceFileName(invoice.number), contentType: "application/pdf" }
        : null;
      const facts = {
        number: invoice.number,
        label: invoice.label,
        amountCents: invoice.amountCents,
        unpaidCents: invoice.owedCents,
        dueDay: invoice.dueDay,
        dueDays: ways.dueDays,
        jobTitle: job.title,
      };
      const to = { leadId: job.lead_id, name: job.lead_name, email: job.lead_email };
      await enqueueMail(trx, invoiceReminderEmail(to, facts, ways, pdf, token, context), now);
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
