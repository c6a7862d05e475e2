/**
 * /job/:token/photos/:file: a progress photo, behind the homeowner's link. Private to whoever holds
 * the link, so never stored by a shared cache; shown, never run.
 */
import { getDatabase } from "~/infra/db.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { jobPhotoByLink } from "~/jobs/homeowner-job.server";
import { photoResponse } from "~/jobs/job-photo-response.server";
import type { Route } from "./+types/job-photo";

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  return photoResponse(await jobPhotoByLink(db, params.token, params.file), tokenLinkHeaders());
}
