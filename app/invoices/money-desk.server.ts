/**
 * The money on the desk's job page: its view, and which money forms' answers a post without
 * JavaScript carries back to the page. Such a post goes to the money forms' own route, which
 * answers with a redirect back to the job's page and the answer in a sealed cookie
 * (`infra/carried-answer.server.ts`), read back by the page's loader.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { data } from "react-router";
import type { Database } from "~/infra/schema.server";
import { FormParseError, parseFormRequest } from "~/infra/uploads.server";
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

/** A money form's post: a few small fields, refused as a whole when it is not that. */
export async function readMoneyForm(request: Request) {
  try {
    const form = await parseFormRequest(request, {
      maxFiles: 0,
      maxFileBytes: 0,
      maxTotalBytes: 32 * 1024,
      maxFields: MONEY_FIELDS.length + 4,
      maxFieldBytes: 8_000,
      isFileField: () => false,
    });
    return form.fields;
  } catch (error) {
    if (!(error instanceof FormParseError)) throw error;
    throw data("The form could not be read. Try again.", { status: error.status });
  }
}
