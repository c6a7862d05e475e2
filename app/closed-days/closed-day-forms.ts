/**
 * The site page's closed-day forms, which post to their own route (`/owner/site/closed-days`):
 * their intents, and the fields a refused day is shown again with.
 */
import type { CarriedForms } from "~/forms/carried-answer";

export const CLOSED_DAY_FORMS: CarriedForms = {
  intents: ["add-closed-day", "remove-closed-day"],
  fields: ["firstDay", "lastDay", "label"],
};
