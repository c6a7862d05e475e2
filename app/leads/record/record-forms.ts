/**
 * The lead page's forms about the record itself, which post to their own route
 * (`/owner/leads/:id/record`): 'Not spam' on a held lead, and the deletion.
 */
import type { CarriedForms } from "~/forms/carried-answer";

export const RECORD_FORMS: CarriedForms = { intents: ["release", "delete"], fields: ["confirm"] };

/** A deletion done goes to the lead list, which says whose lead it was. */
export const DELETED_FORMS: CarriedForms = { intents: ["delete"], fields: [] };
