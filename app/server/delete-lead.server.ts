/**
 * Deleting a lead, from the desk or the command line. The lead record deletes the rows; each
 * feature that put something about the lead outside the database does its part first, in the same
 * transaction. The list is here, above the features, because the lead record imports none of them:
 * a feature that adds such a thing adds its step to this list.
 */
import type { Kysely } from "kysely";
import type { Env } from "~/settings/env.server";
import type { Database } from "~/infra/schema.server";
import {
  deleteLeadRecord,
  type DeletedLead,
  type DeleteOptions,
  type LeadDeletionStep,
} from "~/leads/record/delete.server";
import { keepBusinessRecords } from "~/invoices/kept-records.server";
import { queueCancellationsBeforeDeletion } from "~/visits/visits.server";

/** The name under which the result counts the booked visits withdrawn. */
export const VISITS_WITHDRAWN = "visitsWithdrawn";

const STEPS: readonly LeadDeletionStep[] = [
  // A booked visit sits in both calendars; the cancellation removes it there.
  { name: VISITS_WITHDRAWN, run: queueCancellationsBeforeDeletion },
  // Signed contracts, invoices and payments are the business's records: they are kept, with
  // their PDFs, and lose their tie to the lead.
  keepBusinessRecords,
];

export function deleteLead(
  db: Kysely<Database>,
  id: string,
  env: Pick<Env, "dataDir" | "siteUrl" | "leadsTo">,
  options: DeleteOptions,
): Promise<DeletedLead | undefined> {
  return deleteLeadRecord(db, id, env, options, STEPS);
}
