/**
 * The answer of a desk form posted without JavaScript to a forms route (a job's money, a lead's
 * visit): the route answers with a redirect back to the page, and the answer rides in that
 * address's query, to be read back by the page's loader. Only the forms' own intents and fields
 * are read back, each cut short, so a hand-made address can show no more than a refusal could.
 *
 * The query holds the sentences and what the form held, never a token or a secret: desk forms
 * carry neither, and the address reaches the server's access log.
 */
import type { ChangeAnswer } from "./change-answer";

/** Which answers a page takes back: its forms route's intents, and the fields their forms have. */
export interface CarriedForms {
  intents: readonly string[];
  fields: readonly string[];
}

const ANSWER = "answer";
const DONE = "done";
const MADE = "made";
const MESSAGE_MAX = 300;
const errorFields = (forms: CarriedForms): readonly string[] => [...forms.fields, "form"];

/** The query that carries `answer` back to the page. */
export function carryAnswer(answer: ChangeAnswer, forms: CarriedForms): string {
  const query = new URLSearchParams();
  query.set(ANSWER, answer.intent);
  if (answer.ok) {
    query.set(DONE, answer.done.slice(0, MESSAGE_MAX));
    if (answer.made) query.set(MADE, answer.made.slice(0, 80));
    return query.toString();
  }
  const named = errorFields(forms);
  for (const [field, message] of Object.entries(answer.errors))
    if (message && named.includes(field)) query.set(`error-${field}`, message.slice(0, MESSAGE_MAX));
  for (const field of forms.fields) {
    const value = answer.values[field];
    if (value) query.set(`value-${field}`, value.slice(0, MESSAGE_MAX));
  }
  return query.toString();
}

/** The answer the page's address carries, if it was reached by a forms route's redirect. */
export function carriedAnswer(search: URLSearchParams, forms: CarriedForms): ChangeAnswer | null {
  const intent = search.get(ANSWER);
  if (intent === null || !forms.intents.includes(intent)) return null;
  const done = search.get(DONE);
  if (done !== null) {
    const made = search.get(MADE);
    return done
      ? { ok: true, intent, done: done.slice(0, MESSAGE_MAX), ...(made ? { made: made.slice(0, 80) } : {}) }
      : null;
  }
  const pick = (prefix: string, fields: readonly string[]) =>
    Object.fromEntries(
      fields.flatMap((field) => {
        const value = search.get(`${prefix}${field}`);
        return value === null ? [] : [[field, value.slice(0, MESSAGE_MAX)]];
      }),
    );
  return { ok: false, intent, errors: pick("error-", errorFields(forms)), values: pick("value-", forms.fields) };
}
