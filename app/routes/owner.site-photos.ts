/**
 * /owner/site/photos: a photo for a written page (a service page, an article), as the editors'
 * script sends it (`sendDeskPhoto` posts to the page's path + `/photos`), answered in JSON. It is
 * stored as sent and made ready by the `site-photos` job; the editor places it in the page's
 * Markdown by its id. A foreign Origin is refused before this runs, as for every post
 * (`server/http.server.ts`).
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { readDeskPhotoForm, wantsJson } from "~/owner/photo-form.server";
import { sitePath } from "~/owner/paths";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { takeSitePhoto } from "~/site-pages/site-photos.server";
import type { Route } from "./+types/owner.site-photos";

const refused = (status: number, error: string) => Response.json({ ok: false, error, field: "photo" }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  // The script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (wantsJson(request) ? requireOwnerOr401 : requireOwner)(request, context);
  const read = await readDeskPhotoForm(request);
  if (!read.ok) return refused(read.status, read.message);
  const form = read.form;
  try {
    // The key is the sender's crypto.randomUUID(): anything else was not sent by the editors.
    const uploadKey = form.fields.get("upload_key");
    if (!isId(uploadKey)) return refused(400, "The photo was sent without its key. Reload the page and try again.");
    const file = form.files.find((f) => f.field === "photo");
    if (!file) return refused(400, "Choose a photo first.");
    const taken = await takeSitePhoto(db, { file, uploadKey, uploadedBy: actor.email });
    if (!taken.ok) return refused(taken.status, taken.error);
    return Response.json(
      { ok: true, photoId: taken.photoId, message: "Photo received: it is being made ready." },
      { status: taken.duplicate ? 200 : 201 },
    );
  } finally {
    await form.dispose();
  }
}

/** A GET has nothing to show: the Site page leads to the editors. */
export function loader() {
  return redirect(sitePath, 303);
}
