/** /owner/leads/:id/photos/:photoId: a lead's photo, for a signed-in owner only, never cached. */
import { isId } from "~/forms/ids";
import { contentDisposition } from "~/infra/content-disposition.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { leadPhoto } from "~/leads/record/queries.server";
import type { Route } from "./+types/owner.photo";

const notFound = () =>
  new Response("No such photo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  // As every desk route: ids that cannot name a lead or a photo are answered as an unknown photo,
  // after the sign-in and before any query.
  if (!isId(params.id) || !isId(params.photoId)) return notFound();
  const photo = await leadPhoto(db, params.id, params.photoId);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.data), {
    headers: {
      "Content-Type": photo.content_type,
      "Cache-Control": "private, no-store",
      // Shown, never run: the bytes were re-encoded at upload, and this keeps it that way.
      "Content-Disposition": contentDisposition("inline", photo.file_name),
    },
  });
}
