/**
 * The owners' devices that receive pushes. A device is one browser's push subscription: its
 * endpoint at the push service and the keys the payload is encrypted to. Only endpoints on the
 * push services' hosts are kept (`push-endpoints.ts`); one endpoint is one device, whoever
 * subscribed it last.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import { guessDeviceName } from "~/owner/passkey-client";
import { MAX_ENDPOINT_LENGTH, pushEndpointProblem } from "./push-endpoints";
import { inTransaction } from "~/infra/transaction.server";

/** Far more browsers than one person uses; a bound so a script cannot fill the table. */
export const MAX_DEVICES_PER_OWNER = 20;

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .refine((value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value), `${what} is not base64url.`)
    .refine((value) => Buffer.from(value, "base64url").length === bytes, `${what} must be ${bytes} bytes.`);

/** The JSON of a browser's PushSubscription (`subscription.toJSON()`). */
const subscriptionSchema = z.object({
  endpoint: z
    .string()
    .min(1, "The push endpoint is missing.")
    .max(MAX_ENDPOINT_LENGTH, "The push endpoint is too long."),
  keys: z.object({
    p256dh: base64url(65, "The device's public key").refine(
      (value) => Buffer.from(value, "base64url")[0] === 0x04,
      "The device's public key is not an uncompressed P-256 point.",
    ),
    auth: base64url(16, "The device's auth secret"),
  }),
});

export type BrowserSubscription = z.infer<typeof subscriptionSchema>;

export class SubscriptionError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 | 422,
  ) {
    super(message);
    this.name = "SubscriptionError";
  }
}

/** The subscription as sent by a browser, or a SubscriptionError saying what is wrong with it. */
export function parseSubscription(value: unknown, allowedHosts: readonly string[]): BrowserSubscription {
  const parsed = subscriptionSchema.safeParse(value);
  if (!parsed.success)
    throw new SubscriptionError(parsed.error.issues[0]?.message ?? "The subscription could not be read.", 400);
  const problem = pushEndpointProblem(parsed.data.endpoint, allowedHosts);
  if (problem) throw new SubscriptionError(problem, 422);
  return parsed.data;
}

export interface Device {
  id: string;
  deviceName: string;
  createdAt: Date;
}

/** Stores the subscription for the owner; the same endpoint subscribed again replaces the old row. */
export async function addDevice(
  db: Kysely<Database>,
  ownerId: string,
  subscription: BrowserSubscription,
  userAgent: string,
  now: Date = new Date(),
): Promise<Device> {
  const device = { id: randomUUID(), deviceName: guessDeviceName(userAgent), createdAt: now };
  await inTransaction(db, async (trx) => {
    // Takes the owner's row lock, so two subscriptions at once are counted one after the other
    // (PostgreSQL; SQLite runs one write transaction at a time anyway).
    await trx
      .updateTable("owners")
      .set((eb) => ({ email: eb.ref("email") }))
      .where("id", "=", ownerId)
      .execute();
    await trx.deleteFrom("push_subscriptions").where("endpoint", "=", subscription.endpoint).execute();
    const count = await trx
      .selectFrom("push_subscriptions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("owner_id", "=", ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_DEVICES_PER_OWNER)
      throw new SubscriptionError(
        `You already have ${MAX_DEVICES_PER_OWNER} devices. Remove one you no longer use first.`,
        409,
      );
    await trx
      .insertInto("push_subscriptions")
      .values({
        id: device.id,
        owner_id: ownerId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        device_name: device.deviceName,
        created_at: timestamp(now),
      })
      .execute();
  });
  return device;
}

export async function listDevices(db: Kysely<Database>, ownerId: string): Promise<Device[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "device_name", "created_at"])
    .where("owner_id", "=", ownerId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ id: row.id, deviceName: row.device_name, createdAt: toDate(row.created_at) }));
}

/** Removes one of the owner's own devices (and the pushes still queued for it); false if it is not theirs. */
export async function removeDevice(db: Kysely<Database>, ownerId: string, deviceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", deviceId)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service says the subscription is gone (404, 410): forget the device. */
export async function forgetDevice(db: Kysely<Database>, deviceId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", deviceId).execute();
}
