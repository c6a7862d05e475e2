/**
 * Written changes to a contract. The owner sends one from the job's page: it is numbered, made
 * into a PDF with the quote's PDF code, stored, and mailed to the homeowner with a link to the
 * job's page. There the homeowner signs it as they signed the contract (typed name, consent to
 * sign electronically; time, address, browser and the SHA-256 of the file they were sent are
 * recorded) or declines it. Signing is one conditional update on a row held with its job, so of
 * two presses exactly one signs; both sides are then mailed the signed copy with its record page.
 * Until it is signed a change order is a proposal: the contract total does not move, and the job
 * cannot be marked completed while one waits for an answer.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hiddenCharacterError } from "~/forms/plain-text";
import { findByLinkToken } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { ownerInboxes } from "~/owner/owners.server";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import { contractorNow } from "~/paperwork/contractor.server";
import { formatCents } from "~/paperwork/money";
import { renderDocumentPdf } from "~/paperwork/document-pdf.server";
import { dayOf, formatDateTimeWithZone } from "~/time/business-time";
import { changeTotals, parseChangeOrder, readChangeOrderForm } from "./change-order-content";
import { changeOrderDocument, changeOrderFileName, type SentChangeOrder } from "./change-order-document";
import { changeOrderAcceptedEmails, changeOrderDeclinedEmails, changeOrderSentEmail } from "./job-emails.server";
import { dayLabel, isOpen, type FieldErrors } from "./job-rules";
import { contractTotalOf, holdJob, recordJobEvent, type HeldJob } from "./jobs.server";
import type { ChangeOrderStatus } from "./jobs-tables";
import { jobLinkFor, openJobLinkByHash } from "./job-link.server";
import { inTransaction } from "~/infra/transaction.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export const SIGNATURE_MAX = 120;

export type SendOutcome =
  { ok: true; number: number } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors; values?: unknown };

const pdfRef = (documentId: string, fileName: string) => ({ documentId, fileName, contentType: "application/pdf" });

const homeownerOf = (job: HeldJob) => ({ leadId: job.lead_id, name: job.lead_name, email: job.lead_email });

function pdfOf(number: number, sent: SentChangeOrder, madeAt: Date, audit?: string[]) {
  return renderDocumentPdf(changeOrderDocument(number, sent), {
    madeAt,
    producer: sent.contractor.shortName,
    audit: audit ? { lines: audit } : undefined,
  });
}

export async function sendChangeOrder(
  db: Db,
  actor: Actor,
  jobId: string,
  get: (name: string) => string,
  context: MailContext,
  now: Date = new Date(),
): Promise<SendOutcome> {
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<SendOutcome> => {
    const job = await holdJob(trx, jobId);
    if (!job) return { ok: false, status: 404, errors: { form: "This job no longer exists." } };
    if (job.state !== "scheduled" && job.state !== "started")
      return { ok: false, status: 409, errors: { form: `This job is ${job.state}: its contract no longer changes.` } };
    const totalBeforeCents = await contractTotalOf(trx, job);
    const read = readChangeOrderForm(get, job, totalBeforeCents, dayOf(now));
    if (!read.ok) return { ok: false, status: 400, errors: read.errors, values: read.values };
    const last = await trx
      .selectFrom("change_orders")
      .select((eb) => eb.fn.max<number>("number").as("number"))
      .where("job_id", "=", job.id)
      .executeTakeFirst();
    const number = Number(last?.number ?? 0) + 1;
    const sent: SentChangeOrder = {
      ...read.content,
      contractor: contractorNow(),
      homeowner: { name: job.lead_name, address: job.lead_address, email: job.lead_email },
      jobTitle: job.title,
      taxRateMilliPercent: job.tax_rate_milli_percent,
      totalBeforeCents,
      sentDay: dayOf(now),
      sentBy: actor.email,
    };
    const totals = changeTotals(sent.items, sent.taxRateMilliPercent);
    const fileName = changeOrderFileName(number, false);
    const stored = await storeDocument(
      trx,
      { fileName, contentType: "application/pdf", data: await pdfOf(number, sent, now), leadId: job.lead_id },
      now,
    );
    await trx
      .insertInto("change_orders")
      .values({
        id: randomUUID(),
        job_id: job.id,
        lead_id: job.lead_id,
        number,
        status: "sent",
        content: JSON.stringify(sent),
        amount_cents: totals.totalCents,
        completion_day: sent.completionDay || null,
        document_id: stored.id,
        created_by: actor.email,
        created_at: timestamp(now),
      })
      .execute();
    const amount = formatCents(totals.totalCents);
    await recordJobEvent(trx, job, actor.email, `Change order ${number} sent (${amount}): ${sent.reason}`, now);
    await audit("change-order-sent", `${job.title}: change order ${number}, ${amount}`);
    const token = await jobLinkFor(trx, job, now);
    const mail = changeOrderSentEmail(
      homeownerOf(job),
      { number, reason: sent.reason, amount, jobTitle: job.title },
      pdfRef(stored.id, fileName),
      token,
      context,
    );
    await enqueueMail(trx, mail, now);
    return { ok: true, number };
  });
}

export interface ChangeOrderListing {
  id: string;
  number: number;
  status: ChangeOrderStatus;
  amountCents: number;
  reason: string;
  completionDay: string | null;
  sentAt: Date;
  acceptedAt: Date | null;
  acceptedName: string | null;
  documentId: string | null;
  signedDocumentId: string | null;
  sent: SentChangeOrder;
}

export async function changeOrdersOf(db: Db, jobId: string): Promise<ChangeOrderListing[]> {
  const rows = await db.selectFrom("change_orders").selectAll().where("job_id", "=", jobId).orderBy("number").execute();
  return rows.map((row) => {
    const sent = parseChangeOrder(row.content) as SentChangeOrder;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      amountCents: row.amount_cents,
      reason: sent.reason,
      completionDay: row.completion_day,
      sentAt: toDate(row.created_at),
      acceptedAt: row.accepted_at ? toDate(row.accepted_at) : null,
      acceptedName: row.accepted_name,
      documentId: row.document_id,
      signedDocumentId: row.signed_document_id,
      sent,
    };
  });
}

/** How many change orders wait for the homeowner's answer: the job is not completed while any do. */
export async function unansweredChangeOrders(db: Db, jobId: string): Promise<number> {
  const rows = await db
    .selectFrom("change_orders")
    .select("id")
    .where("job_id", "=", jobId)
    .where("status", "=", "sent")
    .execute();
  return rows.length;
}

