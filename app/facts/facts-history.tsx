/**
 * What is live and what was: the version in force with who published it and when, then the
 * earlier versions, each with what it changed and a 'Restore' that publishes it again as a new
 * version (so a restore is itself in the history, and can be undone the same way).
 */
import { Form } from "react-router";
import type { HoursRow } from "~/content/business-facts";
import { hintClass } from "~/owner/desk-field";
import { secondaryButton } from "~/owner/desk-frame";
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

export interface HistoryEntry {
  version: number;
  publishedBy: string;
  publishedAt: string;
  restoredFrom: number | null;
  changes: string;
}

export function FactsHistory({
  entries,
  liveVersion,
  busy,
}: {
  entries: readonly HistoryEntry[];
  liveVersion: number;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="facts-history" className="mt-10">
      <h2 id="facts-history" className="text-base font-bold text-navy-900">
        History
      </h2>
      {entries.length === 0 ? (
        <p className={hintClass}>Each publish is kept here, with who made it and when.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200">
          {entries.map((entry) => (
            <li key={entry.version} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold">
                  {`Version ${entry.version}`}
                  {entry.version === liveVersion ? " (live)" : ""}
                </p>
                <p className="text-sm">
                  {`${formatDateTime(entry.publishedAt)} by ${entry.publishedBy}: `}
                  {entry.restoredFrom ? `restored version ${entry.restoredFrom}` : entry.changes}
                </p>
              </div>
              {entry.version === liveVersion ? null : (
                <Form method="post">
                  <input type="hidden" name="version" value={entry.version} />
                  <input type="hidden" name="basedOn" value={liveVersion} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    disabled={busy}
                    className={secondaryButton}
                    aria-label={`Restore version ${entry.version}`}
                  >
                    Restore
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
