/**
 * Reviews once written: publishing one (it is public within seconds, whatever its rating: no queue
 * stands between the homeowner and the page), hiding one for one of the four public reasons,
 * showing it again, the owner's one public reply, and the desk's list. Every change bumps the live
 * version in its own transaction (see `app/live/`); hiding, showing and replying go in the audit log.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { findByLinkToken, isLinkToken, SPENT_LINK, UNKNOWN_LINK, type DeadLink } from "~/infra/link-token.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { markLiveChange } from "~/live/version.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { spendLink } from "./review-requests.server";
import { checkReply, checkReview, isHideReason, type ReviewErrors, type ReviewValues } from "./review-rules";
import type { ReviewHiddenReason } from "./reviews-tables";
import { inTransaction } from "~/infra/transaction.server";

type Db = Kysely<Database>;

export type SubmitOutcome =
  | { ok: true; id: string }
  | { ok: false; kind: "invalid"; errors: ReviewErrors }
  | { ok: false; kind: "gone"; status: 404 | 410 };

const gone = (link: DeadLink): SubmitOutcome => ({ ok: false, kind: "gone", status: link.status });

/**
 * Publishes the homeowner's review and spends the link, in one transaction. Bad input is refused
 * before the link is touched, so the homeowner can correct it; a link spent by another tab, or
 * expired meanwhile, stores nothing.
 */
export async function submitReview(
  db: Db,
  token: unknown,
  values: ReviewValues,
  now: Date = new Date(),
): Promise<SubmitOutcome> {
  // A stranger's guess is refused as the link it is not, before anything typed is judged.
  if (!isLinkToken(token)) return gone(UNKNOWN_LINK);
  const checked = checkReview(values);
  if (!checked.ok) return { ok: false, kind: "invalid", errors: checked.errors };
  const { review } = checked;
  // The homeowner's own change, made with their link: no owner, nothing for the desk's audit log,
  // so it is no deskChange; moving the version still tells the instances once it commits.
  const outcome = await inTransaction(db, async (trx): Promise<SubmitOutcome> => {
    const request = await findByLinkToken(token, (tokenHash) =>
      trx
        .selectFrom("review_requests")
        .select(["lead_id", "token_hash"])
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst(),
    );
    if (request.state === "gone") return gone(request);
    if (!(await spendLink(trx, request.record.token_hash, request.record.lead_id, now))) return gone(SPENT_LINK);
    const id = randomUUID();
    await trx
      .insertInto("reviews")
      .values({
        id,
        lead_id: request.record.lead_id,
        rating: review.rating,
        body: review.body,
        display_name: review.name,
        town: review.town,
        created_at: timestamp(now),
        hidden_reason: null,
        hidden_by: null,
        hidden_at: null,
        reply_body: null,
        reply_by: null,
        reply_at: null,
      })
      .execute();
    await markLiveChange(trx, now);
    return { ok: true, id };
  });
  return outcome;
}

export type DeskChange = { ok: true; message: string } | { ok: false; status: 400 | 404; error: string };

/** Hides a review for one of the public reasons; the count of hidden reviews on /reviews grows with it. */
export async function hideReview(
  db: Db,
  id: string,
  reason: unknown,
  actor: Actor,
  now = new Date(),
): Promise<DeskChange> {
  if (!isHideReason(reason))
    return { ok: false, status: 400, error: "Choose the reason for hiding it: only the four listed are allowed." };
  const hidden = await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const result = await trx
      .updateTable("reviews")
      .set({ hidden_reason: reason satisfies ReviewHiddenReason, hidden_by: actor.email, hidden_at: timestamp(now) })
      .where("id", "=", id)
      .where("hidden_reason", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLive();
    await audit("review-hidden", `${id} ${reason}`);
    return true;
  });
  if (!hidden) return { ok: false, status: 404, error: "This review does not exist or is hidden already." };
  return { ok: true, message: "Hidden. /reviews counts it among the hidden reviews, with its reason." };
}

export async function showReview(db: Db, id: string, actor: Actor, now = new Date()): Promise<DeskChange> {
  const shown = await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const result = await trx
      .updateTable("reviews")
      .set({ hidden_reason: null, hidden_by: null, hidden_at: null })
      .where("id", "=", id)
      .where("hidden_reason", "is not", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLive();
    await audit("review-shown", id);
    return true;
  });
  if (!shown) return { ok: false, status: 404, error: "This review does not exist or is not hidden." };
  return { ok: true, message: "Shown again on the site." };
}

/** The owner's one public reply: writing it again replaces it. */
export async function replyToReview(
  db: Db,
  id: string,
  raw: unknown,
  actor: Actor,
  now = new Date(),
): Promise<DeskChange> {
  const checked = checkReply(typeof raw === "string" ? raw : "");
  if (!checked.ok) return { ok: false, status: 400, error: checked.error };
  const replied = await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const result = await trx
      .updateTable("reviews")
      .set({ reply_body: checked.body, reply_by: actor.email, reply_at: timestamp(now) })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLive();
    await audit("review-replied", id);
    return true;
  });
  if (!replied) return { ok: false, status: 404, error: "This review no longer exists." };
  return { ok: true, message: "Reply published." };
}

export interface DeskReview {
  id: string;
  leadId: string;
  rating: number;
  body: string;
  name: string;
  town: string;
  createdAt: Date;
  hiddenReason: ReviewHiddenReason | null;
  hiddenBy: string | null;
  hiddenAt: Date | null;
  reply: string | null;
}

/** Every review, hidden ones included, newest first. */
export async function listReviews(db: Db, limit = 500): Promise<DeskReview[]> {
  const rows = await db
    .selectFrom("reviews")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leadId: r.lead_id,
    rating: r.rating,
    body: r.body,
    name: r.display_name,
    town: r.town,
    createdAt: toDate(r.created_at),
    hiddenReason: r.hidden_reason,
    hiddenBy: r.hidden_by,
    hiddenAt: r.hidden_at === null ? null : toDate(r.hidden_at),
    reply: r.reply_body,
  }));
}
