/** /owner/watch/photos/:file: a home watch photo, for a signed-in owner only, never cached. */
import { photoResponse } from "~/jobs/job-photo-response.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { watchPhotoForOwner } from "~/watch/watch-photos.server";
import type { Route } from "./+types/owner.watch-photo";

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  return photoResponse(await watchPhotoForOwner(db, params.file), headers);
}
