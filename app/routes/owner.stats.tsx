/**
 * /owner/stats: the numbers of the last 12 weeks. Leads per week as a chart and a table, the
 * median time to a first reply, the share won, the lost by reason, and the pages the requests
 * came from; then the jobs, home watch and the money of the last six months, with the accountant's
 * downloads. Signed-in owners only; see `leads/record/stats.server.ts`, `jobs/job-stats.server.ts`,
 * `watch/watch-stats.server.ts` and `invoices/money-stats.server.ts` for how each figure is counted.
 */
import type { ReactNode } from "react";
import { profile } from "~/content/profile";
import { keptRecords } from "~/invoices/kept-records.server";
import { moneyStats } from "~/invoices/money-stats.server";
import { MoneyStatsSection } from "~/invoices/money-stats-section";
import { watchStats } from "~/watch/watch-stats.server";
import { WatchStatsSection } from "~/watch/watch-stats-section";
import { jobStats } from "~/jobs/job-stats.server";
import { dayLabel as longDay } from "~/jobs/job-rules";
import { formatCents } from "~/paperwork/money";
import { leadStats, percent } from "~/leads/record/stats.server";
import { LOST_REASON_LABELS } from "~/leads/record/status";
import { requireOwner } from "~/owner/sessions.server";
import { BarList, ColumnChart } from "~/owner/stats-charts";
import { dayOf, formatDuration } from "~/time/business-time";
import type { Route } from "./+types/owner.stats";

