/**
 * What the owner does to a job on the desk: start small work without a quote, move its dates,
 * mark it started (only with the permit recorded, or why none is needed) and mark it completed
 * (the written warranty, as the contract stated it, is mailed to the homeowner). Each is one desk
 * change: the job row is held, the state checked and moved with one conditional update, the
 * history and the audit written, and the homeowner's email queued, all in one transaction.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hiddenCharacterError } from "~/forms/plain-text";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { storeDocument } from "~/infra/stored-documents.server";
import { leadForChange } from "~/leads/record/changes.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { readContractFacts } from "~/quotes/contract-facts.server";
import { WRITTEN_CONTRACT_OVER_CENTS } from "~/paperwork/contract-terms";
import { contractorNow } from "~/paperwork/contractor.server";
import { formatCents, parseCents } from "~/paperwork/money";
import { contractorLines } from "~/paperwork/document";
import { renderRecordPdf } from "~/paperwork/document-pdf.server";
import { askForReview, AUTOMATIC, automaticRequestsOn } from "~/reviews/review-requests.server";
import { dayOf } from "~/time/business-time";
import { unansweredChangeOrders } from "./change-orders.server";
import { completedEmail, datesChangedEmail, jobScheduledEmail, newLinkEmail } from "./job-emails.server";
import {
  dayLabel,
  permitLine,
  readDatesForm,
  readPermitForm,
  TITLE_MAX,
  warrantyRunsTo,
  type FieldErrors,
} from "./job-rules";
import { holdJob, leadHasQuoteWaiting, recordJobEvent, type HeldJob } from "./jobs.server";
import type { JobState } from "./jobs-tables";
import { jobLinkFor, newJobLink, pageClosed, renewedWithin } from "./job-link.server";
import type { MailContext } from "~/settings/env.server";

type Db = Kysely<Database>;

export type JobChange = { ok: true; jobId: string } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

const refuse = (status: 400 | 404 | 409, message: string, field = "form"): JobChange => ({
  ok: false,
  status,
  errors: { [field]: message },
});

const GONE = "This job no longer exists.";

const homeownerOf = (job: HeldJob) => ({ leadId: job.lead_id, name: job.lead_name, email: job.lead_email });

/** Moves the job from `from` to `to`, or reports that another change got there first. */
async function moveState(trx: Db, job: HeldJob, from: JobState, to: JobState, set: object, now: Date) {
  const moved = await trx
    .updateTable("jobs")
    .set({ ...set, state: to, updated_at: timestamp(now) })
    .where("id", "=", job.id)
    .where("state", "=", from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function saveJobDates(
  db: Db,
  actor: Actor,
  jobId: string,
  get: (name: string) => string,
  context: MailContext,
  now: Date = new Date(),
): Promise<JobChange> {
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, GONE);
    if (job.state === "completed" || job.state === "cancelled")
      return refuse(409, `This job is ${job.state}: its dates no longer change.`);
    const read = readDatesForm(get, job, dayOf(now));
    if (!read.ok) return { ok: false, status: 400, errors: read.errors };
    const { startDay, completionDay, reason } = read.dates;
    if (startDay === job.start_day && completionDay === job.completion_day)
      return refuse(400, "These are the dates already saved.");
    const told = job.start_day !== null || job.completion_day !== null;
    await trx
      .updateTable("jobs")
      .set({
        start_day: startDay,
        completion_day: completionDay,
        dates_reason: reason || null,
        updated_at: timestamp(now),
      })
      .where("id", "=", job.id)
      .execute();
    const line = `Dates: ${dayLabel(startDay)} to ${dayLabel(completionDay)}${reason ? ` (${reason})` : ""}`;
    await recordJobEvent(trx, job, actor.email, line, now);
    await audit("job-dates-saved", `${job.title}: ${startDay} to ${completionDay}`);
    const token = await jobLinkFor(trx, job, now);
    const dated = { ...job, start_day: startDay, completion_day: completionDay };
    const why = told ? reason : reason || "The dates are now set.";
    await enqueueMail(trx, datesChangedEmail(homeownerOf(job), dated, why, token, context), now);
    return { ok: true, jobId: job.id };
  });
}

