/** The desk home's list of booked visits, today's first, above the leads. */
import { Link } from "react-router";
import { leadPath } from "~/owner/paths";

export interface VisitListItem {
  leadId: string;
  name: string;
  town: string;
  day: string;
  time: string;
  today: boolean;
}

export function VisitList({ visits }: { visits: VisitListItem[] }) {
  if (visits.length === 0) return null;
  return (
    <section aria-labelledby="visits-heading" className="mt-3">
      <h2 id="visits-heading" className="text-lg font-bold text-navy-900">
        Visits
      </h2>
      <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white" aria-label="Visits">
        {visits.map((visit) => (
          <li key={`${visit.leadId}-${visit.day}-${visit.time}`}>
            <Link
              to={leadPath(visit.leadId)}
              className="block min-h-11 px-3 py-2 hover:bg-sea-50 focus-visible:bg-sea-50"
            >
              <span className="font-semibold text-navy-900">
                {visit.today ? "Today" : visit.day}, {visit.time}
              </span>
              <span className="block text-sm text-slate-700">
                {visit.name}
                {visit.town ? `, ${visit.town}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
