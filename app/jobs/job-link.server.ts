/**
 * A job's homeowner link: one link in force per job, which every email about the job carries (the
 * database keeps its hash to find the job, and a copy sealed with the server's key to mail it
 * again), until 'Send the homeowner a new link' ends it. The link opens the job's page while the
 * job is open, to the warranty's end once it is completed (a year at least), and for 90 days once
 * it is cancelled; after that, and once ended, it opens the dead-link page.
 */
import type { Kysely } from "kysely";
import { findByLinkToken, hashToken, randomToken, SPENT_LINK, type DeadLink } from "~/infra/link-token.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { sealWithServerKey, unsealWithServerKey } from "~/infra/seal.server";
import { moveAcceptedQuoteLink } from "~/quotes/quote-link.server";
import { dayOf } from "~/time/business-time";
import { dayLabel, isLinkAnswer, LINK_ANSWERS, linkLastDay, type DeskLinkView } from "./job-rules";
import type { JobState } from "./jobs-tables";

type Db = Kysely<Database>;

/** A link that opens its job now: the job and the lead it belongs to. */
export interface OpenJobLink {
  state: "open";
  jobId: string;
  leadId: string;
}

/**
 * The one lookup behind every page of a homeowner's job link (the page, its photos, its documents,
 * its change orders): open while the link is in force and the job within its link's life; 404 for
 * a link never sent (or a lead held as spam), 410 for one that was and has ended.
 */
export async function openJobLink(db: Db, token: unknown, now: Date = new Date()): Promise<OpenJobLink | DeadLink> {
  const found = await findByLinkToken(token, (tokenHash) => openJobLinkByHash(db, tokenHash, now));
  return found.state === "found" ? found.record : found;
}

/**
 * The same lookup for a caller that has read the token already (`findByLinkToken`) and holds its
 * hash: undefined for a link never sent.
 */
export async function openJobLinkByHash(
  db: Db,
  tokenHash: string,
  now: Date = new Date(),
): Promise<OpenJobLink | DeadLink | undefined> {
  const link = await db
    .selectFrom("job_links as k")
    .innerJoin("jobs as j", "j.id", "k.job_id")
    .innerJoin("leads as l", "l.id", "j.lead_id")
    .select(["j.id", "j.lead_id", "j.state", "j.completed_at", "j.cancelled_at", "j.warranty", "k.ended_at"])
    .where("k.token_hash", "=", tokenHash)
    .where("l.quarantined_at", "is", null)
    .executeTakeFirst();
  if (!link) return undefined;
  if (link.ended_at !== null || pageClosed(link, now)) return SPENT_LINK;
  return { state: "open", jobId: link.id, leadId: link.lead_id };
}

/** The job's row as its link's life reads it. */
interface JobLife {
  state: JobState;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
  warranty: string;
}

/** The last day the job's link opens its page (`linkLastDay`); null while the job is open. */
export function lastLinkDayOf(job: JobLife): string | null {
  return linkLastDay({
    state: job.state,
    completedDay: job.completed_at ? dayOf(toDate(job.completed_at)) : null,
    cancelledDay: job.cancelled_at ? dayOf(toDate(job.cancelled_at)) : null,
    warranty: job.warranty,
  });
}

/** The job is over and its link's time with it: no link opens its page any more. */
export function pageClosed(job: JobLife, now: Date): boolean {
  const lastDay = lastLinkDayOf(job);
  return lastDay !== null && dayOf(now) > lastDay;
}

/**
 * What an accepted quote's link is to its job: the job's page while it is the job's link in force
 * ("open"), a dead link once it was ended or its job's time is over, or "none" when the acceptance
 * made no job of it (the lead already had one open).
 */
export async function quoteLinkAsJobLink(db: Db, token: unknown): Promise<OpenJobLink | DeadLink | { state: "none" }> {
  const link = await openJobLink(db, token);
  return link.state === "gone" && link.status === 404 ? { state: "none" } : link;
}

/** A job as its link reads it: the accepted quote, if any, whose contract opens at the same link. */
type LinkedJob = { id: string; lead_id: string; quote_version_id?: string | null };

