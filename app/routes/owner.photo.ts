/** /owner/leads/:id/photos/:photoId: a lead's photo, for a signed-in owner only, never cached. */
import { contentDisposition } from "~/infra/content-disposition.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { leadPhoto } from "~/leads/record/queries.server";
import type { Route } from "./+types/owner.photo";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwnerOr401(request, context);
  const photo = await leadPhoto(db, params.id, params.photoId);
  if (!photo)
    return new Response("No such photo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(photo.data), {
    headers: {
      "Content-Type": photo.content_type,
      "Cache-Control": "private, no-store",
      // Shown, never run: the bytes were re-encoded at upload, and this keeps it that way.
      "Content-Disposition": contentDisposition("inline", photo.file_name),
    },
  });
}
