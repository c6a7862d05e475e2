/**
 * The invoices overdue today, in one query whatever the number of jobs (and one for the home watch
 * plans' invoices): the desk's frame counts them on every page, and /owner/stats lists them with
 * their age.
 *
 * The query says what `jobMoney` says job by job (`payment-schedule.ts`): the payments recorded on
 * a job cover its invoices oldest first, a void invoice taking nothing; what an open invoice still
 * asks is its unpaid part, but never more in all than the contract's balance, the newest invoices
 * giving way first; it is overdue while something is still asked of it past its due day. Written
 * as window sums over each job's invoices in number order, in SQL both SQLite and PostgreSQL run
 * the same way; a test holds it to `jobMoney` on many random jobs, on both databases.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { jobPath, watchPlanPath } from "~/owner/paths";
import { daysBetween } from "./payment-schedule";

type Db = Kysely<Database>;

export interface OverdueInvoice {
  /** The desk page the invoice belongs to: its job's, or its home watch plan's. */
  page: string;
  number: string;
  customer: string;
  unpaidCents: number;
  dueDay: string;
  ageDays: number;
}

/** The invoices overdue on `today` with what each still asks, as rows of the one query. */
function overdueRows(today: string) {
  return sql<{ job_id: string; number: string; customer: string; owed: number | string; due_day: string }>`
    with collected as (
      select job_id, sum(amount_cents) as cents from payments
      where status = 'recorded' and job_id is not null group by job_id
    ),
    changed as (
      select job_id, sum(amount_cents) as cents from change_orders where status = 'accepted' group by job_id
    ),
    ordered as (
      select i.job_id, i.number, i.year, i.sequence, i.amount_cents, i.due_day, i.status, l.name as customer,
        coalesce(pc.cents, 0) as collected,
        (case when j.state = 'cancelled' then 0 else j.base_cents + coalesce(cc.cents, 0) end)
          - coalesce(pc.cents, 0) as balance,
        coalesce(sum(case when i.status = 'void' then 0 else i.amount_cents end) over (
          partition by i.job_id order by i.year, i.sequence rows between unbounded preceding and 1 preceding
        ), 0) as covered_before
      from invoices i
      join jobs j on j.id = i.job_id
      join leads l on l.id = j.lead_id
      left join collected pc on pc.job_id = i.job_id
      left join changed cc on cc.job_id = i.job_id
      where l.quarantined_at is null
    ),
    paid as (
      select o.*,
        case
          when o.collected - o.covered_before <= 0 then 0
          when o.collected - o.covered_before >= o.amount_cents then o.amount_cents
          else o.collected - o.covered_before
        end as paid_cents
      from ordered o where o.status = 'open'
    ),
    unpaid as (
      select p.*, p.amount_cents - p.paid_cents as unpaid_cents,
        sum(p.amount_cents - p.paid_cents) over (partition by p.job_id)
          - (case when p.balance > 0 then p.balance else 0 end) as excess,
        coalesce(sum(p.amount_cents - p.paid_cents) over (
          partition by p.job_id order by p.year, p.sequence rows between 1 following and unbounded following
        ), 0) as unpaid_after
      from paid p
    ),
    owed as (
      select u.*,
        u.unpaid_cents - case
          when u.excess - u.unpaid_after <= 0 then 0
          when u.excess - u.unpaid_after >= u.unpaid_cents then u.unpaid_cents
          else u.excess - u.unpaid_after
        end as owed
      from unpaid u
    )
    select job_id, number, customer, owed, due_day from owed
    where paid_cents < amount_cents and owed > 0 and due_day < ${today}
  `;
}

/**
 * A home watch plan's invoices overdue on `today`: a plan has no contract total, so what each still
 * asks is simply its unpaid part, the plan's payments covering its invoices oldest first.
 */
function overduePlanRows(today: string) {
  return sql<{ plan_id: string; number: string; customer: string; owed: number | string; due_day: string }>`
    with collected as (
      select plan_id, sum(amount_cents) as cents from payments
      where status = 'recorded' and plan_id is not null group by plan_id
    ),
    ordered as (
      select i.plan_id, i.number, i.amount_cents, i.due_day, i.status, i.customer_name as customer,
        coalesce(pc.cents, 0) as collected,
        coalesce(sum(case when i.status = 'void' then 0 else i.amount_cents end) over (
          partition by i.plan_id order by i.year, i.sequence rows between unbounded preceding and 1 preceding
        ), 0) as covered_before
      from invoices i
      left join collected pc on pc.plan_id = i.plan_id
      where i.plan_id is not null
    ),
    paid as (
      select o.*,
        case
          when o.collected - o.covered_before <= 0 then 0
          when o.collected - o.covered_before >= o.amount_cents then o.amount_cents
          else o.collected - o.covered_before
        end as paid_cents
      from ordered o where o.status = 'open'
    )
    select plan_id, number, customer, amount_cents - paid_cents as owed, due_day from paid
    where paid_cents < amount_cents and due_day < ${today}
  `;
}

/** How many invoices are overdue on `today`: for the desk's navigation, on every page. */
export async function countOverdueInvoices(db: Db, today: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select (select count(*) from (${overdueRows(today)}) jobs) + (select count(*) from (${overduePlanRows(today)}) plans) as n
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Every invoice overdue on `today`, oldest first. */
export async function overdueInvoices(db: Db, today: string): Promise<OverdueInvoice[]> {
  const [jobs, plans] = await Promise.all([overdueRows(today).execute(db), overduePlanRows(today).execute(db)]);
  const rows = [
    ...jobs.rows.map((row) => ({ ...row, page: jobPath(row.job_id) })),
    ...plans.rows.map((row) => ({ ...row, page: watchPlanPath(row.plan_id) })),
  ];
  return rows
    .map((row) => ({
      page: row.page,
      number: row.number,
      customer: row.customer,
      unpaidCents: Number(row.owed),
      dueDay: row.due_day,
      ageDays: daysBetween(row.due_day, today),
    }))
    .sort((a, b) => b.ageDays - a.ageDays || a.number.localeCompare(b.number));
}
