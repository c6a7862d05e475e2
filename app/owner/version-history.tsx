/**
 * The versions of something the owner publishes (the business facts, a page of the site), newest
 * first, each with who published it and when and what it was, and a 'Restore' that publishes it
 * again as a new version: a restore is itself in the history, and is undone the same way.
 */
import { Form } from "react-router";
import { formatDateTime } from "~/time/business-time";
import { hintClass } from "./desk-field";
import { secondaryButton } from "./desk-frame";

export interface HistoryEntry {
  version: number;
  /** Null for what the site was built with (version 0). */
  publishedBy: string | null;
  publishedAt: string | null;
  restoredFrom: number | null;
  /** What it was or changed, in words. */
  changes: string;
  /** False for a version with nothing to put back (one that took a page off the site). */
  restorable?: boolean;
}

const restoredWords = (version: number) =>
  version === 0 ? "restored what the site was built with" : `restored version ${version}`;

/** One line saying which version is live: `built` says what version 0 is ("the words the site was built with"). */
export function LiveVersionLine({
  live,
  built,
}: {
  live: { version: number; publishedBy: string | null; publishedAt: string | null };
  built: string;
}) {
  return (
    <p className="mt-1">
      {live.version === 0 || !live.publishedAt
        ? `Live: ${built}.`
        : `Live: version ${live.version}, published by ${live.publishedBy ?? "the command line"} on ${formatDateTime(live.publishedAt)}.`}
    </p>
  );
}

export function VersionHistory({
  id,
  entries,
  liveVersion,
  busy,
  action,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  /** Where 'Restore' posts, when not to the page itself. */
  action?: string;
  entries: readonly HistoryEntry[];
  liveVersion: number;
  busy: boolean;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-base font-bold text-navy-900">
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
                  {entry.version === 0 ? "As the site was built" : `Version ${entry.version}`}
                  {entry.version === liveVersion ? " (live)" : ""}
                </p>
                <p className="text-sm">
                  {entry.publishedAt
                    ? `${formatDateTime(entry.publishedAt)} by ${entry.publishedBy ?? "the command line"}: `
                    : ""}
                  {entry.restoredFrom !== null ? restoredWords(entry.restoredFrom) : entry.changes}
                </p>
              </div>
              {entry.version === liveVersion || entry.restorable === false ? null : (
                <Form method="post" action={action}>
                  <input type="hidden" name="version" value={entry.version} />
                  <input type="hidden" name="basedOn" value={liveVersion} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    disabled={busy}
                    className={secondaryButton}
                    aria-label={
                      entry.version === 0 ? "Restore what the site was built with" : `Restore version ${entry.version}`
                    }
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