export interface Signature {
  name: string;
  consent: boolean;
  ip: string | null;
  userAgent: string | null;
}

export type AnswerOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; error: string };

const UNKNOWN: AnswerOutcome = { ok: false, status: 404, error: "This link does not open a job." };

/**
 * The job behind a homeowner's link, held, then its link judged and its change order `orderId` read
 * as they are now. The job is held before the link is judged, as every job change does: judged
 * first, a 'Send the homeowner a new link' committing in between would end the link while the
 * signature went ahead on it.
 */
async function heldOrder(trx: Db, tokenHash: string, orderId: string, now: Date) {
  const linked = await trx
    .selectFrom("job_links")
    .select("job_id")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!linked) return undefined;
  const job = await holdJob(trx, linked.job_id);
  if (!job) return undefined;
  const link = await openJobLinkByHash(trx, tokenHash, now);
  if (link?.state !== "open" || link.jobId !== job.id) return undefined;
  const order = await trx
    .selectFrom("change_orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("job_id", "=", job.id)
    .executeTakeFirst();
  return order ? { job, order } : undefined;
}

type HeldOrder = NonNullable<Awaited<ReturnType<typeof heldOrder>>>;

/**
 * The homeowner's answer to a change order, in one transaction with the job held. A link that
 * opens no job, or an order not of its job, is answered 404 before anything else is judged.
 */
async function answerOrder(
  db: Db,
  token: unknown,
  orderId: string,
  answer: (trx: Db, held: HeldOrder) => Promise<AnswerOutcome>,
): Promise<AnswerOutcome> {
  // A malformed link is refused before a transaction is opened; inside it, the job is held first.
  const outcome = await findByLinkToken(token, (tokenHash) =>
    inTransaction(db, async (trx): Promise<AnswerOutcome> => {
      const held = await heldOrder(trx, tokenHash, orderId, new Date());
      if (!held) return UNKNOWN;
      // Cancelled with its contract, or completed: a change to it no longer means anything.
      if (!isOpen(held.job.state))
        return { ok: false, status: 409, error: `This job is ${held.job.state}: its contract no longer changes.` };
      return answer(trx, held);
    }),
  );
  return outcome.state === "found" ? outcome.record : UNKNOWN;
}

const ANSWERED: Record<ChangeOrderStatus, string> = {
  sent: "",
  accepted: "This change order is already signed.",
  declined: "This change order was declined; ask us for a new one if you want the change.",
};

