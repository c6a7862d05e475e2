/**
 * Deleting a lead, from the desk or from `npm run leads -- --delete`: the same steps either way.
 *
 * Everything about the person goes: the lead, its photos, notes, history, visits, queued mail and
 * pushes, its idempotency key, and the mail written about it as files. Before the rows go, each
 * feature holding something outside the database about the lead does its part (a booked visit is
 * withdrawn from both calendars): the steps are gathered in `app/server/delete-lead.server.ts`,
 * because the lead record sits below the features and imports none of them. The audit log keeps
 * that the lead was deleted, when and by whom, but nothing about the person.
 *
 * One transaction: the files are deleted inside it, so if they cannot be, the lead stays and the
 * deletion can be tried again rather than leaving copies behind.
 */
import type { Kysely } from "kysely";
import { mailContext, type Env, type MailContext } from "~/settings/env.server";
import { deleteLeadMailFiles } from "~/infra/mail-files.server";
import { toDate, type Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { deskChange } from "~/owner/desk-change.server";
import { LEAD_CHILD_TABLES } from "./lead-tables.server";
import { isLeadId } from "./queries.server";

type Db = Kysely<Database>;

/** Deletes the leads with these ids and every row about them; no mail, no files, no audit. */
export async function deleteLeadRows(trx: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  for (const table of LEAD_CHILD_TABLES) await trx.deleteFrom(table).where("lead_id", "in", ids).execute();
  const result = await trx.deleteFrom("leads").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface DeletedLead {
  id: string;
  name: string;
  createdAt: Date;
  photoCount: number;
  /** It was held as suspected spam. */
  quarantined: boolean;
  /** Mail files about it that were deleted. */
  mailFiles: number;
  /** What each step did, by its name: e.g. how many booked visits it withdrew. */
  steps: Record<string, number>;
  /** A step queued mail (a withdrawn visit's cancellation), which leaves once the deletion commits. */
  queuedMail: boolean;
}

/** The lead as a deletion step sees it, just before its rows go. */
export interface LeadBeingDeleted {
  id: string;
  name: string;
  email: string;
  address: string;
}

/**
 * A feature's part in deleting a lead, run inside the deletion's transaction before the rows go.
 * It returns how many things it did. Mail it owes is queued without the lead's id, so that it
 * outlives the deletion; a step that owes none says so, and the mail worker is not woken for it.
 */
export interface LeadDeletionStep {
  name: string;
  /** False for a step that keeps or moves rows and owes no mail. */
  queuesMail?: boolean;
  run(trx: Db, lead: LeadBeingDeleted, context: MailContext, now: Date): Promise<number>;
}

export interface DeleteOptions {
  /** The owner who deleted it; null for the command line. */
  actor: Actor | null;
  now?: Date;
}

/** Deletes the lead with this exact id after every step; undefined when there is none. */
export async function deleteLeadRecord(
  db: Db,
  id: string,
  env: Pick<Env, "dataDir" | "siteUrl" | "leadsTo">,
  options: DeleteOptions,
  steps: readonly LeadDeletionStep[],
): Promise<DeletedLead | undefined> {
  if (!isLeadId(id)) return undefined;
  const now = options.now ?? new Date();
  return deskChange(db, options.actor, now, async ({ trx, audit }) => {
    const lead = await trx
      .selectFrom("leads")
      .select(["id", "name", "email", "address", "created_at", "quarantined_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!lead) return undefined;
    const photos = await trx
      .selectFrom("lead_photos")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("lead_id", "=", id)
      .executeTakeFirstOrThrow();
    const context = mailContext(env);
    const done: Record<string, number> = {};
    for (const step of steps) done[step.name] = await step.run(trx, lead, context, now);
    await deleteLeadRows(trx, [id]);
    const quarantined = lead.quarantined_at !== null;
    await audit("lead-deleted", quarantined ? `${id} (spam)` : id);
    const mailFiles = await deleteLeadMailFiles(env.dataDir, id);
    return {
      id,
      name: lead.name,
      createdAt: toDate(lead.created_at),
      photoCount: Number(photos.n),
      quarantined,
      mailFiles,
      steps: done,
      queuedMail: steps.some((step) => step.queuesMail !== false && (done[step.name] ?? 0) > 0),
    };
  });
}
