/**
 * /owner/leads/:id/record: the lead page's forms about the record itself, 'Not spam' on a held
 * lead and the deletion, asked twice. A route of their own keeps the lead page's action to the
 * lead's work; the page's script posts here through a fetcher, and a browser without JavaScript is
 * sent back to the lead's page with the answer in a sealed cookie. A deletion goes to the list, the
 * sentence naming whose lead it was in that cookie too: never in the list's address, which the
 * browser's history, its Referer and the proxy's log would keep after the record itself is gone.
 */
import { data, redirect } from "react-router";
import { isId } from "~/forms/ids";
import { dispatchIntent } from "~/infra/intents.server";
import { answerDone, answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { readSmallForm } from "~/infra/uploads.server";
import { releaseLead } from "~/leads/record/quarantine.server";
import { DELETED_FORMS, RECORD_FORMS } from "~/leads/record/record-forms";
import { carryAnswer } from "~/infra/carried-answer.server";
import { DESK_HOME, leadPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { deleteLead } from "~/server/delete-lead.server";
import { getEnv } from "~/settings/env.server";
import type { Route } from "./+types/owner.lead-record";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  // As every desk route: an address that cannot name a lead is answered before the form is read,
  // and never reaches a query or the address the answer sends the browser back to.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const form = await readSmallForm(request);
  const answered = await dispatchIntent(form, {
    delete: async (intent) => {
      if (form.get("confirm") !== "yes")
        return answerRefused(intent, 400, { form: "Tick the box to confirm the deletion." });
      const deleted = await deleteLead(db, id, getEnv(), { actor });
      if (!deleted) return answerRefused(intent, 404, { form: "This lead no longer exists." });
      // A booked visit's cancellation was queued with the deletion.
      const done = answerDone(intent, `The lead from ${deleted.name.slice(0, 60)} was deleted.`).data;
      return redirect(DESK_HOME, { headers: carryAnswer(request, done, DELETED_FORMS, DESK_HOME) });
    },
    release: async (intent) => {
      const result = await releaseLead(db, id, { actor });
      if (!result.released) return answerRefused(intent, 404, { form: "This lead is not held as spam." });
      return answerDone(intent, "Released: its emails are on their way.");
    },
  });
  return answerFormsPost(request, answered, leadPath(id), RECORD_FORMS);
}

/** A GET has nothing to show: the lead's page holds the forms. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? leadPath(params.id) : "/owner", 303);
}
