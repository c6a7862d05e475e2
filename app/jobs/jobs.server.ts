/**
 * Jobs begin and end here: a job is scheduled when a quote is accepted (in the acceptance's own
 * transaction), cancelled with the contract when the homeowner cancels within their three
 * business days, and the desk reads them for its calendar and the job's page. A lead has at most
 * one open job; the database's unique index holds that against two presses at once.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { HOMEOWNER } from "~/paperwork/contract-terms";
import type { AcceptedContract } from "~/quotes/accept-quote.server";
import { formatCents } from "~/paperwork/money";
import { dayOf } from "~/time/business-time";
import { insertJobLink } from "./job-link.server";
import { OPEN_STATES, TITLE_MAX } from "./job-rules";
import type { JobState } from "./jobs-tables";

type Db = Kysely<Database>;

/** One line of the job's history. Call inside the transaction that makes the change. */
export async function recordJobEvent(
  trx: Db,
  job: { id: string; lead_id: string },
  actor: string,
  detail: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("job_events")
    .values({ id: randomUUID(), job_id: job.id, lead_id: job.lead_id, actor, detail, created_at: timestamp(now) })
    .execute();
}

/** The job's name on the desk: the first line of the work as the contract describes it. */
export function titleOf(work: string, fallback: string): string {
  const first = work.split(/\r?\n/, 1)[0]?.trim() ?? "";
  if (!first) return fallback;
  return first.length > TITLE_MAX ? `${first.slice(0, TITLE_MAX - 1)}…` : first;
}

async function openJobOf(trx: Db, leadId: string) {
  return trx
    .selectFrom("jobs")
    .select(["id", "state"])
    .where("lead_id", "=", leadId)
    .where("state", "in", [...OPEN_STATES])
    .executeTakeFirst();
}

/**
 * Schedules the job of a contract just accepted. The homeowner's quote link becomes the job's
 * one link, which every email about the job carries from then on. A lead that already has an open
 * job (small work started without a quote) keeps it, and its history says that the contract arrived.
 */
export async function scheduleJobFromQuote(trx: Db, contract: AcceptedContract, now: Date): Promise<void> {
  const existing = await openJobOf(trx, contract.leadId);
  if (existing) {
    await recordJobEvent(
      trx,
      { id: existing.id, lead_id: contract.leadId },
      HOMEOWNER,
      `Quote version ${contract.version} accepted (${formatCents(contract.totalCents)}) while this job was open`,
      now,
    );
    return;
  }
  const job = { id: randomUUID(), lead_id: contract.leadId };
  await trx
    .insertInto("jobs")
    .values({
      ...job,
      quote_version_id: contract.versionId,
      state: "scheduled",
      title: titleOf(contract.work, `Quote version ${contract.version}`),
      base_cents: contract.totalCents,
      tax_rate_milli_percent: contract.taxRateMilliPercent,
      start_day: contract.startDay || null,
      completion_day: contract.completionDay || null,
      warranty: contract.warranty,
      created_by: HOMEOWNER,
      created_at: timestamp(now),
      updated_at: timestamp(now),
    })
    .execute();
  await insertJobLink(trx, job, contract.token, now);
  await recordJobEvent(
    trx,
    job,
    HOMEOWNER,
    `Scheduled from quote version ${contract.version}, accepted for ${formatCents(contract.totalCents)}`,
    now,
  );
}

/**
 * The contract of `versionId` was cancelled in time: its job, not yet completed, ends with it.
 * Returns the job it cancelled, for what else ends with it (its invoices).
 */
export async function cancelJobOfQuote(
  trx: Db,
  cancelled: { leadId: string; versionId: string },
  now: Date,
): Promise<{ id: string; lead_id: string } | undefined> {
  const job = await trx
    .selectFrom("jobs")
    .select(["id", "lead_id"])
    .where("quote_version_id", "=", cancelled.versionId)
    .where("state", "in", [...OPEN_STATES])
    .executeTakeFirst();
  if (!job) return undefined;
  await trx
    .updateTable("jobs")
    .set({ state: "cancelled", cancelled_at: timestamp(now), updated_at: timestamp(now) })
    .where("id", "=", job.id)
    .execute();
  await recordJobEvent(trx, job, HOMEOWNER, "Cancelled: the homeowner cancelled the contract", now);
  return job;
}

export interface JobListing {
  id: string;
  lead_id: string;
  lead_name: string;
  title: string;
  state: JobState;
  start_day: string | null;
  completion_day: string | null;
}

/**
 * The desk's calendar: every open job, and those completed or cancelled from `fromDay` on, by start
 * day (undated last), then completion.
 */
