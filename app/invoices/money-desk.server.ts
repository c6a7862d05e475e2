/**
 * The money on the desk's job page: its view, and which money forms' answers a post without
 * JavaScript carries back to the page. Such a post goes to the money forms' own route, which
 * answers with a redirect back to the job's page and the answer in a sealed cookie
 * (`infra/carried-answer.server.ts`), read back by the page's loader.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import type { CarriedForms } from "~/forms/carried-answer";
import type { JobRow } from "~/jobs/jobs.server";
import { jobMoney } from "./job-money.server";
import { MONEY_FIELDS, MONEY_INTENTS } from "./money-intents.server";
import { moneyView } from "./money-view";
import { FINAL_WAITS } from "./payment-schedule";

/** The money forms' answers a post without JavaScript carries back to the job's page. */
export const MONEY_FORMS: CarriedForms = { intents: MONEY_INTENTS, fields: [...MONEY_FIELDS, "reason"] };

export async function moneyDeskView(db: Kysely<Database>, job: JobRow, today: string) {
  const money = await jobMoney(db, job, today);
  return {
    money: moneyView(money, {
      completed: job.state === "completed",
      open: job.state === "scheduled" || job.state === "started",
      finalWaits: FINAL_WAITS,
    }),
    paymentKey: randomUUID(),
  };
}
