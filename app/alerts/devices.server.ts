/** What the account page shows about the owner's devices for notifications. */
import type { Kysely } from "kysely";
import { getEnv } from "~/settings/env.server";
import type { Database } from "~/infra/schema.server";
import { listDevices } from "./subscriptions.server";
import { vapidDetails } from "./vapid.server";

export interface PushDevicesData {
  devices: { id: string; deviceName: string; createdAt: string }[];
  /** The key a browser subscribes with, so its pushes can be signed by this server. */
  vapidPublicKey: string;
}

export async function pushDevicesData(db: Kysely<Database>, ownerId: string): Promise<PushDevicesData> {
  const devices = await listDevices(db, ownerId);
  return {
    devices: devices.map((d) => ({ id: d.id, deviceName: d.deviceName, createdAt: d.createdAt.toISOString() })),
    vapidPublicKey: (await vapidDetails(db, getEnv())).publicKey,
  };
}
