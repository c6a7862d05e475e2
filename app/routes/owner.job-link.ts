/**
 * /owner/jobs/:id/link: 'Send the homeowner a new link'. Ends the job's link in every email sent so
 * far and mails the one that replaces it, then goes back to the job's page, which says what was
 * done (or why nothing was). A form of its own, so the job's page keeps its other forms alone.
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { getEnv, mailContext } from "~/settings/env.server";
import { renewJobLink } from "~/jobs/job-changes.server";
import type { LinkAnswer } from "~/jobs/job-rules";
import { jobPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.job-link";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  if (!isId(params.id)) throw new Response("No such job.", { status: 404 });
  const env = getEnv();
  const renewed = await renewJobLink(db, actor, params.id, mailContext(env));
  if (renewed.ok) {
    return redirect(`${jobPath(params.id)}?link=${"sent" satisfies LinkAnswer}`, 303);
  }
  if (renewed.status === 404) throw new Response("No such job.", { status: 404 });
  return redirect(`${jobPath(params.id)}?link=${"closed" satisfies LinkAnswer}`, 303);
}

/** A GET has nothing to show: the job's page holds the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? jobPath(params.id) : "/owner/jobs", 303);
}