export async function markJobStarted(
  db: Db,
  actor: Actor,
  jobId: string,
  get: (name: string) => string,
  now: Date = new Date(),
): Promise<JobChange> {
  const read = readPermitForm(get);
  if (!read.ok) return { ok: false, status: 400, errors: read.errors };
  const permit = read.permit;
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, GONE);
    if (job.state !== "scheduled") return refuse(409, `This job is already ${job.state}.`);
    const set =
      "noPermitReason" in permit
        ? { permit_number: null, permit_issuer: null, no_permit_reason: permit.noPermitReason }
        : { permit_number: permit.permitNumber, permit_issuer: permit.issuedBy, no_permit_reason: null };
    if (!(await moveState(trx, job, "scheduled", "started", { ...set, started_at: timestamp(now) }, now)))
      return refuse(409, "This job changed meanwhile: open it again.");
    await recordJobEvent(trx, job, actor.email, `Started. ${permitLine(permit)}`, now);
    await audit("job-marked-started", `${job.title}: ${permitLine(permit)}`);
    return { ok: true, jobId: job.id };
  });
}

export const warrantyFileName = "warranty.pdf";

/** The written warranty given at completion, on the business's letterhead. */
async function warrantyPdf(job: HeldJob, completedDay: string, runsTo: string | undefined, madeAt: Date) {
  const contractor = contractorNow();
  return renderRecordPdf({
    title: "Written warranty",
    reference: `Job: ${job.title}`,
    contractor: contractorLines(contractor),
    producer: contractor.shortName,
    madeAt,
    lines: [
      `Homeowner: ${job.lead_name}`,
      `Address of the work: ${job.lead_address || "as stated in the contract"}`,
      `The work was completed on ${dayLabel(completedDay)}.`,
      `The warranty, as the contract stated it: ${job.warranty}`,
      runsTo ? `It covers the work until ${dayLabel(runsTo)}.` : "It runs for the period its words state.",
      `${contractor.legalName}, ${contractor.address}, ${contractor.phone}`,
    ],
  });
}

export async function markJobCompleted(
  db: Db,
  actor: Actor,
  jobId: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<JobChange> {
  const result = await deskChange(db, actor, now, async ({ trx, audit }): Promise<JobChange> => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, GONE);
    if (job.state === "scheduled") return refuse(409, "Mark the job started first, with its permit.");
    if (job.state !== "started") return refuse(409, `This job is already ${job.state}.`);
    const waiting = await unansweredChangeOrders(trx, job.id);
    if (waiting > 0)
      return refuse(
        409,
        `${waiting === 1 ? "A change order waits" : `${waiting} change orders wait`} for the homeowner's answer: until signed, the work it describes is not part of the job.`,
      );
    if (!(await moveState(trx, job, "started", "completed", { completed_at: timestamp(now) }, now)))
      return refuse(409, "This job changed meanwhile: open it again.");
    const completedDay = dayOf(now);
    const runsTo = warrantyRunsTo(job.warranty, completedDay);
    const stored = await storeDocument(
      trx,
      {
        fileName: warrantyFileName,
        contentType: "application/pdf",
        data: await warrantyPdf(job, completedDay, runsTo, now),
        leadId: job.lead_id,
      },
      now,
    );
    await trx.updateTable("jobs").set({ warranty_document_id: stored.id }).where("id", "=", job.id).execute();
    const token = await jobLinkFor(trx, job, now);
    const document = { documentId: stored.id, fileName: warrantyFileName, contentType: "application/pdf" };
    const warranty = { text: job.warranty, runsTo, document };
    await enqueueMail(trx, completedEmail(homeownerOf(job), job, completedDay, warranty, token, context), now);
    await recordJobEvent(trx, job, actor.email, "Completed; the written warranty was emailed", now);
    await audit("job-marked-completed", job.title);
    return { ok: true, jobId: job.id };
  });
  // The review request follows the completion rather than the day the job was won. It is sent in
  // a transaction of its own; if this process stops first, the scheduler's run sends it.
  if (result.ok && (await automaticRequestsOn(db))) {
    const job = await db.selectFrom("jobs").select("lead_id").where("id", "=", jobId).executeTakeFirst();
    if (job) await askForReview(db, job.lead_id, AUTOMATIC, context.siteUrl, now);
  }
  return result;
}

/**
 * 'Start a job' on a Won lead that has no accepted quote: small work, at most the amount above
 * which New Jersey requires a written contract. The homeowner is emailed the job's page.
 */
