/**
 * Home watch billing: after each month ends, one invoice per plan for the visits finished and not
 * yet billed, through the same numbering, stored PDFs, emails and accountant's file as a job's
 * invoices. Run by the scheduler (`server/jobs.server.ts`); each plan's month is one transaction
 * that holds the plan, claims its visits and writes the invoice, so however many instances run it,
 * a visit is billed once and a plan's month has one invoice in force.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { log } from "~/infra/log.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { unsealWithServerKey } from "~/infra/seal.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { inTransaction } from "~/infra/transaction.server";
import { invoiceFileName } from "~/invoices/invoice-document";
import { takeInvoiceSequence } from "~/invoices/invoice-numbers.server";
import { dueDayOf, invoiceNumber } from "~/invoices/payment-schedule";
import { howToPayLines } from "~/invoices/ways-to-pay";
import { readWaysToPay } from "~/invoices/ways-to-pay.server";
import { contractorNow } from "~/paperwork/contractor.server";
import { renderDocumentPdf } from "~/paperwork/document-pdf.server";
import type { MailContext } from "~/settings/env.server";
import { dayOf } from "~/time/business-time";
import { INVOICE_DUE_DAYS, planReference } from "./plan-document";
import { parseWatchTerms } from "./plan-files.server";
import { watchInvoiceEmail } from "./watch-emails.server";
import { monthBefore, monthBill, monthKey, watchInvoiceDocument } from "./watch-invoice";

type Db = Kysely<Database>;

/** Plans with a finished visit before `monthStart` that no invoice counts yet. */
async function plansToBill(db: Db, monthStart: string): Promise<string[]> {
  const rows = await db
    .selectFrom("watch_visits")
    .select("plan_id")
    .distinct()
    .where("status", "=", "finished")
    .where("invoice_id", "is", null)
    .where("day", "<", monthStart)
    .orderBy("plan_id")
    .limit(1000)
    .execute();
  return rows.map((row) => row.plan_id);
}

/** The plan, held by the transaction (a no-op update) so its month is billed by one run at a time. */
export async function holdPlan(trx: Db, planId: string) {
  const held = await trx
    .updateTable("watch_plans")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", planId)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) return undefined;
  return trx
    .selectFrom("watch_plans")
    .select(["id", "lead_id", "homeowner_name", "email", "address", "terms", "link_sealed", "accepted_at"])
    .where("id", "=", planId)
    .executeTakeFirst();
}

/**
 * Bills one plan's finished visits before `monthStart` as the month before it; the invoice's
 * number, or undefined when another run billed them first or there is nothing to charge.
 */
async function billPlan(db: Db, planId: string, monthStart: string, context: MailContext, now: Date) {
  return inTransaction(db, async (trx) => {
    const plan = await holdPlan(trx, planId);
    if (!plan?.terms) return undefined;
    const visits = await trx
      .selectFrom("watch_visits")
      .select(["id", "day", "kind"])
      .where("plan_id", "=", planId)
      .where("status", "=", "finished")
      .where("invoice_id", "is", null)
      .where("day", "<", monthStart)
      .execute();
    const prices = parseWatchTerms(plan.terms).plan;
    const bill = monthBill(visits, prices, monthBefore(monthStart));
    if (!bill) return undefined;
    const today = dayOf(now);
    const year = Number(today.slice(0, 4));
    const number = invoiceNumber(year, await takeInvoiceSequence(trx, year));
    const dueDay = dueDayOf(today, INVOICE_DUE_DAYS);
    const ways = await readWaysToPay(trx);
    const contractor = contractorNow();
    const pdf = await renderDocumentPdf(
      watchInvoiceDocument({
        number,
        bill,
        issuedDay: today,
        dueDay,
        contractor,
        homeowner: { name: plan.homeowner_name, address: plan.address },
        planReference: planReference(plan.id),
        waysToPay: ways,
      }),
      { madeAt: now, producer: contractor.shortName },
    );
    const fileName = invoiceFileName(number);
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: pdf, leadId: plan.lead_id },
      now,
    );
    const invoiceId = randomUUID();
    await trx
      .insertInto("invoices")
      .values({
        id: invoiceId,
        number,
        year,
        sequence: Number(number.slice(5)),
        job_id: null,
        lead_id: plan.lead_id,
        plan_id: plan.id,
        schedule_key: monthKey(bill.month),
        label: bill.label,
        customer_name: plan.homeowner_name,
        customer_email: plan.email,
        customer_address: plan.address,
        job_title: `Home watch at ${plan.address}`,
        amount_cents: bill.amountCents,
        tax_rate_milli_percent: 0,
        issued_day: today,
        due_day: dueDay,
        document_id: stored.id,
        status: "open",
        created_by: "monthly billing",
        created_at: timestamp(now),
      })
      .execute();
    await trx
      .updateTable("watch_visits")
      .set({ invoice_id: invoiceId })
      .where(
        "id",
        "in",
        visits.map((v) => v.id),
      )
      .where("invoice_id", "is", null)
      .execute();
    const token = plan.link_sealed ? unsealWithServerKey("watch-link", plan.link_sealed) : undefined;
    const to = { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email };
    const document = { documentId: stored.id, fileName, contentType: "application/pdf" };
    const facts = { number, label: bill.label, amountCents: bill.amountCents, dueDay };
    await enqueueMail(trx, watchInvoiceEmail(to, facts, howToPayLines(ways), document, token, context), now);
    return number;
  });
}

/**
 * Every plan's finished, unbilled visits of the months before this one, one invoice per plan: run
 * on the 1st it bills last month, and a visit finished late (after its month's invoice) goes on
 * the next. Returns how many invoices were sent.
 */
export async function billWatchMonths(db: Db, context: MailContext, now: Date = new Date()): Promise<number> {
  const monthStart = `${dayOf(now).slice(0, 7)}-01`;
  let sent = 0;
  for (const planId of await plansToBill(db, monthStart)) {
    try {
      if (await billPlan(db, planId, monthStart, context, now)) sent++;
    } catch (error) {
      // A month already billed by another run refuses the second invoice at the unique index;
      // anything else waits for the next run, without stopping the other plans' invoices.
      log("warn", "home watch invoice not made", { plan: planId, error: String(error) });
    }
  }
  return sent;
}
