/**
 * /owner/watch/visits/:id/photos: a visit's photo as the visit screen's script sends it, answered
 * in JSON. The same action as the visit's page (which the form without JavaScript posts to).
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { watchPath, watchVisitPath } from "~/owner/paths";
import type { Route } from "./+types/owner.watch-visit-photos";

export { action } from "./owner.watch-visit";

/** A GET has nothing to show: the visit screen is one level up. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? watchVisitPath(params.id) : watchPath, 303);
}
