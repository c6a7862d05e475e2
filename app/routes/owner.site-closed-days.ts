/**
 * /owner/site/closed-days: the site page's closed-day forms (add a day or a range; remove one).
 * A route of their own keeps the site page's action to the notice and the documents' facts; the
 * page's script posts here through a fetcher, and a browser without JavaScript is sent back to the
 * site page with the answer in a sealed cookie. Each change is on every page of every instance within
 * seconds (`app/live/`).
 */
import { redirect } from "react-router";
import { CLOSED_DAY_FORMS } from "~/closed-days/closed-day-forms";
import { checkClosedDay, type ClosedDayInput } from "~/closed-days/closed-day-rules";
import { addClosedDay, removeClosedDay } from "~/closed-days/closed-days.server";
import { dispatchIntent } from "~/infra/intents.server";
import { answerDone, answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { readSmallForm } from "~/infra/uploads.server";
import { sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf } from "~/time/business-time";
import type { Route } from "./+types/owner.site-closed-days";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const text = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  const now = new Date();
  const answered = await dispatchIntent(form, {
    "add-closed-day": async (intent) => {
      const values: ClosedDayInput = {
        firstDay: text("firstDay", 20),
        lastDay: text("lastDay", 20),
        label: text("label", 200),
      };
      const errors = checkClosedDay(values, dayOf(now));
      if (Object.keys(errors).length > 0) return answerRefused(intent, 400, errors, { ...values });
      const day = await addClosedDay(db, values, actor, now);
      return answerDone(intent, `Added: ${day.label}. The hours on every page say so on the day.`);
    },
    "remove-closed-day": async (intent) =>
      (await removeClosedDay(db, text("closedDay", 60), actor, now))
        ? answerDone(intent, "Closed day removed.")
        : answerRefused(intent, 404, { form: "That closed day no longer exists." }),
  });
  return answerFormsPost(request, answered, sitePath, CLOSED_DAY_FORMS);
}

/** A GET has nothing to show: the site page holds the forms. */
export function loader() {
  return redirect(sitePath, 303);
}
