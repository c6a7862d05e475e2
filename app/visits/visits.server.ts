/**
 * Site visits in the database: the owner proposes up to three windows, the homeowner confirms one
 * from a link, the owner cancels or proposes again. `visit-changes.server.ts` runs each change in
 * one transaction with the functions here, which write the visit's own rows and the mail it owes,
 * and moves the lead through the lead record's API; the caller nudges the mail worker afterwards.
 *
 * A link's token is stored only as its hash. Confirming claims the visit with a conditional update
 * (`status = 'proposed'`), so of two confirmations at once (two windows, two tabs, two servers)
 * exactly one finds the visit still proposed; the other is told the link no longer works.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  findByLinkToken,
  hashToken,
  randomToken,
  SPENT_LINK,
  UNKNOWN_LINK,
  type DeadLink,
} from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { dayOf, startOfDay } from "~/time/business-time";
import {
  cancellationEmails,
  invitationEmails,
  proposalEmail,
  VISIT_LINK_DAYS,
  type BookedVisit,
  type CancellationReason,
  type VisitLead,
} from "./visit-emails.server";
import type { ProposedWindow } from "./windows";
import type { MailContext } from "~/settings/env.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the homeowner's confirmation is recorded as in the lead's history. */
export const HOMEOWNER_ACTOR = "the homeowner";

type Trx = Kysely<Database>;

/**
 * Ends the lead's open visit, if any, and queues what the homeowner (and, for a booked one, the
 * owner) must hear. Returns whether there was one.
 */
export async function endOpenVisit(
  trx: Trx,
  lead: VisitLead,
  reason: Exclude<CancellationReason, "deleted">,
  context: MailContext,
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

/**
 * Offers the homeowner these windows (the caller has ended any visit before): the visit, one link
 * per window, and the email that carries the links.
 */
export async function offerWindows(
  trx: Trx,
  lead: VisitLead,
  windows: readonly ProposedWindow[],
  actor: string,
  context: MailContext,
  now: Date,
): Promise<void> {
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
  await enqueueMail(trx, proposalEmail(lead, offered, context), now);
}

export type LinkState =
  { state: "ready"; startsAt: Date; endsAt: Date } | { state: "confirmed"; startsAt: Date; endsAt: Date } | DeadLink;

/**
 * What a visit link shows. Used, expired, withdrawn, unknown and malformed links all read "gone":
 * the page must not tell a stranger holding an old link anything about the visit or the person.
 */
export async function visitLink(db: Kysely<Database>, token: unknown, now: Date = new Date()): Promise<LinkState> {
  const found = await findByLinkToken(token, (tokenHash) =>
    db
      .selectFrom("visit_windows as w")
      .innerJoin("site_visits as v", "v.id", "w.visit_id")
      .select(["w.starts_at", "w.ends_at", "w.expires_at", "w.used_at", "v.status"])
      .where("w.token_hash", "=", tokenHash)
      .executeTakeFirst(),
  );
  if (found.state === "gone") return found;
  const row = found.record;
  if (row.used_at !== null || row.status !== "proposed" || toDate(row.expires_at) <= now) return SPENT_LINK;
  return { state: "ready", startsAt: toDate(row.starts_at), endsAt: toDate(row.ends_at) };
}

export type WindowClaim =
  | { claimed: true; leadId: string; visit: Omit<BookedVisit, "ownerEmail"> & { ownerEmail: string } }
  | { claimed: false; link: LinkState };

/**
 * The homeowner confirms the window whose link's token hashes to `tokenHash` (the caller read the
 * token with `findByLinkToken`): the visit is booked at its times and every link of the visit is
 * spent (the chosen one, and the others it releases). The caller moves the lead and then queues
 * the invitations.
 */
export async function claimWindow(trx: Trx, tokenHash: string, now: Date): Promise<WindowClaim> {
  const window = await trx
    .selectFrom("visit_windows")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!window) return { claimed: false, link: UNKNOWN_LINK };
  if (window.used_at !== null || toDate(window.expires_at) <= now) return { claimed: false, link: SPENT_LINK };
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
  if (Number(claimed.numUpdatedRows) === 0) return { claimed: false, link: SPENT_LINK };
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
  return {
    claimed: true,
    leadId: window.lead_id,
    visit: { id: visit.id, startsAt, endsAt, sequence: visit.sequence, ownerEmail: visit.proposed_by },
  };
}

/** The invitation with its calendar file, to the homeowner and the owner, once a visit is booked. */
export async function queueInvitations(
  trx: Trx,
  lead: VisitLead,
  visit: BookedVisit,
  context: MailContext,
  now: Date,
): Promise<void> {
  for (const mail of invitationEmails(lead, visit, context, now)) await enqueueMail(trx, mail, now);
}

/**
 * Before a lead is deleted: its booked visit is in the homeowner's calendar and the owner's, so
 * both get the calendar file that removes it. The messages are not tied to the lead (it is about
 * to go, and with it everything queued about it), so they are sent after it is gone.
 */
export async function queueCancellationsBeforeDeletion(
  trx: Trx,
  lead: VisitLead,
  context: MailContext,
  now: Date,
): Promise<number> {
  const booked = await trx
    .selectFrom("site_visits")
    .selectAll()
    .where("lead_id", "=", lead.id)
    .where("status", "=", "confirmed")
    .execute();
  let queued = 0;
  for (const visit of booked) {
    if (!visit.starts_at || !visit.ends_at) continue;
    const mails = cancellationEmails(
      lead,
      {
        id: visit.id,
        sequence: visit.sequence + 1,
        ownerEmail: visit.proposed_by,
        booked: { startsAt: toDate(visit.starts_at), endsAt: toDate(visit.ends_at) },
      },
      "deleted",
      context,
      now,
    );
    for (const mail of mails) await enqueueMail(trx, { ...mail, leadId: undefined }, now);
    queued++;
  }
  return queued;
}

export interface LeadVisit {
  status: "proposed" | "confirmed";
  proposedBy: string;
  proposedAt: Date;
  windows: { startsAt: Date; endsAt: Date; chosen: boolean }[];
}

/** The lead's open visit (offered or booked), for its desk page. */
export async function visitOfLead(db: Kysely<Database>, leadId: string): Promise<LeadVisit | undefined> {
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

/** Booked visits from the start of the business's today on, soonest first. */
export function upcomingVisits(db: Kysely<Database>, now: Date = new Date(), limit = 50): Promise<UpcomingVisit[]> {
  return bookedVisits(db, { from: startOfDay(dayOf(now)), limit });
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
