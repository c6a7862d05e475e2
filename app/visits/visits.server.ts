/**
 * Site visits in the database: the owner proposes up to three windows, the homeowner confirms one
 * from a link, the owner cancels or proposes again. Each change and the mail it owes commit in one
 * transaction; the caller nudges the mail worker afterwards.
 *
 * A link's token is stored only as its hash. Confirming claims the visit with a conditional update
 * (`status = 'proposed'`), so of two confirmations at once (two windows, two tabs, two servers)
 * exactly one finds the visit still proposed; the other is told the link no longer works.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { enqueueMail } from "~/infra/outbox.server";
import { STATUS_LABELS, statusLabel } from "~/owner/lead-status";
import { addEvent, firstReply, isLeadId } from "~/owner/leads.server";
import { hashToken, randomToken } from "~/owner/tokens.server";
import { formatWindow, startOfDay, njDay } from "./nj-time";
import {
  cancellationEmails,
  invitationEmails,
  proposalEmail,
  VISIT_LINK_DAYS,
  type VisitLead,
  type VisitMailContext,
} from "./visit-emails.server";
import type { ProposedWindow } from "./windows";

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the homeowner's confirmation is recorded as in the lead's history. */
export const HOMEOWNER_ACTOR = "the homeowner";

/** A token as `randomToken` writes it: 32 bytes in base64url. Anything else is not looked up. */
export function isVisitToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export type VisitChange = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

type Trx = Kysely<Database>;

async function leadForVisit(trx: Trx, leadId: string) {
  if (!isLeadId(leadId)) return undefined;
  return trx
    .selectFrom("leads")
    .select(["id", "name", "email", "address", "status", "first_reply_at"])
    .where("id", "=", leadId)
    .where("quarantined_at", "is", null)
    .executeTakeFirst();
}

async function setStatus(
  trx: Trx,
  lead: { id: string; status: string; first_reply_at: Date | string | null },
  next: "visit-proposed" | "visit-scheduled" | "contacted",
  actor: string,
  now: Date,
) {
  if (lead.status === next) return;
  await trx
    .updateTable("leads")
    .set({ status: next, lost_reason: null, ...firstReply(lead, next, now) })
    .where("id", "=", lead.id)
    .execute();
  await addEvent(trx, lead.id, actor, "status", `Status: ${statusLabel(lead.status)} → ${STATUS_LABELS[next]}`, now);
}

/**
 * Ends the lead's open visit, if any, and queues what the homeowner (and, for a booked one, the
 * owner) must hear. Returns whether there was one.
 */
async function endOpenVisit(
  trx: Trx,
  lead: VisitLead,
  reason: "cancelled" | "replaced",
  context: VisitMailContext,
  now: Date,
): Promise<boolean> {
  const open = await trx
    .selectFrom("site_visits")
    .selectAll()
    .where("lead_id", "=", lead.id)
    .where("status", "in", ["proposed", "confirmed"])
    .execute();
  for (const visit of open) {
    const sequence = visit.sequence + 1;
    const ended = await trx
      .updateTable("site_visits")
      .set({ status: reason, ended_at: timestamp(now), sequence })
      .where("id", "=", visit.id)
      .where("status", "=", visit.status)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) continue;
    await trx
      .updateTable("visit_windows")
      .set({ used_at: timestamp(now) })
      .where("visit_id", "=", visit.id)
      .where("used_at", "is", null)
      .execute();
    const booked =
      visit.status === "confirmed" && visit.starts_at && visit.ends_at
        ? { startsAt: toDate(visit.starts_at), endsAt: toDate(visit.ends_at) }
        : null;
    const mails = cancellationEmails(
      lead,
      { id: visit.id, sequence, ownerEmail: visit.proposed_by, booked },
      reason,
      context,
      now,
    );
    for (const mail of mails) await enqueueMail(trx, mail, now);
  }
  return open.length > 0;
}

