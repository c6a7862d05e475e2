/** The job page's answer to a change, built one way for the page's forms and its money forms. */
import { data } from "react-router";
import type { JobAnswer, JobOutcome } from "./job-answer";

export function jobAnswer(intent: string, result: JobOutcome, done: string, values: () => Record<string, string>) {
  if (result.ok) return data<JobAnswer>({ ok: true, done });
  return data<JobAnswer>({ ok: false, intent, errors: result.errors, values: values() }, { status: result.status });
}

/** The named fields of a form, as a refused answer shows them again. */
export const valuesOf = (names: readonly string[], get: (name: string) => string) =>
  Object.fromEntries(names.map((name) => [name, get(name)]));
