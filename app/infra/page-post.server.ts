/**
 * How a desk action answers, one way for every page and forms route: `answerDone`, `answerRefused`
 * and `answerOutcome` make the one answer shape with its status, and `answerFormsPost` sends a
 * forms route's answer where the post wants it.
 *
 * A forms route (a job's money, a lead's visit) takes some of a page's forms so the page's own
 * action keeps to a few. The page's script posts there through a fetcher and shows the answer
 * where the page shows any other. A browser without JavaScript posts there as a page would, asking
 * for a page back: it is sent back to the page, which shows the answer carried in a sealed cookie
 * (`infra/carried-answer.server.ts`), never in the address.
 * Anything else (a script, a test) gets the answer with its status, as the page's action gave it.
 */
import { data, redirect } from "react-router";
import type { CarriedForms } from "~/forms/carried-answer";
import { carryAnswer } from "./carried-answer.server";
import type { ChangeAnswer, ChangeOutcome, FieldMessages } from "~/forms/change-answer";

export type Answered = ReturnType<typeof data<ChangeAnswer>>;

/** `extra`: the id of what the change made, or what the form is to hold after it (a preview). */
export const answerDone = (
  intent: string,
  done: string,
  extra: { made?: string; values?: Record<string, string> } = {},
): Answered => data<ChangeAnswer>({ ok: true, intent, done, ...extra }, { status: 200 });

export const answerRefused = (
  intent: string,
  status: number,
  errors: FieldMessages,
  values: Record<string, string> = {},
): Answered => data<ChangeAnswer>({ ok: false, intent, errors, values }, { status });

/** A feature's outcome as the page's answer: `done` says what was done; `values` what the form held. */
export const answerOutcome = (
  intent: string,
  outcome: ChangeOutcome,
  done: string,
  values: () => Record<string, string> = () => ({}),
): Answered =>
  outcome.ok ? answerDone(intent, done) : answerRefused(intent, outcome.status, outcome.errors, values());

/** A browser's own form post asks for a page; a fetcher's and a script's ask for anything. */
export const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

/**
 * A forms route's answer, sent where the post wants it: a redirect ("go elsewhere") as it is; to a
 * browser without JavaScript, a redirect back to `pagePath` with the answer in a cookie; to
 * anything else, the answer with its status.
 */
export function answerFormsPost(
  request: Request,
  answered: Answered | Response,
  pagePath: string,
  forms: CarriedForms,
): Answered | Response {
  if (answered instanceof Response || !wantsPage(request)) return answered;
  return redirect(pagePath, {
    status: 303,
    headers: carryAnswer(request, answered.data, forms, pagePath),
  });
}
