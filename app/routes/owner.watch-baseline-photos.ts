/**
 * /owner/watch/:id/baseline/photos: a baseline photo as the baseline page's script sends it,
 * answered in JSON. The same action as the page (which the form without JavaScript posts to).
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { watchBaselinePath, watchPath } from "~/owner/paths";
import type { Route } from "./+types/owner.watch-baseline-photos";

export { action } from "./owner.watch-baseline";

/** A GET has nothing to show: the baseline page is one level up. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? watchBaselinePath(params.id) : watchPath, 303);
}
