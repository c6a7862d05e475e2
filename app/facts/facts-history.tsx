/**
 * What is live: the version of the facts in force, with who published it and when, its phone and
 * its hours. The versions before it are the desk's history (`owner/version-history.tsx`).
 */
import type { HoursRow } from "~/content/business-facts";
import { formatDateTime } from "~/time/business-time";

export interface LiveSummary {
  version: number;
  publishedBy: string | null;
  publishedAt: string | null;
  phoneDisplay: string;
  hoursRows: HoursRow[];
  hoursNote: string | null;
}

export function LiveFacts({ live }: { live: LiveSummary }) {
  return (
    <section aria-labelledby="facts-live" className="mt-4 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="facts-live" className="text-base font-bold text-navy-900">
        Live now
      </h2>
      <p className="mt-1 text-sm">
        {live.version === 0 || !live.publishedAt
          ? "The facts the site was built with: nothing has been published from the desk yet."
          : `Version ${live.version}, published by ${live.publishedBy ?? "the command line"} on ${formatDateTime(live.publishedAt)}.`}
      </p>
      <p className="mt-2 font-semibold">{live.phoneDisplay}</p>
      {live.hoursNote ? <p className="mt-1 font-semibold">{live.hoursNote}</p> : null}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
        {live.hoursRows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium">{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
