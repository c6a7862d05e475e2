/** /owner/jobs/:id/photos/:file: a job's progress photo, for a signed-in owner only, never cached. */
import { isId } from "~/forms/ids";
import { jobPhotoFile } from "~/jobs/job-photos.server";
import { photoResponse } from "~/jobs/job-photo-response.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.job-photo";

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  // As every desk route: a job id that cannot name a job is answered as an unknown photo, after the
  // sign-in and before any query. The file's name is held to its own shape by `jobPhotoFile`.
  if (!isId(params.id)) return photoResponse(undefined, headers);
  return photoResponse(await jobPhotoFile(db, params.id, params.file), headers);
}
