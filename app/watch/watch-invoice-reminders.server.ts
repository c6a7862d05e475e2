/**
 * The one reminder of a home watch invoice still unpaid 7 business days after its due date, as a
 * job's invoice gets it (`invoices/invoice-reminders.server.ts`): unless switched off on the
 * invoice, or void or paid. Claimed by one conditional update of `reminded_at` in the transaction
 * that queues the email, with the plan held so a payment recorded meanwhile is counted first: once,
 * however many instances look.
 */
import type { Kysely } from "kysely";
import { enqueueMail } from "~/infra/outbox.server";
import type { Database } from "~/infra/schema.server";
import { unsealWithServerKey } from "~/infra/seal.server";
import { inTransaction } from "~/infra/transaction.server";
import { invoiceFileName } from "~/invoices/invoice-document";
import { claimReminder, reminderCandidates } from "~/invoices/invoice-reminders.server";
import { howToPayLines } from "~/invoices/ways-to-pay";
import { readWaysToPay } from "~/invoices/ways-to-pay.server";
import type { MailContext } from "~/settings/env.server";
import { dayOf, type ClosedDays } from "~/time/business-time";
import { planMoney } from "./plan-money.server";
import { watchInvoiceReminderEmail } from "./watch-emails.server";
import { holdPlan } from "./watch-invoices.server";

export async function sendWatchInvoiceReminders(
  db: Kysely<Database>,
  context: MailContext,
  closed: ClosedDays,
  now: Date = new Date(),
): Promise<number> {
  const today = dayOf(now);
  let sent = 0;
  for (const candidate of await reminderCandidates(db, "plan_id", today, closed)) {
    const planId = candidate.ownerId;
    const claimed = await inTransaction(db, async (trx) => {
      const plan = await holdPlan(trx, planId);
      if (!plan) return false;
      const invoice = (await planMoney(trx, planId, today)).invoices.find((listed) => listed.id === candidate.id);
      if (!invoice || invoice.state !== "overdue") return false;
      if (!(await claimReminder(trx, invoice.id, now))) return false;
      const token = plan.link_sealed ? unsealWithServerKey("watch-link", plan.link_sealed) : undefined;
      const pdf = invoice.documentId
        ? {
            documentId: invoice.documentId,
            fileName: invoiceFileName(invoice.number),
            contentType: "application/pdf",
          }
        : null;
      await enqueueMail(
        trx,
        watchInvoiceReminderEmail(
          { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email },
          { number: invoice.number, label: invoice.label, dueDay: invoice.dueDay, unpaidCents: invoice.owedCents },
          howToPayLines(await readWaysToPay(trx)),
          pdf,
          token,
          context,
        ),
        now,
      );
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
