/**
 * How long records other than leads are kept. Leads and their photos stay until the owner deletes
 * them (`npm run leads -- --delete`); everything here is a by-product that should not pile up.
 */
import type { Kysely } from "kysely";
import { deleteMailFilesOlderThan } from "./mail-files.server";
import { timestamp, type Database } from "./schema.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION = {
  /**
   * Sent mail holds copies of lead details; the lead itself is the record worth keeping. The same
   * goes for mail written as files in DATA_DIR/outbox when there is no SMTP server.
   */
  sentMailDays: 30,
  /** Long enough for the owner to look into why a message failed. */
  failedMailDays: 90,
  /** Kept a while so a repeated one-click unsubscribe still finds its subscriber. */
  unsubscribedDays: 30,
  /** Never confirmed: the address's owner may not even know it was entered. */
  unconfirmedDays: 30,
} as const;

export interface PruneCounts {
  mail: number;
  subscribers: number;
}

export async function pruneExpiredRecords(db: Kysely<Database>, now: Date = new Date()): Promise<PruneCounts> {
  const before = (days: number) => timestamp(new Date(now.getTime() - days * DAY_MS));
  const sent = await db
    .deleteFrom("outbox")
    .where("status", "=", "sent")
    .where("sent_at", "<", before(RETENTION.sentMailDays))
    .executeTakeFirst();
  const failed = await db
    .deleteFrom("outbox")
    .where("status", "=", "failed")
    .where("created_at", "<", before(RETENTION.failedMailDays))
    .executeTakeFirst();
  const unsubscribed = await db
    .deleteFrom("subscribers")
    .where("status", "=", "unsubscribed")
    .where("unsubscribed_at", "<", before(RETENTION.unsubscribedDays))
    .executeTakeFirst();
  const unconfirmed = await db
    .deleteFrom("subscribers")
    .where("status", "=", "pending")
    .where("confirm_requested_at", "<", before(RETENTION.unconfirmedDays))
    .executeTakeFirst();
  return {
    mail: Number(sent.numDeletedRows) + Number(failed.numDeletedRows),
    subscribers: Number(unsubscribed.numDeletedRows) + Number(unconfirmed.numDeletedRows),
  };
}

/** Deletes mail files (DATA_DIR/outbox/*.eml) kept longer than sent mail is; returns how many. */
export function pruneExpiredMailFiles(dataDir: string, now: Date = new Date()): Promise<number> {
  return deleteMailFilesOlderThan(dataDir, new Date(now.getTime() - RETENTION.sentMailDays * DAY_MS));
}
