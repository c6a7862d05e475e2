/**
 * The money on the desk's job page: its view, and the answer of a money form posted without
 * JavaScript. Such a post goes to the money forms' own route, which answers with a redirect back to
 * the job's page; the answer rides in that address's query (`?money=`), as the link's does in
 * `?link=`, and is read back here. Only the money forms' intents and fields are read back, each
 * cut short, so a hand-made address can show no more than a refusal could.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import type { JobAnswer } from "~/jobs/job-answer";
import type { JobRow } from "~/jobs/jobs.server";
import { jobMoney } from "./job-money.server";
import { MONEY_FIELDS, MONEY_INTENTS, type MoneyIntent } from "./money-intents.server";
import { moneyView } from "./money-view";
import { FINAL_WAITS } from "./payment-schedule";

const ANSWER = "money";
const DONE = "done";
const MESSAGE_MAX = 300;
/** The fields a money form's refusal names: its own, and the whole form's. */
const ERROR_FIELDS: readonly string[] = [...MONEY_FIELDS, "reason", "form"];

export async function moneyDeskView(db: Kysely<Database>, job: JobRow, today: string, search: URLSearchParams) {
  const money = await jobMoney(db, job, today);
  return {
    money: moneyView(money, {
      completed: job.state === "completed",
      open: job.state === "scheduled" || job.state === "started",
      finalWaits: FINAL_WAITS,
    }),
    paymentKey: randomUUID(),
    moneyAnswer: moneyAnswerFrom(search),
  };
}

/** The query that carries `answer` back to the job's page. */
export function moneyAnswerQuery(answer: JobAnswer): string {
  const query = new URLSearchParams();
  if (answer.ok) {
    query.set(ANSWER, DONE);
    query.set(DONE, answer.done.slice(0, MESSAGE_MAX));
    return query.toString();
  }
  query.set(ANSWER, answer.intent);
  for (const [field, message] of Object.entries(answer.errors))
    if (ERROR_FIELDS.includes(field)) query.set(`error-${field}`, message.slice(0, MESSAGE_MAX));
  for (const field of MONEY_FIELDS) {
    const value = answer.values[field];
    if (value) query.set(`value-${field}`, value.slice(0, MESSAGE_MAX));
  }
  return query.toString();
}

const isMoneyIntent = (value: string): value is MoneyIntent => (MONEY_INTENTS as readonly string[]).includes(value);

/** The answer a money form's redirect carried, if the page was reached by one. */
export function moneyAnswerFrom(search: URLSearchParams): JobAnswer | null {
  const named = search.get(ANSWER);
  if (named === DONE) {
    const done = (search.get(DONE) ?? "").slice(0, MESSAGE_MAX);
    return done ? { ok: true, done } : null;
  }
  if (named === null || !isMoneyIntent(named)) return null;
  const pick = (prefix: string, fields: readonly string[]) =>
    Object.fromEntries(
      fields.flatMap((field) => {
        const value = search.get(`${prefix}${field}`);
        return value === null ? [] : [[field, value.slice(0, MESSAGE_MAX)]];
      }),
    );
  return { ok: false, intent: named, errors: pick("error-", ERROR_FIELDS), values: pick("value-", MONEY_FIELDS) };
}
