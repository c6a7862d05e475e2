/**
 * Queuing pushes: one outbox row per device, written in the transaction that stores (or releases)
 * the lead, so a push is owed exactly when the lead exists, and a crash between "success" and
 * delivery loses nothing. The push worker (`alerts/push-worker.server.ts`) sends them.
 *
 * One row per device rather than one per lead fanned out at sending time: each device then has its
 * own lease, retries and outcome, so a phone that is offline or a subscription that has expired
 * (410) never makes the other devices get the same alert twice, and removing a device removes
 * exactly its queued pushes (the row references it).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { nudgeMailWorkers } from "./outbox.server";
import { timestamp, type Database } from "./schema.server";
import { afterCommit } from "./transaction.server";

/** What a push says, as it leaves for the push service (encrypted to the device). */
export interface PushMessage {
  title: string;
  body: string;
  /** The desk page the notification opens. */
  url: string;
  /** A later notification with the same tag replaces this one on the device. */
  tag: string;
}

export type PushKind = "lead-push" | "lead-reminder-push" | "quote-push" | "watch-push";

const messageSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });

export function parsePushMessage(json: string): PushMessage {
  return messageSchema.parse(JSON.parse(json));
}

/** Queues the message for every owner's every device; returns how many pushes were queued. */
export async function enqueuePush(
  trx: Kysely<Database>,
  kind: PushKind,
  message: PushMessage,
  leadId: string,
  now: Date,
): Promise<number> {
  const devices = await trx.selectFrom("push_subscriptions").select("id").execute();
  for (const device of devices)
    await trx
      .insertInto("outbox")
      .values({
        id: randomUUID(),
        channel: "push",
        kind,
        lead_id: leadId,
        subscription_id: device.id,
        recipient: device.id,
        subject: message.title,
        payload: JSON.stringify(message),
        status: "pending",
        next_attempt_at: timestamp(now),
        created_at: timestamp(now),
      })
      .execute();
  if (devices.length > 0) afterCommit(trx, "outbox", nudgeMailWorkers);
  return devices.length;
}
