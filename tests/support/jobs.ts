/**
 * What the job tests share: the link a homeowner reads in the latest email of a kind, and the
 * quote of the worked example ($1,200 of work at 6.625% sales tax).
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { jobByLink, type HomeownerJob } from "~/jobs/homeowner-job.server";
import type { QuoteContent } from "~/quotes/quote-content";
import { deckQuote } from "./quotes";
import { mailText } from "./delivered-mail";

/** The token of the /quote/, /job/, /visit/, /review/ or /watch/ link in the newest email of `kind` in the outbox. */
export async function linkIn(
  db: Kysely<Database>,
  kind: string,
  path: "quote" | "job" | "visit" | "review" | "watch",
): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const match = new RegExp(`/${path}/([\\w-]{43})\\b`).exec(await mailText(row));
  if (!match?.[1]) throw new Error(`no ${path} link in the ${kind} email`);
  return match[1];
}

/** The job a homeowner's link opens, or a failure saying the link opens none. */
export async function homeownerJob(db: Kysely<Database>, token: string): Promise<HomeownerJob> {
  const job = await jobByLink(db, token);
  if (job.state !== "open") throw new Error(`the link opens no job: it answers ${job.status}`);
  return job;
}

/** The deck quote with one item: $1,200.00 of work, $1,279.50 with 6.625% tax. */
export function twelveHundredQuote(now = new Date()): QuoteContent {
  return {
    ...deckQuote(now),
    items: [
      { description: "Rebuild deck stairs", quantityHundredths: 100, unit: "job", unitCents: 120_000, optional: false },
    ],
  };
}

/**
 * A row in each of a job's tables about the lead (the job, its history, a link, a change order, a
 * progress photo, an invoice and a payment), for tests that check every table with a lead_id.
 */
export async function insertJobRows(db: Kysely<Database>, leadId: string): Promise<string> {
  const now = new Date().toISOString();
  const jobId = randomUUID();
  await db
    .insertInto("jobs")
    .values({
      id: jobId,
      lead_id: leadId,
      quote_version_id: null,
      state: "scheduled",
      title: "Replace the storm door closer",
      base_cents: 18_500,
      tax_rate_milli_percent: 0,
      warranty: "One year on workmanship.",
      created_by: "pat@causeway.test",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const about = { job_id: jobId, lead_id: leadId, created_at: now };
  await db
    .insertInto("job_events")
    .values({ id: randomUUID(), ...about, actor: "pat@causeway.test", detail: "Started without a quote" })
    .execute();
  await db
    .insertInto("job_links")
    .values({ token_hash: randomUUID(), ...about })
    .execute();
  await db
    .insertInto("change_orders")
    .values({
      id: randomUUID(),
      ...about,
      number: 1,
      status: "sent",
      content: "{}",
      amount_cents: 1_000,
      created_by: "pat@causeway.test",
    })
    .execute();
  await db
    .insertInto("job_photos")
    .values({
      id: randomUUID(),
      ...about,
      upload_key: randomUUID(),
      position: 0,
      description: "The new closer",
      content_type: "image/jpeg",
      width: 1,
      height: 1,
      large: Buffer.from([1]),
      small: Buffer.from([1]),
      created_by: "pat@causeway.test",
    })
    .execute();
  const customer = { customer_name: "Dana Visitor", job_title: "Replace the storm door closer" };
  await db
    .insertInto("invoices")
    .values({
      id: randomUUID(),
      ...about,
      ...customer,
      number: `2026-${String(Math.floor(Math.random() * 9_000) + 1_000)}`,
      year: 2026,
      sequence: Math.floor(Math.random() * 1_000_000_000),
      schedule_key: "final",
      label: "Payment on completion",
      customer_email: "dana@example.com",
      customer_address: "12 Ocean Ave",
      amount_cents: 18_500,
      tax_rate_milli_percent: 0,
      issued_day: now.slice(0, 10),
      due_day: now.slice(0, 10),
      status: "open",
      created_by: "pat@causeway.test",
    })
    .execute();
  await db
    .insertInto("payments")
    .values({
      id: randomUUID(),
      ...about,
      ...customer,
      request_key: randomUUID(),
      amount_cents: 5_000,
      method: "cash",
      received_day: now.slice(0, 10),
      reference: "",
      status: "recorded",
      created_by: "pat@causeway.test",
    })
    .execute();
  return jobId;
}
