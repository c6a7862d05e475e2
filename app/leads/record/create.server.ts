/**
 * A lead arriving: the request's row, its photos and everything it owes (the owner's notification,
 * the visitor's confirmation when its budget allows, a push to every owner's device), written in
 * one transaction, so an acknowledged request is never half stored and never mailed without being
 * stored. A lead held as suspected spam owes nothing until it is released.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { getEnv } from "~/settings/env.server";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import { leadSearchText, timestamp, type Database } from "~/infra/schema.server";
import { recordKey, type KeyedRequest } from "../estimate-idempotency.server";
import type { EstimateValues } from "../estimate-schema";
import { newLeadAlert } from "./alert-text";
import { mayConfirm } from "./confirmation-limits.server";
import { ownerNotification, visitorConfirmation, type LeadForEmail } from "./emails.server";
import { visibleNotice } from "~/notices/notices.server";
import { inTransaction } from "~/infra/transaction.server";

export interface NewPhoto {
  id: string;
  fileName: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface NewLead {
  /** As checked and stored: the phone already written the one way the desk shows it. */
  values: EstimateValues;
  /** The service the request is for, when the form that sent it says (the home watch form does). */
  service?: string;
  photos: readonly NewPhoto[];
  /** The site page the form was sent from. */
  sourcePath?: string;
  /** Set when the post is held as suspected spam (e.g. "honeypot"). */
  spamReason?: string;
  /** A keyed hash of the client's address, never the address. */
  ipHash: string | null;
  userAgent: string | null;
  /** The request's idempotency key: a second copy of the request fails at it, before its photos are written. */
  keyed?: KeyedRequest;
}

/** The lead's row as it is first written. */
export function leadRow(id: string, lead: Omit<NewLead, "photos" | "keyed">, now: Date) {
  return {
    id,
    created_at: timestamp(now),
    ...lead.values,
    ip_hash: lead.ipHash,
    user_agent: lead.userAgent,
    quarantined_at: lead.spamReason === undefined ? null : timestamp(now),
    spam_reason: lead.spamReason ?? null,
    source_path: lead.sourcePath ?? null,
    service: lead.service ?? null,
    search_text: leadSearchText(lead.values),
  };
}

/**
 * Queues what a lead owes when it arrives, or when it is released from quarantine as if it had
 * just arrived. Call inside the transaction that stores or releases the lead.
 */
export async function queueArrival(
  trx: Kysely<Database>,
  lead: LeadForEmail,
  options: { confirm: boolean; now: Date },
): Promise<void> {
  const env = getEnv();
  const notification = ownerNotification(lead, {
    leadsTo: env.leadsTo,
    maxAttachmentBytes: env.mailMaxAttachmentBytes,
    siteUrl: env.siteUrl,
  });
  await enqueueMail(trx, notification, options.now);
  // The notice up on the site (closed for a holiday, storm work first) is repeated while it lasts.
  if (options.confirm)
    await enqueueMail(
      trx,
      visitorConfirmation(lead, env.leadsTo, { notice: await visibleNotice(trx, options.now), siteUrl: env.siteUrl }),
      options.now,
    );
  const alert = newLeadAlert({ id: lead.id, ...lead.values, photoCount: lead.photos.length });
  await enqueuePush(trx, "lead-push", alert, lead.id, options.now);
}

/** Stores the lead and what it owes; returns its id. */
export async function createLead(db: Kysely<Database>, lead: NewLead, now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  const { values, photos, spamReason, service } = lead;
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("leads")
      .values(leadRow(id, lead, now))
      .execute();
    // Straight after the lead: a second copy of the request fails here, before its photos are written.
    if (lead.keyed) await recordKey(trx, lead.keyed, id, now);
    // Spent only once the key is ours: a copy of this request that loses the race to store it must
    // not use up the address's one confirmation a day before the copy that wins asks for it. On
    // SQLite the budgets share this connection, so a failed transaction gives the budget back; on
    // PostgreSQL a losing copy waits at the key above and never gets here.
    const confirm = spamReason === undefined && (await mayConfirm(values.email));
    for (const [position, photo] of photos.entries()) {
      await trx
        .insertInto("lead_photos")
        .values({
          id: photo.id,
          lead_id: id,
          position,
          file_name: photo.fileName,
          content_type: photo.contentType,
          bytes: photo.data.length,
          data: photo.data,
          width: photo.width,
          height: photo.height,
        })
        .execute();
    }
    if (spamReason === undefined) {
      const stored = photos.map((p) => ({
        id: p.id,
        fileName: p.fileName,
        contentType: p.contentType,
        bytes: p.data.length,
      }));
      await queueArrival(trx, { id, createdAt: now, values, service, photos: stored }, { confirm, now });
    }
  });
  return id;
}

/**
 * A lead the owner opens on the desk for a homeowner already known (a repair a home watch visit
 * found): stored in the caller's transaction, with its line of history, and owing nothing. The
 * homeowner was not the one asking, so no confirmation goes out, and the owner who opened it needs
 * no notification.
 */
export async function openLeadOnDesk(
  trx: Kysely<Database>,
  lead: {
    id: string;
    values: EstimateValues;
    sourcePath: string;
    openedBy: string;
    why: string;
    /** Photos already stripped and re-encoded (a visit's of the Issue), kept as a request's are. */
    photos?: readonly DeskLeadPhoto[];
  },
  now: Date,
): Promise<string> {
  const { id } = lead;
  await trx
    .insertInto("leads")
    .values({
      ...leadRow(id, { values: lead.values, sourcePath: lead.sourcePath, ipHash: null, userAgent: null }, now),
      // Opened by the owner, who is already answering it: it is not waiting for a first reply.
      status: "contacted",
      first_reply_at: timestamp(now),
    })
    .execute();
  await trx
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_id: id,
      actor: lead.openedBy,
      kind: "status",
      detail: lead.why,
      created_at: timestamp(now),
    })
    .execute();
  for (const [position, photo] of (lead.photos ?? []).entries())
    await trx
      .insertInto("lead_photos")
      .values({
        id: randomUUID(),
        lead_id: id,
        position,
        file_name: photo.fileName,
        content_type: photo.contentType,
        bytes: photo.data.length,
        data: photo.data,
        width: photo.width,
        height: photo.height,
      })
      .execute();
  return id;
}

export interface DeskLeadPhoto {
  fileName: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}