export async function jobsForCalendar(db: Db, fromDay: string): Promise<JobListing[]> {
  return (
    db
      .selectFrom("jobs as j")
      .innerJoin("leads as l", "l.id", "j.lead_id")
      .select(["j.id", "j.lead_id", "l.name as lead_name", "j.title", "j.state", "j.start_day", "j.completion_day"])
      // Suspected spam stays off the desk's lists, as on the leads' page.
      .where("l.quarantined_at", "is", null)
      .where((eb) =>
        eb.or([
          eb("j.state", "in", [...OPEN_STATES]),
          eb.and([eb("j.state", "in", ["completed", "cancelled"]), eb("j.completion_day", ">=", fromDay)]),
        ]),
      )
      .orderBy((eb) => eb.case().when("j.start_day", "is", null).then(1).else(0).end())
      .orderBy("j.start_day")
      .orderBy("j.completion_day")
      .orderBy("j.created_at")
      .execute()
  );
}

/** How many jobs are late on `today` (the rule of `isLate`), as the calendar lists them: for the desk's navigation. */
export async function countLateJobs(db: Db, today: string): Promise<number> {
  const row = await db
    .selectFrom("jobs as j")
    .innerJoin("leads as l", "l.id", "j.lead_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("l.quarantined_at", "is", null)
    .where("j.state", "in", [...OPEN_STATES])
    .where("j.completion_day", "is not", null)
    .where("j.completion_day", "<", today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function jobById(db: Db, id: string) {
  return db
    .selectFrom("jobs as j")
    .innerJoin("leads as l", "l.id", "j.lead_id")
    .selectAll("j")
    .select(["l.name as lead_name", "l.email as lead_email", "l.address as lead_address"])
    .where("j.id", "=", id)
    .where("l.quarantined_at", "is", null)
    .executeTakeFirst();
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof jobById>>>;

/** The lead's job: its open one, else its latest. */
export async function jobOfLead(db: Db, leadId: string) {
  return db
    .selectFrom("jobs")
    .select(["id", "state", "title"])
    .where("lead_id", "=", leadId)
    .orderBy((eb) =>
      eb
        .case()
        .when("state", "in", [...OPEN_STATES])
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function jobHistory(db: Db, jobId: string) {
  return db
    .selectFrom("job_events")
    .select(["actor", "detail", "created_at"])
    .where("job_id", "=", jobId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Whether a quote of the lead waits for the homeowner's answer: its acceptance would start a job of
 * its own, so small work does not start meanwhile.
 */
export async function leadHasQuoteWaiting(db: Db, leadId: string): Promise<boolean> {
  const row = await db
    .selectFrom("quote_versions")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the lead has a job scheduled or started: one at a time. */
export async function leadHasOpenJob(db: Db, leadId: string): Promise<boolean> {
  return (await openJobOf(db, leadId)) !== undefined;
}

/** The job, held by the transaction so two changes to it run one after the other. */
export async function holdJob(trx: Db, id: string) {
  const held = await trx
    .updateTable("jobs")
    .set((eb) => ({ state: eb.ref("state") }))
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) return undefined;
  return jobById(trx, id);
}

export type HeldJob = JobRow;

/**
 * The day the job's price was agreed: its contract's acceptance, or for small work begun without a
 * quote the day it was started. Nothing is paid on a contract before it exists.
 */
export async function agreedDayOf(
  db: Db,
  job: { quote_version_id: string | null; created_at: Date | string },
): Promise<string> {
  const accepted = job.quote_version_id
    ? await db
        .selectFrom("quote_versions")
        .select("accepted_at")
        .where("id", "=", job.quote_version_id)
        .executeTakeFirst()
    : undefined;
  return dayOf(toDate(accepted?.accepted_at ?? job.created_at));
}

/** The contract total: the accepted quote (or the agreed price) and every change order signed since. */
export async function contractTotalOf(db: Db, job: { id: string; base_cents: number }): Promise<number> {
  const row = await db
    .selectFrom("change_orders")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("changes"))
    .where("job_id", "=", job.id)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  return job.base_cents + Number(row?.changes ?? 0);
}

/** One of a lead's job documents (a change order, its signed copy, the warranty), for the desk. */
export async function leadJobDocument(db: Db, leadId: string, documentId: string) {
  const [order, warranty] = await Promise.all([
    db
      .selectFrom("change_orders")
      .select("id")
      .where("lead_id", "=", leadId)
      .where((eb) => eb.or([eb("document_id", "=", documentId), eb("signed_document_id", "=", documentId)]))
      .executeTakeFirst(),
    db
      .selectFrom("jobs")
      .select("id")
      .where("lead_id", "=", leadId)
      .where("warranty_document_id", "=", documentId)
      .executeTakeFirst(),
  ]);
  if (!order && !warranty) return undefined;
  return db
    .selectFrom("stored_documents")
    .select(["file_name", "content_type", "data"])
    .where("id", "=", documentId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
}
