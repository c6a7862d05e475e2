/**
 * The lead page's sections that change the record: where it stands (status, and why a lead was
 * lost), releasing one held as spam, its notes, its history and deleting it. Each is a plain form,
 * so it works without JavaScript: status and notes post to the lead's page, releasing and deleting
 * to the record's own route, through its fetcher once the script runs.
 */
import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { dangerButton, inputClass, labelClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { formatDateTime } from "~/time/business-time";
import {
  isLeadStatus,
  isLostReason,
  LEAD_STATUSES,
  LOST_REASON_LABELS,
  LOST_REASONS,
  NOTE_MAX_LENGTH,
  STATUS_LABELS,
} from "./status";

export function StatusSection(props: { status: string; lostReason: string | null; busy: boolean }) {
  const [status, setStatus] = useState(isLeadStatus(props.status) ? props.status : "new");
  return (
    <section aria-labelledby="status-heading" className="mt-6">
      <h2 id="status-heading" className="text-lg font-bold text-navy-900">
        Where it stands
      </h2>
      <Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="status" />
        <div>
          <label htmlFor="lead-status" className={labelClass}>
            Status
          </label>
          <select
            id="lead-status"
            name="status"
            value={status}
            onChange={(e) => setStatus(isLeadStatus(e.target.value) ? e.target.value : "new")}
            className={inputClass}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {status === "lost" ? (
          <fieldset>
            <legend className={labelClass}>Why was it lost?</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {LOST_REASONS.map((reason) => (
                <label
                  key={reason}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-3"
                >
                  <input
                    type="radio"
                    name="lostReason"
                    value={reason}
                    defaultChecked={props.lostReason === reason}
                    required
                    className="size-5"
                  />
                  {LOST_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <button type="submit" disabled={props.busy} className={primaryButton}>
          Save status
        </button>
        {props.status === "lost" && isLostReason(props.lostReason) ? (
          <p className="text-sm">Lost: {LOST_REASON_LABELS[props.lostReason]}</p>
        ) : null}
      </Form>
    </section>
  );
}

/** Posts to the record's forms route (`action`) through its fetcher, or as a plain form. */
export function ReleaseForm({ action }: { action: string }) {
  const { Form: FetcherForm } = useFetcher({ key: action });
  return (
    <FetcherForm method="post" action={action} className="mt-6">
      <input type="hidden" name="intent" value="release" />
      <button type="submit" className={primaryButton}>
        Not spam
      </button>
    </FetcherForm>
  );
}

export function NotesSection(props: {
  notes: readonly { id: string; author: string; body: string; createdAt: string }[];
  busy: boolean;
}) {
  return (
    <section aria-labelledby="notes" className="mt-6">
      <h2 id="notes" className="text-lg font-bold text-navy-900">
        Notes
      </h2>
      <ol className="mt-2 space-y-2">
        {props.notes.map((note) => (
          <li key={note.id} className="rounded-lg bg-sand-100 p-3">
            <p className="break-words whitespace-pre-line">{note.body}</p>
            <p className="mt-1 text-sm text-slate-700">
              {note.author}, <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-3 space-y-2" key={props.notes.length}>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="new-note" className={labelClass}>
          Add a note
        </label>
        <textarea id="new-note" name="note" rows={3} maxLength={NOTE_MAX_LENGTH} required className={inputClass} />
        <button type="submit" disabled={props.busy} className={secondaryButton}>
          Add note
        </button>
      </Form>
    </section>
  );
}

export function HistorySection(props: {
  receivedAt: string;
  history: readonly { id: string; actor: string; detail: string; createdAt: string }[];
}) {
  return (
    <section aria-labelledby="history" className="mt-6">
      <h2 id="history" className="text-lg font-bold text-navy-900">
        History
      </h2>
      <ol className="mt-2 space-y-1 text-sm">
        <li>
          <time dateTime={props.receivedAt}>{formatDateTime(props.receivedAt)}</time>: request received from the website
        </li>
        {props.history.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>: {event.detail}, by {event.actor}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `kept`: what the deletion keeps (signed contracts, invoices, payments), said before it is done. */
export function DeleteSection({ name, kept, action }: { name: string; kept: string | null; action: string }) {
  const { Form: FetcherForm } = useFetcher({ key: action });
  return (
    <section aria-labelledby="delete-heading" className="mt-8 rounded-lg border border-red-800 p-3">
      <h2 id="delete-heading" className="text-lg font-bold text-red-800">
        Delete this lead
      </h2>
      <p className="text-sm">
        Its details, photos, notes and history are deleted for good. A booked visit is cancelled in the homeowner&apos;s
        calendar.
      </p>
      {kept ? <p className="mt-1 text-sm font-semibold">{kept}</p> : null}
      <FetcherForm method="post" action={action} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="delete" />
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="confirm" value="yes" required className="size-5" /> Yes, delete the lead from{" "}
          {name}
        </label>
        <button type="submit" className={dangerButton}>
          Delete lead
        </button>
      </FetcherForm>
    </section>
  );
}
