/**
 * Changes to a lead after it arrived: its status (set on the desk, or moved by a site visit), its
 * notes, and the reminder it earned. Every change is written to the lead's history with who made
 * it, in the same transaction as the change, and these functions are the only ones that write a
 * lead's status: the visits ask for theirs here.
 */
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { hiddenCharacterError } from "~/forms/plain-text";
import { timestamp, type Database } from "~/infra/schema.server";
import {
  isLeadStatus,
  isLostReason,
  LOST_REASON_LABELS,
  NOTE_MAX_LENGTH,
  STATUS_LABELS,
  statusLabel,
  type LeadStatus,
  type LostReason,
} from "./status";

type Db = Kysely<Database>;

export type ChangeResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

export type HistoryKind = "status" | "note" | "visit" | "quote";

/** One line of the lead's history. Call inside the transaction that makes the change. */
export async function recordEvent(
  trx: Db,
  leadId: string,
  actor: string,
  kind: HistoryKind,
  detail: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("lead_events")
    .values({ id: randomUUID(), lead_id: leadId, actor, kind, detail, created_at: timestamp(now) })
    .execute();
}

/** A lead as a change needs it: its current status and whether it was ever answered. */
export interface LeadState {
  id: string;
  status: string;
  lost_reason?: string | null;
  first_reply_at: Date | string | null;
}

/**
 * The columns to set when a lead changes status: the first change away from New is when the
 * business first answered, which the numbers page measures.
 */
export function firstReply(lead: LeadState, next: string, now: Date): { first_reply_at?: string } {
  return lead.first_reply_at === null && lead.status === "new" && next !== "new"
    ? { first_reply_at: timestamp(now) }
    : {};
}

/**
 * Moves the lead to `next` (with `reason` for Lost) and writes the change to its history; nothing
 * when it is there already. Call inside a transaction that has read `lead`.
 */
export async function moveStatus(
  trx: Db,
  lead: LeadState,
  next: LeadStatus,
  actor: string,
  now: Date,
  reason: LostReason | null = null,
): Promise<void> {
  if (lead.status === next && (lead.lost_reason ?? null) === reason) return;
  await trx
    .updateTable("leads")
    .set({
      status: next,
      lost_reason: reason,
      ...firstReply(lead, next, now),
      // The automatic review request counts its days from here.
      ...(next === "won" ? { won_at: timestamp(now) } : {}),
    })
    .where("id", "=", lead.id)
    .execute();
  const to = STATUS_LABELS[next] + (reason ? ` (${LOST_REASON_LABELS[reason]})` : "");
  await recordEvent(trx, lead.id, actor, "status", `Status: ${statusLabel(lead.status)} → ${to}`, now);
}

/**
 * The lead as a change reads it, held by the transaction until it ends; held spam is not changed.
 * The hold is an update that sets nothing new: on PostgreSQL it takes the row's lock, so two
 * changes of one lead (a newer quote being sent while the homeowner accepts the older one) run one
 * after the other, the second seeing what the first committed. SQLite's transactions already take
 * the database's write lock when they begin.
 */
export async function leadForChange(trx: Db, id: string) {
  const held = await trx
    .updateTable("leads")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", id)
    .where("quarantined_at", "is", null)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) === 0) return undefined;
  return trx
    .selectFrom("leads")
    .select(["id", "name", "email", "address", "status", "lost_reason", "first_reply_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The desk's status form: a status from the list, and for Lost the reason. */
export async function setLeadStatus(
  db: Db,
  id: string,
  rawStatus: unknown,
  rawReason: unknown,
  actor: Actor,
  now: Date = new Date(),
): Promise<ChangeResult> {
  if (!isLeadStatus(rawStatus)) return { ok: false, status: 400, error: "Choose a status from the list." };
  let reason: LostReason | null = null;
  if (rawStatus === "lost") {
    if (!isLostReason(rawReason))
      return {
        ok: false,
        status: 400,
        error: "Say why the lead was lost: price, timing, no answer, not our work or other.",
      };
    reason = rawReason;
  }
  return deskChange(db, actor, now, async ({ trx }): Promise<ChangeResult> => {
    const lead = await leadForChange(trx, id);
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    await moveStatus(trx, lead, rawStatus, actor.email, now, reason);
    return { ok: true };
  });
}

export async function addLeadNote(
  db: Db,
  id: string,
  rawBody: unknown,
  actor: Actor,
  now: Date = new Date(),
): Promise<ChangeResult> {
  const body = typeof rawBody === "string" ? rawBody.trim() : "";
  if (!body) return { ok: false, status: 400, error: "Write the note first." };
  const hidden = hiddenCharacterError(body, "The note", true);
  if (hidden) return { ok: false, status: 400, error: hidden };
  if (body.length > NOTE_MAX_LENGTH)
    return { ok: false, status: 400, error: `Notes can be at most ${NOTE_MAX_LENGTH} characters.` };
  return deskChange(db, actor, now, async ({ trx }): Promise<ChangeResult> => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
    if (!lead) return { ok: false, status: 404, error: "This lead no longer exists." };
    await trx
      .insertInto("lead_notes")
      .values({ id: randomUUID(), lead_id: id, author: actor.email, body, created_at: timestamp(now) })
      .execute();
    await recordEvent(trx, id, actor.email, "note", "Added a note", now);
    return { ok: true };
  });
}

/**
 * Claims the lead's one reminder: true only for the caller that set `reminded_at`, and only while
 * the lead is still New and not held as spam. Of two instances looking at the same moment exactly
 * one gets true; call inside the transaction that queues the reminder, so a crash either queues it
 * and records it or does neither.
 */
export async function claimReminder(trx: Db, leadId: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("leads")
    .set({ reminded_at: timestamp(now) })
    .where("id", "=", leadId)
    .where("reminded_at", "is", null)
    .where("status", "=", "new")
    .where("quarantined_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
