/**
 * /owner: every lead that is not held as spam, newest first, 50 a page, with how long each new one
 * has waited (red once its reminder is due, after REMINDER_AFTER_HOURS business hours), with the
 * booked visits from today on above them.
 * Filter by status; search name, phone, email, address.
 */
import { data, Form, Link } from "react-router";
import { profile } from "~/content/profile";
import { getEnv } from "~/settings/env.server";
import { townOf } from "~/leads/record/address";
import { countNewLeads, listDeskLeads, parseListQuery } from "~/leads/record/queries.server";
import { LEAD_STATUSES, STATUS_LABELS, statusLabel } from "~/leads/record/status";
import { waitingClock } from "~/leads/record/waiting";
import { Notice, inputClass, labelClass, secondaryButton } from "~/owner/desk-frame";
import { DESK_HOME, leadPath } from "~/owner/paths";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { DELETED_FORMS } from "~/leads/record/record-forms";
import { requireOwner, signedInRecently } from "~/owner/sessions.server";
import { dayOf, formatShortDay, formatTime } from "~/time/business-time";
import { VisitList } from "~/visits/visit-list";
import { upcomingVisits } from "~/visits/visits.server";
import type { Route } from "./+types/owner._index";
import { businessHoursWithClosures } from "~/closed-days/closed-days.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && data.newCount > 0 ? `(${data.newCount} new) ` : ""}Leads | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, session } = await requireOwner(request, context);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  const now = new Date();
  const [list, newCount, visits] = await Promise.all([
    listDeskLeads(db, query),
    countNewLeads(db),
    upcomingVisits(db, now, 20),
  ]);
  const today = dayOf(now);
  const { reminderAfterHours } = getEnv();
  const hours = await businessHoursWithClosures(db, now);
  // A lead just deleted: the sentence naming whose it was came in a cookie (`owner.lead-record.ts`).
  const carried = takeCarriedAnswer(request, DESK_HOME, [DELETED_FORMS]);
  return data(
    {
      visits: visits.map((visit) => ({
        leadId: visit.leadId,
        name: visit.name,
        town: townOf(visit.address),
        day: formatShortDay(visit.startsAt),
        time: `${formatTime(visit.startsAt)} – ${formatTime(visit.endsAt)}`,
        today: dayOf(visit.startsAt) === today,
      })),
      query,
      newCount,
      total: list.total,
      page: list.page,
      pages: list.pages,
      exportReady: url.searchParams.get("export") === "1" && signedInRecently(session),
      deleted: carried.answer?.ok ? carried.answer.done : null,
      rows: list.rows.map((row) => ({
        id: row.id,
        name: row.name,
        town: townOf(row.address),
        excerpt: row.excerpt,
        photoCount: row.photoCount,
        status: row.status,
        statusLabel: statusLabel(row.status),
        received: row.createdAt.toISOString(),
        waiting: row.status === "new" ? waitingClock(row.createdAt, now, reminderAfterHours, hours) : null,
      })),
    },
    { headers: carried.headers },
  );
}

function pageHref(query: { status?: string; search?: string }, page: number) {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("q", query.search);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `/owner${text ? `?${text}` : ""}`;
}

export default function LeadList({ loaderData }: Route.ComponentProps) {
  const { rows, query, total, page, pages, newCount, exportReady, deleted, visits } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-navy-900">
          Leads <span className="text-base font-semibold text-slate-700">({newCount} new)</span>
        </h1>
        <a href="/owner/export/leads.csv" className={secondaryButton} download>
          Download CSV
        </a>
      </div>
      {exportReady ? <Notice tone="ok">Thanks. Your download is ready: press Download CSV.</Notice> : null}
      {deleted ? <Notice tone="ok">{deleted}</Notice> : null}
      <VisitList visits={visits} />
      <Form
        method="get"
        role="search"
        aria-label="Leads"
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="lead-search" className={labelClass}>
            Search name, phone, email or address
          </label>
          <input
            id="lead-search"
            name="q"
            type="search"
            defaultValue={query.search}
            maxLength={100}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="lead-status" className={labelClass}>
            Show
          </label>
          <select id="lead-status" name="status" defaultValue={query.status ?? ""} className={inputClass}>
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Apply
        </button>
      </Form>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {total === 0
          ? "No leads match."
          : `${total} lead${total === 1 ? "" : "s"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
      </p>
      <ol
        className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
        aria-label="Leads, newest first"
      >
        {rows.map((row) => (
          <li key={row.id}>
            <Link to={leadPath(row.id)} className="block min-h-11 px-3 py-3 hover:bg-sea-50 focus-visible:bg-sea-50">
              <span className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 truncate text-lg font-semibold text-navy-900">{row.name}</span>
                <span className="shrink-0 rounded-full bg-slate-100 px-2 text-sm font-semibold text-navy-900">
                  {row.statusLabel}
                </span>
              </span>
              <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
                {row.town ? <span>{row.town}</span> : null}
                <span>
                  {row.photoCount} photo{row.photoCount === 1 ? "" : "s"}
                </span>
                {row.waiting ? (
                  <span
                    data-testid="waiting"
                    className={row.waiting.late ? "font-bold text-red-800" : "font-semibold text-navy-800"}
                  >
                    Waiting {row.waiting.text}
                    {row.waiting.late ? " (late)" : ""}
                  </span>
                ) : null}
              </span>
              {row.excerpt ? <span className="mt-1 block text-sm break-words text-ink">{row.excerpt}</span> : null}
            </Link>
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
          {page > 1 ? (
            <Link to={pageHref(query, page - 1)} className={secondaryButton}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Link to={pageHref(query, page + 1)} className={secondaryButton}>
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
