/**
 * How a page's action picks what to do: each of its forms names an `intent`, and the action hands
 * over one handler per intent, each returning the action's answer. A post that names no intent, or
 * one the page does not have (a tab left open across an update, a hand-made post), is refused with
 * a 400 that says so, rather than falling through to whatever the page does last; a page whose
 * every post must still show the page (a homeowner's, without JavaScript) names its own answer.
 */
import { data } from "react-router";

/** A form as the desk reads it: FormData, or the fields of a form with a file. */
export interface IntentForm {
  get(name: string): unknown;
}

/** One handler per intent; `A` maps each intent to its answer. */
export type IntentHandlers<A extends object> = { [K in keyof A]: (intent: K) => A[K] | Promise<A[K]> };

function isIntentOf<A extends object>(handlers: IntentHandlers<A>, intent: string): intent is Extract<keyof A, string> {
  return Object.hasOwn(handlers, intent);
}

/**
 * The answer of the form's intent's handler. An intent that has none throws a 400, or is answered
 * by `otherwise` when the page gives it.
 */
export async function dispatchIntent<A extends object, O = never>(
  form: IntentForm,
  handlers: IntentHandlers<A>,
  otherwise?: () => O | Promise<O>,
): Promise<A[keyof A] | O> {
  const intent = form.get("intent");
  if (typeof intent === "string" && isIntentOf(handlers, intent)) return handlers[intent](intent);
  if (otherwise) return otherwise();
  if (typeof intent !== "string" || intent === "")
    throw data("Say what to do: the form names no action (intent).", { status: 400 });
  throw data(`Unknown action "${intent.slice(0, 40)}".`, { status: 400 });
}