export const meta: Route.MetaFunction = () => [
  { title: `Numbers | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Nov 23" for "2026-11-23": the date is already New Jersey's, read at noon UTC so no zone shifts it. */
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const [stats, jobs, money, kept, watch] = await Promise.all([
    leadStats(db),
    jobStats(db),
    moneyStats(db),
    keptRecords(db),
    watchStats(db),
  ]);
  const monthName = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  const thisYear = Number(dayOf(new Date()).slice(0, 4));
  return {
    watch: {
      months: watch.months.map((m) => ({
        label: monthName.format(new Date(`${m.month}-15T12:00:00Z`)),
        done: m.done,
        onTime: percent(m.onTime, m.due),
        issues: m.issues,
      })),
      onTime: percent(watch.onTime, watch.due),
      due: watch.due,
      medianMinutes: watch.medianMinutes,
      storms: watch.storms,
    },
    money: {
      months: money.months.map((m) => ({
        label: monthName.format(new Date(`${m.month}-15T12:00:00Z`)),
        invoiced: formatCents(m.invoicedCents),
        collected: formatCents(m.collectedCents),
        outstanding: formatCents(m.outstandingCents),
      })),
      overdue: money.overdue.map((o) => ({
        page: o.page,
        number: o.number,
        customer: o.customer,
        unpaid: formatCents(o.unpaidCents),
        due: longDay(o.dueDay),
        ageDays: o.ageDays,
      })),
      years: Array.from({ length: 8 }, (_, i) => thisYear - i),
      kept: kept.map((k) => ({
        id: k.id,
        title: k.title,
        customer: k.customer,
        signed: longDay(k.day),
        keepUntil: longDay(k.keepUntil),
        documentId: k.documentId,
      })),
    },
    jobs: {
      months: jobs.months.map((m) => ({
        label: monthName.format(new Date(`${m.month}-15T12:00:00Z`)),
        started: m.started,
        completed: m.completed,
      })),
      medianDaysToStart: jobs.medianDaysToStart,
      startedCount: jobs.startedCount,
      completedCount: jobs.completedCount,
      completedLate: jobs.completedLate,
    },
    from: dayLabel(stats.from),
    total: stats.total,
    weeks: stats.weeks.map((w) => ({ label: dayLabel(w.monday), value: w.count })),
    medianReply: stats.medianReplyMs === null ? null : formatDuration(stats.medianReplyMs),
    answered: stats.answered,
    won: stats.won,
    wonShare: percent(stats.won, stats.total),
    lost: stats.lost,
    lostShare: percent(stats.lost, stats.total),
    lostBy: stats.lostBy.map((r) => ({ label: LOST_REASON_LABELS[r.reason], value: r.count })),
    sources: stats.sources.map((s) => ({ label: s.path, value: s.count })),
    truncated: stats.truncated,
  };
}

const th = "border-b border-slate-300 px-2 py-1 text-left font-semibold text-navy-900";
const td = "border-b border-slate-200 px-2 py-1";

function FigureTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="mt-2 w-full max-w-md text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            {head[0]}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {head[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className={`${td} font-normal break-all`}>
              {label}
            </th>
            <td className={`${td} text-right tabular-nums`}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function Stats({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const weekList = d.weeks.map((w) => `week of ${w.label}: ${w.value}`).join("; ");
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Numbers</h1>
      <p className="mt-1 text-slate-700">
        The last {d.weeks.length} weeks, since Monday {d.from} (New Jersey time): {d.total} lead
        {d.total === 1 ? "" : "s"}, held spam not counted.
      </p>
      {d.truncated ? <p className="mt-1 text-sm text-red-800">Only the first 20,000 leads are counted.</p> : null}

      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Figure label="Median time to first reply" value={d.medianReply ?? "–"} testId="median-reply">
          over {d.answered} answered lead{d.answered === 1 ? "" : "s"}, from received to the first status change
        </Figure>
        <Figure label="Won" value={d.wonShare} testId="won-share">
          {d.won} of {d.total}
        </Figure>
        <Figure label="Lost" value={d.lostShare} testId="lost-share">
          {d.lost} of {d.total}
        </Figure>
      </dl>

      <section aria-labelledby="per-week" className="mt-6">
        <h2 id="per-week" className="text-lg font-bold text-navy-900">
          Leads per week
        </h2>
        <ColumnChart
          title="Leads per week"
          description={`Leads received each week, oldest first: ${weekList}.`}
          bars={d.weeks}
        />
        <FigureTable
          caption="Leads per week"
          head={["Week of", "Leads"]}
          rows={d.weeks.map((w) => [w.label, String(w.value)])}
        />
      </section>

      <section aria-labelledby="lost-by" className="mt-6">
        <h2 id="lost-by" className="text-lg font-bold text-navy-900">
          Lost, by reason
        </h2>
        <BarList
          title="Lost leads by reason"
          description={d.lostBy.map((r) => `${r.label}: ${r.value}`).join("; ")}
          bars={d.lostBy}
        />
        <FigureTable
          caption="Lost leads by reason"
          head={["Reason", "Leads"]}
          rows={d.lostBy.map((r) => [r.label, String(r.value)])}
        />
      </section>

      <section aria-labelledby="jobs-numbers" className="mt-6">
        <h2 id="jobs-numbers" className="text-lg font-bold text-navy-900">
          Jobs, last {d.jobs.months.length} months
        </h2>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2">
          <Figure
            label="Median days from acceptance to start"
            value={d.jobs.medianDaysToStart === null ? "–" : String(d.jobs.medianDaysToStart)}
            testId="days-to-start"
          >
            over {d.jobs.startedCount} job{d.jobs.startedCount === 1 ? "" : "s"} started
          </Figure>
          <Figure label="Completed late" value={String(d.jobs.completedLate)} testId="completed-late">
            of {d.jobs.completedCount} completed, after their completion date
          </Figure>
        </dl>
        <table className="mt-2 w-full max-w-md text-sm">
          <caption className="sr-only">Jobs started and completed per month</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Month
              </th>
              <th scope="col" className={`${th} text-right`}>
                Started
              </th>
              <th scope="col" className={`${th} text-right`}>
                Completed
              </th>
            </tr>
          </thead>
          <tbody>
            {d.jobs.months.map((m) => (
              <tr key={m.label}>
                <th scope="row" className={`${td} font-normal`}>
                  {m.label}
                </th>
                <td className={`${td} text-right tabular-nums`}>{m.started}</td>
                <td className={`${td} text-right tabular-nums`}>{m.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <WatchStatsSection watch={d.watch} />
      <MoneyStatsSection money={d.money} />

      <section aria-labelledby="by-page" className="mt-6">
        <h2 id="by-page" className="text-lg font-bold text-navy-900">
          Leads by page
        </h2>
        {d.sources.length === 0 ? (
          <p>No leads in these weeks.</p>
        ) : (
          <>
            <BarList
              title="Leads by the page their form was sent from"
              description={d.sources.map((s) => `${s.label}: ${s.value}`).join("; ")}
              bars={d.sources}
            />
            <FigureTable
              caption="Leads by page"
              head={["Page", "Leads"]}
              rows={d.sources.map((s) => [s.label, String(s.value)])}
            />
          </>
        )}
      </section>
    </>
  );
}

/** One headline figure: what it is, its value, and what it was counted over. */
function Figure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-navy-900" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-sm text-slate-700">{children}</dd>
    </div>
  );
}
