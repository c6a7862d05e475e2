/**
 * /owner/site/photos/:ref: how a photo sent from a page editor is coming along (being made ready,
 * ready with a small file to show, or refused and why), as JSON for the editor's script, which asks
 * every few seconds until it is ready. Only a signed-in owner is answered.
 */
import { OWNER_PHOTO_REF, ownerPhotoId } from "~/content/owner-photos";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { previewOf } from "~/site-pages/page-picture-checks.server";
import { sitePhotosByIds } from "~/site-pages/site-photos.server";
import type { Route } from "./+types/owner.site-photo-state";

const answer = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  if (!OWNER_PHOTO_REF.test(params.ref)) return answer({ error: "No such photo." }, 404);
  const [row] = await sitePhotosByIds(db, [ownerPhotoId(params.ref)]);
  return row ? answer(previewOf(row)) : answer({ error: "No such photo." }, 404);
}