/** Offers the homeowner these windows, replacing any visit offered or booked before. */
export async function proposeVisit(
  db: Kysely<Database>,
  leadId: string,
  windows: readonly ProposedWindow[],
  actor: string,
  context: VisitMailContext,
  now: Date = new Date(),
): Promise<VisitChange> {
  if (windows.length === 0) return { ok: false, status: 400, error: "Give at least one time." };
  return db.transaction().execute(async (trx): Promise<VisitChange> => {
    const lead = await leadForVisit(trx, leadId);
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    await endOpenVisit(trx, lead, "replaced", context, now);

    const visitId = randomUUID();
    await trx
      .insertInto("site_visits")
      .values({ id: visitId, lead_id: lead.id, status: "proposed", proposed_by: actor, proposed_at: timestamp(now) })
      .execute();
    const expiresAt = timestamp(new Date(now.getTime() + VISIT_LINK_DAYS * DAY_MS));
    const offered = [];
    for (const [index, window] of windows.entries()) {
      const token = randomToken();
      await trx
        .insertInto("visit_windows")
        .values({
          id: randomUUID(),
          visit_id: visitId,
          lead_id: lead.id,
          position: index + 1,
          starts_at: timestamp(window.startsAt),
          ends_at: timestamp(window.endsAt),
          token_hash: hashToken(token),
          expires_at: expiresAt,
        })
        .execute();
      offered.push({ ...window, token });
    }
    await setStatus(trx, lead, "visit-proposed", actor, now);
    const times = windows.map((w) => formatWindow(w.startsAt, w.endsAt)).join("; ");
    await addEvent(trx, lead.id, actor, "visit", `Visit proposed: ${times}`, now);
    await enqueueMail(trx, proposalEmail(lead, offered, context), now);
    return { ok: true };
  });
}

/** Calls off the lead's visit, offered or booked; the lead goes back to Contacted. */
export async function cancelVisit(
  db: Kysely<Database>,
  leadId: string,
  actor: string,
  context: VisitMailContext,
  now: Date = new Date(),
): Promise<VisitChange> {
  return db.transaction().execute(async (trx): Promise<VisitChange> => {
    const lead = await leadForVisit(trx, leadId);
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    if (!(await endOpenVisit(trx, lead, "cancelled", context, now)))
      return { ok: false, status: 409, error: "There is no visit to cancel." };
    if (lead.status === "visit-proposed" || lead.status === "visit-scheduled")
      await setStatus(trx, lead, "contacted", actor, now);
    await addEvent(trx, lead.id, actor, "visit", "Visit cancelled", now);
    return { ok: true };
  });
}

export type LinkState =
  | { state: "ready"; startsAt: Date; endsAt: Date }
  | { state: "confirmed"; startsAt: Date; endsAt: Date }
  /** 404: no such link; 410: a link that was sent but is spent, expired or withdrawn. Shown alike. */
  | { state: "gone"; status: 404 | 410 };

const UNKNOWN = { state: "gone", status: 404 } as const;
const SPENT = { state: "gone", status: 410 } as const;

/**
 * What a visit link shows. Used, expired, withdrawn, unknown and malformed links all read "gone":
 * the page must not tell a stranger holding an old link anything about the visit or the person.
 */
