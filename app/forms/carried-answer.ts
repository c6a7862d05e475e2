/**
 * Which answers a desk page takes back from a post made without JavaScript to one of its forms
 * routes (a job's money, a lead's visit), and how much of each: only the forms' own intents and
 * fields, each sentence cut short. The answer itself rides in a cookie the server sealed
 * (`infra/carried-answer.server.ts`); this part holds no Node and is shared with the forms' modules.
 */
import type { ChangeAnswer } from "./change-answer";

/** Which answers a page takes back: its forms route's intents, and the fields their forms have. */
export interface CarriedForms {
  intents: readonly string[];
  fields: readonly string[];
}

export const MESSAGE_MAX = 300;
const MADE_MAX = 80;
const errorFields = (forms: CarriedForms): readonly string[] => [...forms.fields, "form"];

/** `answer` as its page takes it back, or null when it is not an answer to one of the page's forms. */
export function pageAnswer(answer: ChangeAnswer, forms: CarriedForms): ChangeAnswer | null {
  if (!forms.intents.includes(answer.intent)) return null;
  const { intent } = answer;
  if (answer.ok) {
    if (!answer.done) return null;
    const done = answer.done.slice(0, MESSAGE_MAX);
    return answer.made ? { ok: true, intent, done, made: answer.made.slice(0, MADE_MAX) } : { ok: true, intent, done };
  }
  const pick = (source: Partial<Record<string, string>>, fields: readonly string[]) =>
    Object.fromEntries(
      fields.flatMap((field) => {
        const value = source[field];
        return value ? [[field, value.slice(0, MESSAGE_MAX)]] : [];
      }),
    );
  return {
    ok: false,
    intent,
    errors: pick(answer.errors, errorFields(forms)),
    values: pick(answer.values, forms.fields),
  };
}
