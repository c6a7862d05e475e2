/**
 * /owner/leads/:id/visit: the lead page's site-visit forms (propose one to three times; cancel).
 * A route of their own keeps the lead page's action to the lead itself; the page's script posts
 * here through a fetcher, and a browser without JavaScript is sent back to the lead's page with the
 * answer in a sealed cookie.
 */
import { data, redirect } from "react-router";
import { isId } from "~/forms/ids";
import { dispatchIntent } from "~/infra/intents.server";
import { answerDone, answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { readSmallForm } from "~/infra/uploads.server";
import { leadPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { getEnv } from "~/settings/env.server";
import { cancelVisit, proposeVisit } from "~/visits/visit-changes.server";
import { VISIT_FORMS } from "~/visits/visit-forms";
import { proposalFromForm } from "~/visits/windows";
import type { Route } from "./+types/owner.lead-visit";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  // As every desk route: an address that cannot name a lead is answered before the form is read,
  // and never reaches a query or the address the answer sends the browser back to.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const form = await readSmallForm(request);
  const answered = await dispatchIntent(form, {
    "propose-visit": async (intent) => {
      const now = new Date();
      const proposal = proposalFromForm((name) => form.get(name), now);
      if (!proposal.ok) {
        const formError = proposal.formError ?? "Check the visit times marked below.";
        return answerRefused(intent, 400, { ...proposal.errors, form: formError }, proposal.values);
      }
      const result = await proposeVisit(db, id, proposal.windows, actor, getEnv(), now);
      if (!result.ok) return answerRefused(intent, result.status, { form: result.error });
      const count = proposal.windows.length;
      return answerDone(intent, `Visit proposed: ${count} time${count === 1 ? "" : "s"} emailed to the homeowner.`);
    },
    "cancel-visit": async (intent) => {
      const result = await cancelVisit(db, id, actor, getEnv());
      if (!result.ok) return answerRefused(intent, result.status, { form: result.error });
      return answerDone(intent, "Visit cancelled; the homeowner has been emailed.");
    },
  });
  return answerFormsPost(request, answered, leadPath(id), VISIT_FORMS);
}

/** A GET has nothing to show: the lead's page holds the forms. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? leadPath(params.id) : "/owner", 303);
}
