/**
 * /owner/jobs/:id/money: the money forms of the desk's job page (send, void and remind on an
 * invoice; record and void a payment). A route of their own keeps the job page's action to the
 * work itself.
 *
 * The page's script posts here through a fetcher; a browser without JavaScript is sent back to the
 * job's page with the answer in a sealed cookie (`infra/page-post.server.ts`).
 */
import { data, redirect } from "react-router";
import { isId } from "~/forms/ids";
import { getEnv, mailContext } from "~/settings/env.server";
import { MONEY_FORMS, readMoneyForm } from "~/invoices/money-desk.server";
import { MONEY_FIELDS, moneyIntents, type MoneyIntent } from "~/invoices/money-intents.server";
import { valuesOf } from "~/forms/change-answer";
import { answerFormsPost, answerOutcome } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { jobPath, jobsPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.job-money";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  if (!isId(params.id)) throw data("No such job.", { status: 404 });
  const fields = await readMoneyForm(request);
  const get = (name: string) => (fields.get(name) ?? "").slice(0, 2_000);
  const env = getEnv();
  const money = moneyIntents(db, actor, params.id, get, mailContext(env));
  const answer = async (intent: MoneyIntent) => {
    const result = await money[intent]();
    return answerOutcome(intent, result, result.ok ? result.done : "", () => valuesOf(MONEY_FIELDS, get));
  };
  const answered = await dispatchIntent(fields, {
    "send-invoice": answer,
    "void-invoice": answer,
    "invoice-reminder": answer,
    "record-payment": answer,
    "void-payment": answer,
  });
  return answerFormsPost(request, answered, jobPath(params.id), MONEY_FORMS);
}

/** A GET has nothing to show: the job's page holds the forms. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? jobPath(params.id) : jobsPath, 303);
}