export async function startJobWithoutQuote(
  db: Db,
  actor: Actor,
  leadId: string,
  get: (name: string) => string,
  context: MailContext,
  now: Date = new Date(),
): Promise<JobChange> {
  const title = get("title")
    .trim()
    .slice(0, TITLE_MAX + 1);
  const price = parseCents(get("price").trim().slice(0, 20));
  const errors: FieldErrors = {};
  const hidden = hiddenCharacterError(title, "The work");
  if (!title) errors.title = "Say what the work is.";
  else if (title.length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters.`;
  else if (hidden) errors.title = hidden;
  if (price === undefined || price <= 0) errors.price = "The agreed price in dollars, such as 350 or 425.50.";
  else if (price > WRITTEN_CONTRACT_OVER_CENTS)
    errors.price = `Work over ${formatCents(WRITTEN_CONTRACT_OVER_CENTS)} needs a written contract: send a quote.`;
  const dates = readDatesFormOrEmpty(get, dayOf(now));
  if (!dates.ok) Object.assign(errors, dates.errors);
  if (Object.keys(errors).length > 0 || price === undefined || !dates.ok) return { ok: false, status: 400, errors };
  return deskChange(db, actor, now, async ({ trx, audit }): Promise<JobChange> => {
    const lead = await leadForChange(trx, leadId);
    if (!lead) return refuse(404, "This lead no longer exists.");
    if (lead.status !== "won") return refuse(409, "Start a job once the lead is Won.");
    if (await leadHasQuoteWaiting(trx, leadId))
      return refuse(409, "A quote waits for this homeowner's answer: once accepted, its contract starts the job.");
    const job = { id: randomUUID(), lead_id: leadId };
    const facts = await readContractFacts(trx);
    const inserted = await trx
      .insertInto("jobs")
      .values({
        ...job,
        quote_version_id: null,
        state: "scheduled",
        title,
        base_cents: price,
        tax_rate_milli_percent: 0,
        start_day: dates.startDay,
        completion_day: dates.completionDay,
        warranty: facts?.warranty ?? "",
        created_by: actor.email,
        created_at: timestamp(now),
        updated_at: timestamp(now),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return refuse(409, "This lead already has an open job.");
    await recordJobEvent(trx, job, actor.email, `Started without a quote: ${title}, ${formatCents(price)}`, now);
    await audit("job-started-without-quote", `${lead.name}: ${title}, ${formatCents(price)}`);
    const token = await jobLinkFor(trx, job, now);
    const homeowner = { leadId, name: lead.name, email: lead.email };
    const listed = { title, start_day: dates.startDay, completion_day: dates.completionDay, total: formatCents(price) };
    await enqueueMail(trx, jobScheduledEmail(homeowner, listed, token, context), now);
    return { ok: true, jobId: job.id };
  });
}

/** The dates of small work, which may be left open until the day is agreed. */
function readDatesFormOrEmpty(
  get: (name: string) => string,
  today: string,
): { ok: true; startDay: string | null; completionDay: string | null } | { ok: false; errors: FieldErrors } {
  if (!get("startDay").trim() && !get("completionDay").trim()) return { ok: true, startDay: null, completionDay: null };
  const read = readDatesForm(get, { start_day: null, completion_day: null }, today);
  if (!read.ok) return read;
  return { ok: true, startDay: read.dates.startDay, completionDay: read.dates.completionDay };
}

/** Presses of 'Send the homeowner a new link' this close to the last one send nothing more. */
export const RENEWED_AGAIN_AFTER_MS = 60_000;

/**
 * 'Send the homeowner a new link': ends the job's link in every email sent so far (forwarded, or
 * shared by mistake), which then opens the dead-link page, and mails the homeowner the one that
 * replaces it. A job whose link's time is over (completed past its warranty, cancelled past 90
 * days) gets none: its page is closed, whatever link opens it.
 */
export async function renewJobLink(
  db: Db,
  actor: Actor,
  jobId: string,
  context: MailContext,
  now: Date = new Date(),
): Promise<JobChange> {
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const job = await holdJob(trx, jobId);
    if (!job) return refuse(404, GONE);
    // The page's time is the job's, not the link's: a closed page stays closed.
    if (pageClosed(job, now))
      return refuse(409, "This job's page has closed: send the homeowner copies of its documents instead.");
    // A second press (or a burst of them) while the new link is on its way sends it once: the job is
    // held, so the presses take their turn and find the link the first one made.
    if (await renewedWithin(trx, job.id, now, RENEWED_AGAIN_AFTER_MS)) return { ok: true, jobId: job.id };
    const token = await newJobLink(trx, job, now);
    await recordJobEvent(
      trx,
      job,
      actor.email,
      "New link sent to the homeowner; the earlier link no longer opens the page",
      now,
    );
    await audit("job-link-renewed", job.title);
    await enqueueMail(trx, newLinkEmail(homeownerOf(job), job, token, context), now);
    return { ok: true, jobId: job.id };
  });
}
