/**
 * Deleting a lead, from the desk or from `npm run leads -- --delete`: the same steps either way.
 *
 * Everything about the person goes: the lead, its photos, notes, history, visits, queued mail and
 * pushes, its idempotency key, and the mail written about it as files. A booked visit is first
 * withdrawn from both calendars (the cancellation goes out after the lead is gone). The audit log
 * keeps that the lead was deleted, when and by whom, but nothing about the person.
 *
 * One transaction: the files are deleted inside it, so if they cannot be, the lead stays and the
 * deletion can be tried again rather than leaving copies behind.
 */
import type { Kysely } from "kysely";
import type { Env } from "~/infra/env.server";
import { deleteLeadMailFiles } from "~/infra/mail-files.server";
import { toDate, type Database } from "~/infra/schema.server";
import { recordAudit } from "~/owner/audit.server";
import { queueCancellationsBeforeDeletion } from "~/visits/visits.server";
import { isLeadId } from "./queries.server";

type Db = Kysely<Database>;

/**
 * The tables that hold a lead's details beside `leads`, children first. Their foreign keys delete
 * them with the lead too; listed so that a database without foreign keys enforced keeps no orphans.
 */
const LEAD_CHILD_TABLES = [
  "lead_photos",
  "lead_notes",
  "lead_events",
  "outbox",
  "visit_windows",
  "site_visits",
  "idempotency_keys",
  "review_requests",
] as const;

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
  /** Booked visits whose cancellation was queued. */
  visitsCancelled: number;
}

export interface DeleteOptions {
  /** The owner who deleted it; null for the command line. */
  actor: string | null;
  /** The client key of the request, when a request did it. */
  client?: string | null;
  now?: Date;
}

/** Deletes the lead with this exact id; undefined when there is none. */
export async function deleteLead(
  db: Db,
  id: string,
  env: Pick<Env, "dataDir" | "siteUrl" | "leadsTo">,
  options: DeleteOptions,
): Promise<DeletedLead | undefined> {
  if (!isLeadId(id)) return undefined;
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
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
    const context = { siteUrl: env.siteUrl, leadsTo: env.leadsTo };
    const visitsCancelled = await queueCancellationsBeforeDeletion(trx, lead, context, now);
    await deleteLeadRows(trx, [id]);
    const quarantined = lead.quarantined_at !== null;
    await recordAudit(
      trx,
      {
        actor: options.actor,
        action: "lead-deleted",
        detail: quarantined ? `${id} (spam)` : id,
        client: options.client,
      },
      now,
    );
    const mailFiles = await deleteLeadMailFiles(env.dataDir, id);
    return {
      id,
      name: lead.name,
      createdAt: toDate(lead.created_at),
      photoCount: Number(photos.n),
      quarantined,
      mailFiles,
      visitsCancelled,
    };
  });
}
