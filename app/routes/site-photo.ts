/**
 * /site-photos/:name, a written page's photo file by its content-hashed name: cached for a year
 * once a published page has shown the photo. Until then it is shown only to a signed-in owner (the
 * editors' previews), and never cached.
 */
import { getDatabase } from "~/infra/db.server";
import { photoFileAnswer } from "~/infra/photo-files.server";
import { readSession } from "~/owner/sessions.server";
import { sitePhotoFile } from "~/site-pages/site-photos.server";
import type { Route } from "./+types/site-photo";

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  return photoFileAnswer(
    params.name,
    (name) => sitePhotoFile(db, name),
    async () => Boolean(await readSession(db, request)),
  );
}
