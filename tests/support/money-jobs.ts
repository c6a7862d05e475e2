/**
 * Many jobs with money, made from a seed so a run can be repeated: each a lead and a job (open,
 * completed or cancelled) with signed change orders up and down, invoices (some voided, some past
 * due) and payments (some voided). `lateShare` of the jobs get an invoice past due with nothing
 * paid, so at least that many count as overdue. For the test that holds the overdue query to the
 * job pages' own arithmetic, and for the bench of the desk's counts.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import type { JobState } from "~/jobs/jobs-tables";
import { addDays } from "~/time/business-time";
import { insertLeads } from "./leads";
import { seededRandom } from "./project-photo";

/** Rows a statement inserts at most: PostgreSQL takes 65,535 parameters a statement. */
const CHUNK = 200;

async function insertAll<T extends keyof Database & string>(db: Kysely<Database>, table: T, rows: object[]) {
  for (let from = 0; from < rows.length; from += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(from, from + CHUNK) as never)
      .execute();
}

export interface MoneyJobsOptions {
  count: number;
  /** The share of jobs sure to hold an overdue invoice. */
  lateShare: number;
  seed: number;
  today: string;
}

export async function insertMoneyJobs(db: Kysely<Database>, options: MoneyJobsOptions): Promise<string[]> {
  const random = seededRandom(options.seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const cents = (from: number, to: number) => Math.round(from + random() * (to - from));
  const leadIds = await insertLeads(
    db,
    Array.from({ length: options.count }, (_, n) => ({ name: `Money Customer ${n}`, email: `money${n}@example.com` })),
  );
  const now = new Date().toISOString();
  const jobs: object[] = [];
  const changes: object[] = [];
  const invoices: object[] = [];
  const payments: object[] = [];
  let sequence = 0;
  leadIds.forEach((leadId, n) => {
    const id = randomUUID();
    const late = n < Math.round(options.count * options.lateShare);
    const state: JobState = late ? "started" : pick(["scheduled", "started", "started", "completed", "cancelled"]);
    const base = cents(20_000, 2_000_000);
    jobs.push({
      id,
      lead_id: leadId,
      quote_version_id: null,
      state,
      title: `Job ${n}`,
      base_cents: base,
      tax_rate_milli_percent: 0,
      warranty: "One year on workmanship.",
      created_by: "bench@causeway.test",
      created_at: now,
      updated_at: now,
      completed_at: state === "completed" ? now : null,
      cancelled_at: state === "cancelled" ? now : null,
    });
    const about = { job_id: id, lead_id: leadId, created_at: now, created_by: "bench@causeway.test" };
    const changeCount = Math.floor(random() * 3);
    for (let number = 1; number <= changeCount; number++)
      changes.push({
        id: randomUUID(),
        ...about,
        number,
        status: pick(["accepted", "accepted", "declined", "sent"]),
        // The job pages read whether it was due when signed; the amount is the row's.
        content: JSON.stringify({ items: [], reason: "Bench change", completionDay: "", dueWhenSigned: false }),
        amount_cents: cents(-Math.round(base / 3), Math.round(base / 4)),
      });
    const invoiceCount = 1 + Math.floor(random() * 4);
    for (let k = 0; k < invoiceCount; k++) {
      sequence += 1;
      const overdueForSure = late && k === 0;
      const status = overdueForSure ? "open" : random() < 0.2 ? "void" : "open";
      const issued = addDays(options.today, -cents(0, 90));
      invoices.push({
        id: randomUUID(),
        ...about,
        customer_name: `Money Customer ${n}`,
        customer_email: `money${n}@example.com`,
        customer_address: "12 Dune Lane",
        job_title: `Job ${n}`,
        number: `2026-${String(sequence).padStart(5, "0")}`,
        year: 2026,
        sequence,
        // A void invoice's key may repeat; one open invoice per key and job.
        schedule_key: status === "void" ? `void-${k}` : `part-${k}`,
        label: `Part ${k + 1}`,
        amount_cents: cents(5_000, Math.max(5_001, Math.round(base / 2))),
        tax_rate_milli_percent: 0,
        issued_day: issued,
        due_day: overdueForSure ? addDays(options.today, -cents(1, 60)) : addDays(issued, pick([0, 10, 30, 60])),
        status,
        // Switched off: the server's reminder job would otherwise mail every late invoice at start.
        remind: 0,
      });
    }
    // A late job is paid nothing, so its first invoice is overdue whatever else it holds.
    const paymentCount = late ? 0 : Math.floor(random() * 4);
    for (let k = 0; k < paymentCount; k++)
      payments.push({
        id: randomUUID(),
        ...about,
        customer_name: `Money Customer ${n}`,
        job_title: `Job ${n}`,
        request_key: randomUUID(),
        amount_cents: cents(1_000, Math.round(base / 2)),
        method: pick(["check", "cash", "card"]),
        received_day: addDays(options.today, -cents(0, 60)),
        reference: "",
        status: random() < 0.15 ? "void" : "recorded",
      });
  });
  await insertAll(db, "jobs", jobs);
  await insertAll(db, "change_orders", changes);
  await insertAll(db, "invoices", invoices);
  await insertAll(db, "payments", payments);
  return jobs.map((job) => (job as { id: string }).id);
}
