/**
 * /projects/photos/:name, a project's photo file by its content-hashed name: cached for a year,
 * since a name never shows other bytes. A photo of a project that is not published is shown only
 * to a signed-in owner (the desk's drafts), and never cached.
 */
import { getDatabase } from "~/infra/db.server";
import { photoFileAnswer } from "~/infra/photo-files.server";
import { readSession } from "~/owner/sessions.server";
import { photoFile } from "~/projects/project-photos.server";
import type { Route } from "./+types/project-photo";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  return photoFileAnswer(
    params.name,
    (name) => photoFile(db, name),
    async () => Boolean(await readSession(db, request)),
  );
}
