/**
 * /owner/watch/:id/money: the money forms of the desk's plan page ('Record a payment' and 'Void' on
 * a payment, an invoice's reminder switch). A route of their own keeps the plan page's action to the plan itself.
 *
 * The page's script posts here through a fetcher; a browser without JavaScript is sent back to the
 * plan's page with the answer in a sealed cookie (`infra/page-post.server.ts`).
 */
import { data, redirect } from "react-router";
import { valuesOf } from "~/forms/change-answer";
import { isId } from "~/forms/ids";
import { dispatchIntent } from "~/infra/intents.server";
import { answerFormsPost, answerOutcome } from "~/infra/page-post.server";
import { readMoneyForm } from "~/invoices/money-desk.server";
import { MONEY_FIELDS } from "~/invoices/money-intents.server";
import { watchPath, watchPlanPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { getEnv, mailContext } from "~/settings/env.server";
import {
  PLAN_MONEY_FORMS,
  recordPlanPayment,
  switchPlanInvoiceReminder,
  voidPlanPayment,
} from "~/watch/plan-money.server";
import type { Route } from "./+types/owner.watch-money";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  if (!isId(params.id)) throw data("No such plan.", { status: 404 });
  const planId = params.id;
  const fields = await readMoneyForm(request);
  const get = (name: string) => (fields.get(name) ?? "").slice(0, 2_000);
  const shown = () => valuesOf(MONEY_FIELDS, get);
  const answered = await dispatchIntent(fields, {
    "record-payment": async (intent) => {
      const result = await recordPlanPayment(db, actor, planId, get, mailContext(getEnv()));
      return answerOutcome(intent, result, result.ok ? result.done : "", shown);
    },
    "void-payment": async (intent) => {
      const result = await voidPlanPayment(db, actor, planId, get("target").slice(0, 60), get);
      return answerOutcome(intent, result, result.ok ? result.done : "", shown);
    },
    "invoice-reminder": async (intent) => {
      const on = get("remind") === "on";
      const result = await switchPlanInvoiceReminder(db, actor, planId, get("target").slice(0, 60), on);
      return answerOutcome(intent, result, result.ok ? result.done : "", shown);
    },
  });
  return answerFormsPost(request, answered, watchPlanPath(planId), PLAN_MONEY_FORMS);
}

/** A GET has nothing to show: the plan's page holds the forms. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? watchPlanPath(params.id) : watchPath, 303);
}
