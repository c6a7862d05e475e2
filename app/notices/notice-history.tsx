/** The desk's list of notices, newest first: what each said, and who put it up and took it down. */
import { formatDateTime } from "~/time/business-time";
import { NOTICE_TONES, type NoticeTone } from "./notice-text";

export interface NoticeHistoryEntry {
  id: string;
  body: string;
  tone: NoticeTone;
  startsAt: string | null;
  endsAt: string | null;
  publishedBy: string;
  publishedAt: string;
  removedBy: string | null;
  removedAt: string | null;
}

function ending(entry: NoticeHistoryEntry, now: string): string {
  if (entry.removedAt)
    return `Removed by ${entry.removedBy ?? "the command line"} on ${formatDateTime(entry.removedAt)}.`;
  if (entry.endsAt && entry.endsAt <= now) return `Ended on ${formatDateTime(entry.endsAt)}.`;
  if (entry.endsAt) return `Ends on ${formatDateTime(entry.endsAt)}.`;
  return "Up until removed.";
}

export function NoticeHistory({ entries, now }: { entries: readonly NoticeHistoryEntry[]; now: string }) {
  return (
    <section aria-labelledby="notice-history-heading" className="mt-8">
      <h2 id="notice-history-heading" className="text-lg font-bold text-navy-900">
        Past notices
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2">No notice has been published yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="p-3">
              <p className="break-words">{entry.body}</p>
              <p className="mt-1 text-sm text-slate-700">
                {NOTICE_TONES[entry.tone]}. Published by {entry.publishedBy} on {formatDateTime(entry.publishedAt)}
                {entry.startsAt ? `, from ${formatDateTime(entry.startsAt)}` : ""}. {ending(entry, now)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
