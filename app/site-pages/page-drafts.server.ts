/**
 * A written page's draft: the editor's fields as an owner saved them, kept until the page is
 * published or the draft discarded, shared by the owners and never shown to the public (only the
 * desk's preview renders it). What was typed is kept as typed, even where it would not publish yet.
 *
 * Each save moves the draft's revision. A save names the revision its form was filled from and is
 * refused when another owner saved in between, so the second owner is told and keeps their words on
 * the form rather than silently overwriting the first's. The check cannot be raced: the revision is
 * matched in the same update that moves it.
 */
import type { Kysely } from "kysely";
import { timestamp, toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import type { PageKind } from "./page-kinds";
import "./site-page-tables";

export interface PageDraft {
  fields: Record<string, string>;
  basedOn: number;
  revision: number;
  savedBy: string;
  savedAt: Date;
}

/** The most bytes a draft keeps: an article's form at its longest is far less. */
export const MAX_DRAFT_BYTES = 512 * 1024;

const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string");

export async function readDraft(db: Kysely<Database>, kind: PageKind, name: string): Promise<PageDraft | undefined> {
  const row = await db
    .selectFrom("site_page_drafts")
    .selectAll()
    .where("kind", "=", kind)
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields: unknown = JSON.parse(row.fields);
  return {
    fields: isTextRecord(fields) ? fields : {},
    basedOn: Number(row.based_on),
    revision: Number(row.revision),
    savedBy: row.saved_by,
    savedAt: toDate(row.saved_at),
  };
}

export type DraftSaveOutcome =
  | { ok: true; revision: number }
  | { ok: false; reason: "stale"; draft: PageDraft | undefined }
  | { ok: false; reason: "too-large" };

const isKeyClash = (error: unknown) =>
  error instanceof Error && /unique|primary key|duplicate key/i.test(error.message);

/**
 * Saves the form's `fields` as the page's draft, on the draft revision the form was filled from
 * (0: there was none), begun on the page's version `basedOn`.
 */
export async function saveDraft(
  db: Kysely<Database>,
  actor: Actor,
  input: { kind: PageKind; name: string; fields: Record<string, string>; basedOn: number; revision: number },
  now: Date = new Date(),
): Promise<DraftSaveOutcome> {
  const { kind, name } = input;
  const fields = JSON.stringify(input.fields);
  if (Buffer.byteLength(fields) > MAX_DRAFT_BYTES) return { ok: false, reason: "too-large" };
  const row = { fields, based_on: input.basedOn, saved_by: actor.email, saved_at: timestamp(now) };
  const stale = async (): Promise<DraftSaveOutcome> => ({
    ok: false,
    reason: "stale",
    draft: await readDraft(db, kind, name),
  });
  try {
    return await deskChange(db, actor, now, async ({ trx }) => {
      if (input.revision === 0) {
        await trx
          .insertInto("site_page_drafts")
          .values({ kind, name, revision: 1, ...row })
          .execute();
        return { ok: true as const, revision: 1 };
      }
      const moved = await trx
        .updateTable("site_page_drafts")
        .set({ revision: input.revision + 1, ...row })
        .where("kind", "=", kind)
        .where("name", "=", name)
        .where("revision", "=", input.revision)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1 ? { ok: true as const, revision: input.revision + 1 } : undefined;
    }).then((outcome) => outcome ?? stale());
  } catch (error) {
    if (isKeyClash(error)) return stale();
    throw error;
  }
}

/**
 * Removes the page's draft: after a publish of it (only the revision that was published, so a
 * newer save by another owner stays), or when an owner discards it. True when one was removed.
 */
export async function dropDraft(
  db: Kysely<Database>,
  actor: Actor,
  input: { kind: PageKind; name: string; revision: number; discarded: boolean },
  now: Date = new Date(),
): Promise<boolean> {
  return deskChange(db, actor, now, async ({ trx, audit }) => {
    const dropped = await trx
      .deleteFrom("site_page_drafts")
      .where("kind", "=", input.kind)
      .where("name", "=", input.name)
      .where("revision", "=", input.revision)
      .executeTakeFirst();
    const done = Number(dropped.numDeletedRows) === 1;
    if (done && input.discarded) await audit("site-page-draft-discarded", `${input.kind} ${input.name}`);
    return done;
  });
}
