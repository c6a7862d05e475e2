/**
 * /owner/projects/:id/photos: a project's photo forms (add, describe and label, choose the cover,
 * remove). A route of their own keeps the project's page to its fields and publishing. The page's
 * script sends each photo here and reads the answer in JSON; its other photo forms post here
 * through a fetcher; a browser without JavaScript is sent back to the project's page with the
 * answer in a sealed cookie.
 */
import { data, redirect } from "react-router";
import { isId } from "~/forms/ids";
import { dispatchIntent } from "~/infra/intents.server";
import { describeError, log } from "~/infra/log.server";
import { answerFormsPost, answerRefused, type Answered } from "~/infra/page-post.server";
import { photoJson, readDeskPhotoForm, wantsJson } from "~/owner/photo-form.server";
import { deskProjectPath, deskProjectsPath } from "~/owner/paths";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { PHOTO_FORMS } from "~/projects/photo-forms";
import { photoIntents } from "~/projects/photo-intents.server";
import type { Route } from "./+types/owner.project-photos";

export async function action({ request, params, context }: Route.ActionArgs) {
  const json = wantsJson(request);
  // The page's script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (json ? requireOwnerOr401 : requireOwner)(request, context);
  // As every desk route: an address that cannot name a project is answered before a photo is read,
  // and never reaches a query or the address the answer sends the browser back to.
  if (!isId(params.id)) throw data("This project does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const send = (answered: Answered | Response) =>
    answered instanceof Response || !json
      ? answerFormsPost(request, answered, deskProjectPath(id), PHOTO_FORMS)
      : photoJson(answered);
  const read = await readDeskPhotoForm(request);
  if (!read.ok) return send(answerRefused("add-photo", read.status, { photo: read.message, form: read.message }));
  const form = read.form;
  try {
    return send(await dispatchIntent(form.fields, photoIntents(db, actor, id, form)));
  } catch (error) {
    // A refusal thrown as an answer (an unknown intent's 400) is the client's mistake, not a failure.
    if (error instanceof Error) log("error", "project photo change failed", { error: describeError(error) });
    throw error;
  } finally {
    await form.dispose();
  }
}

/** A GET has nothing to show: the project's page holds the photos. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? deskProjectPath(params.id) : deskProjectsPath, 303);
}
