/**
 * The alerts' tables: the owners' devices that receive pushes, and the days whose morning digest
 * went out.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

export interface DigestDaysTable {
  /** YYYY-MM-DD in New Jersey. */
  day: string;
  claimed_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: string;
  owner_id: string;
  /** The push service's address for this browser; only hosts in PUSH_SERVICE_HOSTS are kept. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url: what the payload is encrypted to. */
  p256dh: string;
  auth: string;
  device_name: string;
  created_at: Timestamp;
}

declare module "~/infra/schema.server" {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
    digest_days: DigestDaysTable;
  }
}