/**
 * The link to put in an email about the job: the job's one link in force. A job that has none the
 * server can open (its links were made before links were sealed, sealed with a key since lost, or
 * hold a sealed copy that is not their own token) gets one now, and its other links end, so every
 * email from then on carries the same one. Call inside the transaction that holds the job and
 * queues the email.
 */
export async function jobLinkFor(trx: Db, job: LinkedJob, now: Date): Promise<string> {
  const links = await trx
    .selectFrom("job_links")
    .select(["sealed", "token_hash"])
    .where("job_id", "=", job.id)
    .where("ended_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  for (const { sealed, token_hash } of links) {
    const token = sealed === null ? undefined : unsealWithServerKey("job-link", sealed);
    // The seal proves the server made the value, not that it belongs to this row: a sealed copy
    // moved from another job's row would open, and mail that job's link about this one. Only the
    // row's own token, the one its hash finds, is mailed; any other is treated as unreadable, so
    // the job gets a new link. The check needs nothing in the sealed value, so values sealed
    // before it was made are held to it as well.
    if (token !== undefined && hashToken(token) === token_hash) return token;
  }
  return newJobLink(trx, job, now);
}

/** Ends every link of the job and makes the one that replaces them, for the contract's page too. */
export async function newJobLink(trx: Db, job: LinkedJob, now: Date): Promise<string> {
  await trx
    .updateTable("job_links")
    .set({ ended_at: timestamp(now) })
    .where("job_id", "=", job.id)
    .where("ended_at", "is", null)
    .execute();
  const token = randomToken();
  await insertJobLink(trx, job, token, now);
  if (job.quote_version_id) await moveAcceptedQuoteLink(trx, job.quote_version_id, token);
  return token;
}

/** Keeps `token` as a link of the job: its hash to find the job, and its sealed copy to mail it again. */
export async function insertJobLink(trx: Db, job: { id: string; lead_id: string }, token: string, now: Date) {
  await trx
    .insertInto("job_links")
    .values({
      token_hash: hashToken(token),
      job_id: job.id,
      lead_id: job.lead_id,
      sealed: sealWithServerKey("job-link", token),
      created_at: timestamp(now),
    })
    .execute();
}

/** The job's link in force was made within `ms` of `now` in place of another: a renewal just sent. */
export async function renewedWithin(trx: Db, jobId: string, now: Date, ms: number): Promise<boolean> {
  const links = await trx
    .selectFrom("job_links")
    .select(["created_at", "ended_at"])
    .where("job_id", "=", jobId)
    .execute();
  const inForce = links.find((link) => link.ended_at === null);
  return (
    inForce !== undefined &&
    links.some((link) => link.ended_at !== null) &&
    toDate(inForce.created_at).getTime() > now.getTime() - ms
  );
}

/**
 * The server's key was lost, or leaked, and another recorded in its place. A leaked key opens every
 * sealed copy in any copy of the database, so forgetting the copies is not enough: every link in
 * force ends too (the dead-link page from now on, the accepted contract's page with it), and each
 * job's next email carries a new link sealed with the new key. The number of links ended.
 */
export async function endSealedJobLinks(trx: Db, now: Date): Promise<number> {
  const ended = await trx
    .updateTable("job_links")
    .set({ ended_at: timestamp(now) })
    .where("ended_at", "is", null)
    .executeTakeFirst();
  // Ended links' copies too: the old key opens them, and no email will carry them again.
  await trx.updateTable("job_links").set({ sealed: null }).where("sealed", "is not", null).execute();
  return Number(ended.numUpdatedRows);
}

/** The link on the desk's job page: how long it stays open, and the answer to 'Send the homeowner a new link'. */
export function deskLinkView(job: JobLife, answer: string | null, now: Date): DeskLinkView {
  const lastDay = lastLinkDayOf(job);
  return {
    lastDay: lastDay ? dayLabel(lastDay) : null,
    closed: pageClosed(job, now),
    answer: isLinkAnswer(answer) ? LINK_ANSWERS[answer] : null,
    refused: answer === "closed",
  };
}
