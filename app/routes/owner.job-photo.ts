/** /owner/jobs/:id/photos/:file: a job's progress photo, for a signed-in owner only, never cached. */
import { jobPhotoFile } from "~/jobs/job-photos.server";
import { photoResponse } from "~/jobs/job-photo-response.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.job-photo";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  return photoResponse(await jobPhotoFile(db, params.id, params.file), { "Cache-Control": "private, no-store" });
}