export async function visitLink(db: Kysely<Database>, token: unknown, now: Date = new Date()): Promise<LinkState> {
  if (!isVisitToken(token)) return UNKNOWN;
  const row = await db
    .selectFrom("visit_windows as w")
    .innerJoin("site_visits as v", "v.id", "w.visit_id")
    .select(["w.starts_at", "w.ends_at", "w.expires_at", "w.used_at", "v.status"])
    .where("w.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return UNKNOWN;
  if (row.used_at !== null || row.status !== "proposed" || toDate(row.expires_at) <= now) return SPENT;
  return { state: "ready", startsAt: toDate(row.starts_at), endsAt: toDate(row.ends_at) };
}

/** The homeowner confirms the window behind `token`: the others are released, the lead is scheduled. */
export async function confirmVisit(
  db: Kysely<Database>,
  token: unknown,
  context: VisitMailContext,
  now: Date = new Date(),
): Promise<LinkState> {
  if (!isVisitToken(token)) return UNKNOWN;
  return db.transaction().execute(async (trx): Promise<LinkState> => {
    const window = await trx
      .selectFrom("visit_windows")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirst();
    if (!window) return UNKNOWN;
    if (window.used_at !== null || toDate(window.expires_at) <= now) return SPENT;
    const startsAt = toDate(window.starts_at);
    const endsAt = toDate(window.ends_at);
    const claimed = await trx
      .updateTable("site_visits")
      .set({
        status: "confirmed",
        confirmed_window_id: window.id,
        confirmed_at: timestamp(now),
        starts_at: timestamp(startsAt),
        ends_at: timestamp(endsAt),
      })
      .where("id", "=", window.visit_id)
      .where("status", "=", "proposed")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return SPENT;
    // Every link of the visit is spent: the chosen one, and the others it releases.
    await trx
      .updateTable("visit_windows")
      .set({ used_at: timestamp(now) })
      .where("visit_id", "=", window.visit_id)
      .where("used_at", "is", null)
      .execute();
    const visit = await trx
      .selectFrom("site_visits")
      .select(["id", "sequence", "proposed_by"])
      .where("id", "=", window.visit_id)
      .executeTakeFirstOrThrow();
    const lead = await leadForVisit(trx, window.lead_id);
    if (!lead) return SPENT;
    await setStatus(trx, lead, "visit-scheduled", HOMEOWNER_ACTOR, now);
    await addEvent(trx, lead.id, HOMEOWNER_ACTOR, "visit", `Visit confirmed: ${formatWindow(startsAt, endsAt)}`, now);
    const booked = { id: visit.id, startsAt, endsAt, sequence: visit.sequence, ownerEmail: visit.proposed_by };
    for (const mail of invitationEmails(lead, booked, context, now)) await enqueueMail(trx, mail, now);
    return { state: "confirmed", startsAt, endsAt };
  });
}

export interface LeadVisit {
  status: "proposed" | "confirmed";
  proposedBy: string;
  proposedAt: Date;
  windows: { startsAt: Date; endsAt: Date; chosen: boolean }[];
}

/** The lead's open visit (offered or booked), for its desk page. */
export async function visitOfLead(db: Kysely<Database>, leadId: string): Promise<LeadVisit | undefined> {
  if (!isLeadId(leadId)) return undefined;
  const visit = await db
    .selectFrom("site_visits")
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("status", "in", ["proposed", "confirmed"])
    .orderBy("proposed_at", "desc")
    .executeTakeFirst();
  if (!visit || (visit.status !== "proposed" && visit.status !== "confirmed")) return undefined;
  const windows = await db
    .selectFrom("visit_windows")
    .select(["id", "starts_at", "ends_at"])
    .where("visit_id", "=", visit.id)
    .orderBy("position")
    .execute();
  return {
    status: visit.status,
    proposedBy: visit.proposed_by,
    proposedAt: toDate(visit.proposed_at),
    windows: windows.map((w) => ({
      startsAt: toDate(w.starts_at),
      endsAt: toDate(w.ends_at),
      chosen: w.id === visit.confirmed_window_id,
    })),
  };
}

export interface UpcomingVisit {
  leadId: string;
  name: string;
  address: string;
  startsAt: Date;
  endsAt: Date;
}

/** Booked visits from the start of today (New Jersey) on, soonest first. */
export function upcomingVisits(db: Kysely<Database>, now: Date = new Date(), limit = 50): Promise<UpcomingVisit[]> {
  return bookedVisits(db, { from: startOfDay(njDay(now)), limit });
}

/** Booked visits starting in [from, before), soonest first: the desk's list and the morning digest. */
export async function bookedVisits(
  db: Kysely<Database>,
  range: { from: Date; before?: Date; limit?: number },
): Promise<UpcomingVisit[]> {
  let query = db
    .selectFrom("site_visits as v")
    .innerJoin("leads as l", "l.id", "v.lead_id")
    .select(["v.lead_id", "l.name", "l.address", "v.starts_at", "v.ends_at"])
    .where("v.status", "=", "confirmed")
    .where("v.starts_at", ">=", timestamp(range.from))
    .orderBy("v.starts_at");
  if (range.before) query = query.where("v.starts_at", "<", timestamp(range.before));
  if (range.limit) query = query.limit(range.limit);
  const rows = await query.execute();
  return rows.flatMap((row) =>
    row.starts_at && row.ends_at
      ? [
          {
            leadId: row.lead_id,
            name: row.name,
            address: row.address,
            startsAt: toDate(row.starts_at),
            endsAt: toDate(row.ends_at),
          },
        ]
      : [],
  );
}
