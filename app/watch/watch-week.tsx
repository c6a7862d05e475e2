/** The week's home watch visits on the desk's week, by day and in the order of the drive. */
import { Link } from "react-router";
import { watchVisitPath } from "~/owner/paths";

export interface WatchWeekItem {
  id: string;
  name: string;
  town: string;
  day: string;
  kind: string;
  done: boolean;
  late: boolean;
}

export function WatchWeek({ visits }: { visits: WatchWeekItem[] }) {
  return (
    <section aria-labelledby="watch-week-heading" className="mt-6">
      <h2 id="watch-week-heading" className="text-lg font-bold text-navy-900">
        Home watch this week
      </h2>
      {visits.length === 0 ? (
        <p className="mt-2">No home watch visits this week.</p>
      ) : (
        <ol
          className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
          aria-label="Home watch visits"
        >
          {visits.map((visit) => (
            <li key={visit.id}>
              <Link
                to={watchVisitPath(visit.id)}
                className="block min-h-11 px-3 py-2 hover:bg-sea-50 focus-visible:bg-sea-50"
              >
                <span className="font-semibold text-navy-900">
                  {visit.day}: {visit.town || "town not set"}
                </span>
                <span className="block text-sm text-slate-700">
                  {visit.kind} · {visit.name}
                  {visit.done ? " · done" : ""}
                  {visit.late ? (
                    <strong className="ml-2 rounded bg-red-800 px-1.5 py-0.5 text-white">Late</strong>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
