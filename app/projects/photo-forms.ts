/**
 * A project's photo forms, which post to their own route (`/owner/projects/:id/photos`): their
 * intents, and the fields a refused one is shown again with.
 */
import type { CarriedForms } from "~/forms/carried-answer";

export const PHOTO_FORMS: CarriedForms = {
  intents: ["add-photo", "describe-photo", "cover", "remove-photo"],
  fields: ["photoId", "description", "label", "photo"],
};
