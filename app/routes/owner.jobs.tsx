/**
 * /owner/jobs: the work on the calendar. Every open job, and those finished or cancelled this week
 * and later, by start date, each with its state and dates; 'Late' on a job past its completion
 * date and not completed. The booked site visits sit beside them, and the week's home watch visits,
 * by day and in the order of the drive down the island ('Late' past their day), so the week reads
 * in one place.
 */
import { Link } from "react-router";
import { profile } from "~/content/profile";
import { townOf } from "~/leads/record/address";
import { dayLabel, isLate, JOB_STATE_LABELS } from "~/jobs/job-rules";
import { jobsForCalendar } from "~/jobs/jobs.server";
import { jobPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf, formatShortDay, formatTime, mondayOf } from "~/time/business-time";
import { VisitList } from "~/visits/visit-list";
import { upcomingVisits } from "~/visits/visits.server";
import { WatchWeek } from "~/watch/watch-week";
import { dayText } from "~/paperwork/document";
import { toDate } from "~/infra/schema.server";
import { isLateVisit, weekWatchVisits } from "~/watch/watch-visits.server";
import type { Route } from "./+types/owner.jobs";

export const meta: Route.MetaFunction = () => [
  { title: `Jobs | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const now = new Date();
  const today = dayOf(now);
  const [jobs, visits, watch] = await Promise.all([
    jobsForCalendar(db, mondayOf(now)),
    upcomingVisits(db, now, 20),
    weekWatchVisits(db, mondayOf(now)),
  ]);
  return {
    jobs: jobs.map((job) => ({
      id: job.id,
      title: job.title,
      name: job.lead_name,
      state: JOB_STATE_LABELS[job.state],
      start: job.start_day ? dayLabel(job.start_day) : "Start date not set",
      completion: job.completion_day ? dayLabel(job.completion_day) : "completion date not set",
      late: isLate(job, today),
    })),
    visits: visits.map((visit) => ({
      leadId: visit.leadId,
      name: visit.name,
      town: townOf(visit.address),
      day: formatShortDay(visit.startsAt),
      time: `${formatTime(visit.startsAt)} – ${formatTime(visit.endsAt)}`,
      today: dayOf(visit.startsAt) === today,
    })),
    watch: watch.map((visit) => ({
      id: visit.id,
      name: visit.homeowner_name,
      town: visit.town,
      day: visit.day === today ? "Today" : dayText(visit.day),
      kind: visit.due_by ? `Storm check, by ${formatTime(toDate(visit.due_by))}` : "Home watch",
      done: visit.status === "finished",
      late: isLateVisit(visit, today, now),
    })),
  };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Jobs</h1>
      <p className="mt-1">Scheduled and under way, by start date, and those finished this week.</p>
      <div className="mt-4 grid gap-6 md:grid-cols-3">
        <section aria-labelledby="jobs-heading" className="md:col-span-2">
          <h2 id="jobs-heading" className="text-lg font-bold text-navy-900">
            Work
          </h2>
          {loaderData.jobs.length === 0 ? (
            <p className="mt-2">
              No jobs yet. A job starts when a homeowner accepts a quote, or with 'Start a job' on a Won lead.
            </p>
          ) : (
            <ol
              className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
              aria-label="Jobs"
            >
              {loaderData.jobs.map((job) => (
                <li key={job.id}>
                  <Link
                    to={jobPath(job.id)}
                    className="block min-h-11 px-3 py-2 hover:bg-sea-50 focus-visible:bg-sea-50"
                  >
                    <span className="font-semibold text-navy-900">{job.title}</span>
                    <span className="block text-sm text-slate-700">
                      {job.name} · {job.state}
                      {job.late ? (
                        <strong className="ml-2 rounded bg-red-800 px-1.5 py-0.5 text-white">Late</strong>
                      ) : null}
                    </span>
                    <span className="block text-sm text-slate-700">
                      {job.start} to {job.completion}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
        <div>
          {loaderData.visits.length === 0 ? (
            <section aria-labelledby="no-visits-heading">
              <h2 id="no-visits-heading" className="text-lg font-bold text-navy-900">
                Visits
              </h2>
              <p className="mt-2">No site visits booked.</p>
            </section>
          ) : (
            <VisitList visits={loaderData.visits} />
          )}
          <WatchWeek visits={loaderData.watch} />
        </div>
      </div>
    </>
  );
}