export async function acceptChangeOrder(
  db: Db,
  token: unknown,
  orderId: string,
  signature: Signature,
  context: MailContext,
  now: Date = new Date(),
): Promise<AnswerOutcome> {
  return answerOrder(db, token, orderId, async (trx, { job, order }) => {
    // An unknown link answers 404 before anything typed is judged, as the quote's link does.
    const name = signature.name.trim().replace(/[ \t]+/g, " ");
    const hidden = hiddenCharacterError(name, "The name you typed");
    if (hidden) return { ok: false, status: 400, error: hidden };
    if (name.length < 2 || name.length > SIGNATURE_MAX)
      return { ok: false, status: 400, error: "Type your full name to sign." };
    if (!signature.consent)
      return {
        ok: false,
        status: 400,
        error: "Tick the box to agree to sign and receive this change order electronically.",
      };
    if (order.status !== "sent") return { ok: false, status: 409, error: ANSWERED[order.status] };
    // Another change taking work out may have been signed since this one was sent.
    if ((await contractTotalOf(trx, job)) + order.amount_cents < 0)
      return {
        ok: false,
        status: 409,
        error: "This change would now take out more than the contract is worth. Ask us for a new one.",
      };
    if (!order.document_id) return UNKNOWN;
    const sentFile = await trx
      .selectFrom("stored_documents")
      .select("sha256")
      .where("id", "=", order.document_id)
      .executeTakeFirstOrThrow();
    const sent = parseChangeOrder(order.content) as SentChangeOrder;
    const sentName = changeOrderFileName(order.number, false);
    const record = [
      `Signed by: ${name} (typed as the signature)`,
      `Email the change order was sent to: ${job.lead_email}`,
      `Signed at: ${formatDateTimeWithZone(now)} (${now.toISOString()})`,
      `From IP address: ${signature.ip ?? "unknown"}`,
      `Browser: ${(signature.userAgent ?? "unknown").slice(0, 300)}`,
      "Agreed to sign and receive the change order electronically: yes",
      `Amount of the change: ${formatCents(order.amount_cents)}`,
      `SHA-256 of ${sentName}, the change order as sent and attached to the email confirming this signature: ${sentFile.sha256}`,
    ];
    const signedName = changeOrderFileName(order.number, true);
    const signedDoc = await storeDocument(
      trx,
      {
        fileName: signedName,
        contentType: "application/pdf",
        data: await pdfOf(order.number, sent, toDate(order.created_at), record),
        leadId: job.lead_id,
      },
      now,
    );
    const claimed = await trx
      .updateTable("change_orders")
      .set({
        status: "accepted",
        accepted_at: timestamp(now),
        accepted_name: name,
        accepted_ip: signature.ip,
        accepted_user_agent: signature.userAgent?.slice(0, 500) ?? null,
        accepted_sha256: sentFile.sha256,
        signed_document_id: signedDoc.id,
      })
      .where("id", "=", order.id)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      await trx.deleteFrom("stored_documents").where("id", "=", signedDoc.id).execute();
      return { ok: false, status: 409, error: ANSWERED.accepted };
    }
    if (order.completion_day) {
      await trx
        .updateTable("jobs")
        .set({ completion_day: order.completion_day, updated_at: timestamp(now) })
        .where("id", "=", job.id)
        .execute();
    }
    const total = formatCents(await contractTotalOf(trx, job));
    const moved = order.completion_day ? `; completion now ${dayLabel(order.completion_day)}` : "";
    await recordJobEvent(
      trx,
      job,
      HOMEOWNER,
      `Change order ${order.number} signed by ${name}; total ${total}${moved}`,
      now,
    );
    const owners = await ownerInboxes(trx, context.leadsTo);
    const documents = { sent: pdfRef(order.document_id, sentName), signed: pdfRef(signedDoc.id, signedName) };
    // The job's link in force, as every email about the job carries, not whatever value was posted.
    const link = await jobLinkFor(trx, job, now);
    const mails = changeOrderAcceptedEmails(
      homeownerOf(job),
      owners,
      { number: order.number, jobTitle: job.title, total },
      documents,
      link,
      context,
    );
    for (const mail of mails) await enqueueMail(trx, mail, now);
    return { ok: true, message: `You signed change order ${order.number}. The signed copy is on its way by email.` };
  });
}

export async function declineChangeOrder(
  db: Db,
  token: unknown,
  orderId: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<AnswerOutcome> {
  return answerOrder(db, token, orderId, async (trx, { job, order }) => {
    const declined = await trx
      .updateTable("change_orders")
      .set({ status: "declined", declined_at: timestamp(now) })
      .where("id", "=", order.id)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(declined.numUpdatedRows) === 0) return { ok: false, status: 409, error: ANSWERED[order.status] };
    await recordJobEvent(trx, job, HOMEOWNER, `Change order ${order.number} declined`, now);
    const owners = await ownerInboxes(trx, context.leadsTo);
    for (const mail of changeOrderDeclinedEmails(
      homeownerOf(job),
      owners,
      { number: order.number, jobTitle: job.title },
      context,
    ))
      await enqueueMail(trx, mail, now);
    return { ok: true, message: `You declined change order ${order.number}. The contract stays as it was.` };
  });
}
