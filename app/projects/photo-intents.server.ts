/**
 * A project's photo forms, by their `intent`: add one (from the page's script, or the page's form
 * without JavaScript), describe and label one, choose the cover, remove one. The photos route
 * dispatches them all; the project's page only the upload its form without JavaScript posts.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { answerDone, answerRefused, type Answered } from "~/infra/page-post.server";
import type { Database } from "~/infra/schema.server";
import type { ParsedForm } from "~/infra/uploads.server";
import type { Actor } from "~/owner/actor";
import { photoLabel, takePhoto } from "./photo-intake.server";
import { chooseCover, describePhoto, removePhoto, type PhotoChange } from "./photo-edits.server";
import { MAX_DESCRIPTION } from "./project-rules";

export type PhotoIntent = "add-photo" | "describe-photo" | "cover" | "remove-photo";

export function photoIntents(
  db: Kysely<Database>,
  actor: Actor,
  projectId: string,
  form: ParsedForm,
): Record<PhotoIntent, (intent: PhotoIntent) => Promise<Answered>> {
  const field = (name: string, max: number) => (form.fields.get(name) ?? "").slice(0, max);
  const photoId = () => field("photoId", 80);
  // A refusal about one photo names it, so the page shows the message at that photo's row.
  const edited = (intent: PhotoIntent, changed: PhotoChange, done: string) =>
    changed.ok
      ? answerDone(intent, done)
      : answerRefused(intent, changed.status, { form: changed.error }, { photoId: photoId() });
  return {
    "add-photo": async (intent) => {
      const file = form.files[0];
      if (!file) {
        const message = "Choose a photo to add.";
        return answerRefused(intent, 400, { photo: message, form: message });
      }
      const taken = await takePhoto(db, projectId, {
        file,
        description: field("description", MAX_DESCRIPTION + 50),
        label: photoLabel(field("label", 10)),
        uploadKey: field("upload_key", 80) || randomUUID(),
      });
      if (!taken.ok)
        return answerRefused(intent, taken.status, { [taken.field ?? "photo"]: taken.error, form: taken.error });
      return answerDone(intent, "Photo added. It is being processed and shows below when ready.", {
        made: taken.photoId,
      });
    },
    "describe-photo": async (intent) =>
      edited(
        intent,
        await describePhoto(
          db,
          projectId,
          photoId(),
          field("description", MAX_DESCRIPTION + 50),
          photoLabel(field("label", 10)),
          actor,
        ),
        "Photo saved.",
      ),
    cover: async (intent) => edited(intent, await chooseCover(db, projectId, photoId(), actor), "Cover chosen."),
    "remove-photo": async (intent) =>
      edited(intent, await removePhoto(db, projectId, photoId(), actor), "Photo removed."),
  };
}
