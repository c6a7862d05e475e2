/**
 * The notice on every public page: publishing one (which ends the one before), removing it, and
 * the history the desk lists. Each change bumps the live version in its own transaction, so every
 * instance renders its pages again (see `app/live/`), and goes in the audit log.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { getEnv } from "~/settings/env.server";
import { normalizeNotice, noticeParts, type NoticeTone, type PublicNotice } from "./notice-text";
import type { SiteNoticesTable } from "./notices-tables";

export interface Notice {
  id: string;
  body: string;
  tone: NoticeTone;
  startsAt: Date | null;
  endsAt: Date | null;
  publishedBy: string;
  publishedAt: Date;
  removedBy: string | null;
  removedAt: Date | null;
}

function fromRow(row: Selectable<SiteNoticesTable>): Notice {
  return {
    id: row.id,
    body: row.body,
    tone: row.tone,
    startsAt: row.starts_at === null ? null : toDate(row.starts_at),
    endsAt: row.ends_at === null ? null : toDate(row.ends_at),
    publishedBy: row.published_by,
    publishedAt: toDate(row.published_at),
    removedBy: row.removed_by,
    removedAt: row.removed_at === null ? null : toDate(row.removed_at),
  };
}

/** The notice that is up, or waiting for its start: not removed and not yet ended. */
export async function currentNotice(db: Kysely<Database>, now: Date = new Date()): Promise<Notice | undefined> {
  const row = await db
    .selectFrom("site_notices")
    .selectAll()
    .where("removed_at", "is", null)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", timestamp(now))]))
    .orderBy("published_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The notice as pages show it at `now`: none while it waits for its start. */
export async function visibleNotice(db: Kysely<Database>, now: Date = new Date()): Promise<PublicNotice | null> {
  const notice = await currentNotice(db, now);
  if (!notice || (notice.startsAt && notice.startsAt > now)) return null;
  return { tone: notice.tone, parts: noticeParts(notice.body, getEnv().siteUrl) };
}

/** Newest first, the current one included. */
export async function listNotices(db: Kysely<Database>, limit = 20): Promise<Notice[]> {
  const rows = await db.selectFrom("site_notices").selectAll().orderBy("published_at", "desc").limit(limit).execute();
  return rows.map(fromRow);
}

export interface NoticeDraft {
  body: string;
  tone: NoticeTone;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** Publishes a notice that was checked; the one up before it is recorded as removed by this publish. */
export async function publishNotice(
  db: Kysely<Database>,
  draft: NoticeDraft,
  actor: Actor,
  now: Date = new Date(),
): Promise<Notice> {
  const notice: Notice = {
    id: randomUUID(),
    body: normalizeNotice(draft.body),
    tone: draft.tone,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    publishedBy: actor.email,
    publishedAt: now,
    removedBy: null,
    removedAt: null,
  };
  await deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    await trx
      .updateTable("site_notices")
      .set({ removed_at: timestamp(now), removed_by: actor.email })
      .where("removed_at", "is", null)
      .execute();
    await trx
      .insertInto("site_notices")
      .values({
        id: notice.id,
        body: notice.body,
        tone: notice.tone,
        starts_at: notice.startsAt && timestamp(notice.startsAt),
        ends_at: notice.endsAt && timestamp(notice.endsAt),
        published_by: actor.email,
        published_at: timestamp(now),
      })
      .execute();
    await markLive();
    await audit("notice-published", notice.body);
  });
  return notice;
}

/** Takes the current notice down; false when none was up. */
export async function removeNotice(db: Kysely<Database>, actor: Actor, now: Date = new Date()): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, markLive, audit }) => {
    const result = await trx
      .updateTable("site_notices")
      .set({ removed_at: timestamp(now), removed_by: actor.email })
      .where("removed_at", "is", null)
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", timestamp(now))]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await markLive();
    await audit("notice-removed");
    return true;
  });
}
