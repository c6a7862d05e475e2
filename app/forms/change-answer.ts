/**
 * What every desk form is answered, whichever page or route took the post: the change was done
 * (with the sentence that says so), or it was refused (with a message per field, the whole form's
 * under `form`, and what the form held, to show it again as typed). The third answer, "go
 * elsewhere", is a redirect and never reaches a page as data.
 *
 * One shape, so a page shows an answer the same way wherever it came from: its own action, a
 * fetcher posting to a forms route, or a post without JavaScript that came back in a sealed cookie.
 */

/** A message per field, by the field's name; `form` is the whole form's. */
export type FieldMessages = Partial<Record<string, string>>;

export type ChangeAnswer =
  | {
      ok: true;
      intent: string;
      done: string;
      /** The id of what the change made, when the page needs it (a photo the script sent). */
      made?: string;
      /** What the form is to hold after it: a preview shows what was typed; most start empty. */
      values?: Record<string, string>;
    }
  | {
      ok: false;
      intent: string;
      errors: FieldMessages;
      /** What the refused form held, to show it again as typed. */
      values: Record<string, string>;
    };

/**
 * A change as a feature reports it: done, or refused with a status and a message per field. The
 * route turns it into the answer, adding the sentence and the form's values.
 */
export type ChangeOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409; errors: FieldMessages };

/** The named fields of a form, as a refused answer shows them again. */
export const valuesOf = (names: readonly string[], get: (name: string) => string) =>
  Object.fromEntries(names.map((name) => [name, get(name)]));

/** The message a page shows above its forms: the sentence of what was done, or the form's refusal. */
export function headline(answer: ChangeAnswer | undefined | null): { ok: boolean; text: string } | null {
  if (!answer) return null;
  if (answer.ok) return answer.done ? { ok: true, text: answer.done } : null;
  return answer.errors.form ? { ok: false, text: answer.errors.form } : null;
}

/** The refused answer of the named form, if that is the answer: what its fields show. */
export function refusedForm(
  answer: ChangeAnswer | undefined | null,
  intent: string | readonly string[],
): RefusedAnswer | undefined {
  if (!answer || answer.ok) return undefined;
  const intents: readonly string[] = typeof intent === "string" ? [intent] : intent;
  return intents.includes(answer.intent) ? answer : undefined;
}

/** A refusal: what a form's fields show when it came back refused. */
export type RefusedAnswer = Extract<ChangeAnswer, { ok: false }>;
