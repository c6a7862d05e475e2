/**
 * The lead page's visit forms, which post to their own route (`/owner/leads/:id/visit`): their
 * intents, and the fields a refused proposal is shown again with.
 */
import type { CarriedForms } from "~/forms/carried-answer";
import { fieldName, MAX_WINDOWS } from "./windows";

export const VISIT_FORMS: CarriedForms = {
  intents: ["propose-visit", "cancel-visit"],
  fields: Array.from({ length: MAX_WINDOWS }, (_, i) =>
    (["date", "start", "end"] as const).map((part) => fieldName(i + 1, part)),
  ).flat(),
};
