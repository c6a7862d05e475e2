/**
 * Asking for a review: once per lead, by the owner's button on a Won lead or by the automatic
 * request (a switch on /owner/site, off until the owner turns it on) when the lead's job is
 * completed, or three days after Won for a lead without a job. Every Won lead is asked the same
 * way; only when, not who, depends on the job.
 *
 * Once: the request's row has the lead's id as primary key, and is inserted in the transaction
 * that queues the email, with "on conflict do nothing". Of two owners' taps, or two instances'
 * automatic runs, exactly one inserts and queues; a crash does both or neither.
 *
 * The link's token is stored only as its hash. It works once (publishing a review spends it with a
 * conditional update) and for 60 days. A homeowner who unsubscribes is never asked again, for
 * this job or another at the same address.
 */
import type { Kysely } from "kysely";
import { findByLinkToken, hashToken, randomToken, SPENT_LINK, type DeadLink } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { reviewRequestEmail } from "./review-email.server";
import { AUTO_ASK_AFTER_DAYS, REVIEW_LINK_DAYS } from "./review-rules";
import { inTransaction } from "~/infra/transaction.server";

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const AUTO_ASK_KEY = "review_auto_ask";
/** Leads won longer ago than this are not asked automatically: the switch is not a retroactive campaign. */
const AUTO_ASK_LOOK_BACK_DAYS = 30;
export const AUTOMATIC = "automatic";

/** Who asks: the signed-in owner, by the lead page's button, or the automatic request. */
export type Asker = Actor | typeof AUTOMATIC;

export type AskOutcome =
  { asked: true } | { asked: false; reason: "not-won" | "missing" | "already-asked" | "unsubscribed"; message: string };

const refusals = {
  missing: "This lead no longer exists.",
  "not-won": "Ask for a review once the lead is Won.",
  "already-asked": "This homeowner has already been asked for a review of this job.",
  unsubscribed: "This homeowner asked not to be asked for reviews.",
} as const;

const refused = (reason: keyof typeof refusals): AskOutcome => ({ asked: false, reason, message: refusals[reason] });

/** Sends the one review request of a Won lead, asked by the owner or AUTOMATIC. */
export async function askForReview(
  db: Db,
  leadId: string,
  by: Asker,
  siteUrl: string,
  now: Date = new Date(),
): Promise<AskOutcome> {
  return inTransaction(db, async (trx) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "name", "email", "status"])
      .where("id", "=", leadId)
      .where("quarantined_at", "is", null)
      .executeTakeFirst();
    if (!lead) return refused("missing");
    if (lead.status !== "won") return refused("not-won");
    const email = lead.email.toLowerCase();
    const declined = await trx
      .selectFrom("review_requests")
      .select("lead_id")
      .where("email", "=", email)
      .where("declined_at", "is not", null)
      .executeTakeFirst();
    if (declined) return refused("unsubscribed");
    const token = randomToken();
    const inserted = await trx
      .insertInto("review_requests")
      .values({
        lead_id: lead.id,
        email,
        token_hash: hashToken(token),
        requested_by: by === AUTOMATIC ? AUTOMATIC : by.email,
        requested_at: timestamp(now),
        expires_at: timestamp(new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS)),
        used_at: null,
        declined_at: null,
      })
      .onConflict((oc) => oc.column("lead_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return refused("already-asked");
    await enqueueMail(trx, reviewRequestEmail({ leadId: lead.id, name: lead.name, email, token, siteUrl }), now);
    return { asked: true };
  });
}

/**
 * Won leads never asked whose moment has come, oldest first: a lead with a job is asked once the
 * job is completed (the day it is marked so, by the desk, or here if that was missed); a lead
 * without one three days after Won. A lead whose job is still open waits.
 */
