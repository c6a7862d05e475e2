/**
 * /watch/:token/photos/:file: a home watch photo behind the plan's link (a baseline, or a finished
 * visit's). Private to whoever holds the link, so never stored by a shared cache; shown, never run.
 */
import { getDatabase } from "~/infra/db.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { photoResponse } from "~/jobs/job-photo-response.server";
import { watchPhotoByLink } from "~/watch/watch-photos.server";
import type { Route } from "./+types/watch-photo";

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  return photoResponse(await watchPhotoByLink(db, params.token, params.file), tokenLinkHeaders());
}