export async function leadsDueForAutomaticRequest(db: Db, now: Date, limit = 100): Promise<string[]> {
  const lookBack = timestamp(new Date(now.getTime() - AUTO_ASK_LOOK_BACK_DAYS * DAY_MS));
  const rows = await db
    .selectFrom("leads")
    .leftJoin("review_requests", "review_requests.lead_id", "leads.id")
    .select("leads.id")
    .where("leads.status", "=", "won")
    .where("leads.quarantined_at", "is", null)
    .where("review_requests.lead_id", "is", null)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("jobs")
            .select("jobs.id")
            .whereRef("jobs.lead_id", "=", "leads.id")
            .where("jobs.state", "in", ["scheduled", "started"]),
        ),
      ),
    )
    .where(({ and, eb, exists, not, or, selectFrom }) => {
      const completedJobs = selectFrom("jobs")
        .select("jobs.id")
        .whereRef("jobs.lead_id", "=", "leads.id")
        .where("jobs.state", "=", "completed");
      return or([
        exists(completedJobs.where("jobs.completed_at", ">", lookBack)),
        and([
          not(exists(completedJobs)),
          eb("leads.won_at", "<=", timestamp(new Date(now.getTime() - AUTO_ASK_AFTER_DAYS * DAY_MS))),
          eb("leads.won_at", ">", lookBack),
        ]),
      ]);
    })
    .orderBy("leads.won_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The scheduler's job: asks every lead that is due, when the owner switched it on; returns how many. */
export async function sendDueReviewRequests(db: Db, siteUrl: string, now: Date = new Date()): Promise<number> {
  if (!(await automaticRequestsOn(db))) return 0;
  let sent = 0;
  for (const id of await leadsDueForAutomaticRequest(db, now)) {
    const outcome = await askForReview(db, id, AUTOMATIC, siteUrl, now);
    if (outcome.asked) sent++;
  }
  return sent;
}

export async function automaticRequestsOn(db: Db): Promise<boolean> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", AUTO_ASK_KEY).executeTakeFirst();
  return row?.value === "1";
}

export async function setAutomaticRequests(db: Db, on: boolean, actor: Actor, now: Date = new Date()): Promise<void> {
  await deskChange(db, actor, now, async ({ trx, audit }) => {
    await trx
      .insertInto("app_meta")
      .values({ key: AUTO_ASK_KEY, value: on ? "1" : "0" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: on ? "1" : "0" }))
      .execute();
    await audit("review-auto-ask", on ? "on" : "off");
  });
}

export type RequestState =
  { state: "not-asked" } | { state: "asked" | "reviewed" | "unsubscribed" | "expired"; at: Date; by: string };

/** Where a lead's request stands, for the lead page. */
export async function requestOfLead(db: Db, leadId: string, now: Date = new Date()): Promise<RequestState> {
  const row = await db.selectFrom("review_requests").selectAll().where("lead_id", "=", leadId).executeTakeFirst();
  if (!row) return { state: "not-asked" };
  const at = toDate(row.requested_at);
  const by = row.requested_by;
  if (row.declined_at !== null) return { state: "unsubscribed", at, by };
  if (row.used_at !== null) return { state: "reviewed", at, by };
  if (toDate(row.expires_at) <= now) return { state: "expired", at, by };
  return { state: "asked", at, by };
}

export type LinkState = { state: "ready"; leadId: string; name: string; address: string } | DeadLink;

/** What a review link opens: the form, or one neutral page for a link spent, expired or unknown. */
export async function reviewLink(db: Db, token: unknown, now: Date = new Date()): Promise<LinkState> {
  const found = await findByLinkToken(token, (tokenHash) =>
    db
      .selectFrom("review_requests as r")
      .innerJoin("leads as l", "l.id", "r.lead_id")
      .select(["r.lead_id", "r.expires_at", "r.used_at", "r.declined_at", "l.name", "l.address"])
      .where("r.token_hash", "=", tokenHash)
      .executeTakeFirst(),
  );
  if (found.state === "gone") return found;
  const row = found.record;
  if (row.used_at !== null || row.declined_at !== null || toDate(row.expires_at) <= now) return SPENT_LINK;
  return { state: "ready", leadId: row.lead_id, name: row.name, address: row.address };
}

/**
 * Spends the link: true for exactly one caller, while it is unused, not unsubscribed and not
 * expired. Call inside the transaction that stores the review.
 */
export async function spendLink(trx: Db, tokenHash: string, leadId: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("review_requests")
    .set({ used_at: timestamp(now) })
    .where("token_hash", "=", tokenHash)
    .where("lead_id", "=", leadId)
    .where("used_at", "is", null)
    .where("declined_at", "is", null)
    .where("expires_at", ">", timestamp(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The unsubscribe (one click from the mail client, or the button): the link stops working and nobody asks again. */
export async function unsubscribeFromReviews(db: Db, token: unknown, now: Date = new Date()): Promise<boolean> {
  const declined = await findByLinkToken(token, async (tokenHash) => {
    const result = await db
      .updateTable("review_requests")
      .set({ declined_at: timestamp(now) })
      .where("token_hash", "=", tokenHash)
      .where("declined_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? result : undefined;
  });
  return declined.state === "found";
}
