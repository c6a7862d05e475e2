/**
 * /owner/leads/:id: one lead, everything about it. Call, text or email in one tap; set its status
 * (Lost asks why); notes with times; the history of every change with who and when; delete with a
 * confirmation. Each form posts here and works without JavaScript.
 */
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { clientKey } from "~/infra/client-key.server";
import { usPhoneDigits } from "~/leads/estimate-schema";
import { clientIpFrom } from "~/leads/request-context.server";
import { releaseLead } from "~/leads/quarantine.server";
import { recordAudit } from "~/owner/audit.server";
import { dangerButton, inputClass, labelClass, Notice, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { deskTime } from "~/owner/format";
import {
  LEAD_STATUSES,
  LOST_REASON_LABELS,
  LOST_REASONS,
  NOTE_MAX_LENGTH,
  STATUS_LABELS,
  isLeadStatus,
  isLostReason,
} from "~/owner/lead-status";
import { addLeadNote, deleteDeskLead, getDeskLead, setLeadStatus } from "~/owner/leads.server";
import { photoPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { waitingClock } from "~/owner/waiting";
import type { Route } from "./+types/owner.lead";
import { readSmallForm } from "~/infra/uploads.server";
import { getEnv } from "~/infra/env.server";
import { nudgeMailWorkers } from "~/infra/outbox.server";
import { VisitSection, type VisitAnswer } from "~/visits/visit-section";
import { formatWindow, njDay } from "~/visits/nj-time";
import { cancelVisit, proposeVisit, visitOfLead } from "~/visits/visits.server";
import { readWindowInputs, validateWindows } from "~/visits/windows";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.lead.name : "Lead"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request);
  const lead = await getDeskLead(db, params.id);
  if (!lead) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const digits = usPhoneDigits(lead.phone);
  const visit = await visitOfLead(db, lead.id);
  return {
    visit: visit
      ? {
          status: visit.status,
          proposedBy: visit.proposedBy,
          windows: visit.windows.map((w) => ({ when: formatWindow(w.startsAt, w.endsAt), chosen: w.chosen })),
        }
      : null,
    today: njDay(new Date()),
    lead: {
      ...lead,
      createdAt: lead.createdAt.toISOString(),
      notes: lead.notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      history: lead.history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
    },
    phoneE164: digits ? `+1${digits}` : lead.phone.replace(/[^\d+]/g, ""),
    waiting: lead.status === "new" && !lead.quarantined ? waitingClock(lead.createdAt) : null,
  };
}

type ActionAnswer = { ok: boolean; message: string; intent: string } & Partial<VisitAnswer>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, session } = await requireOwner(request);
  const form = await readSmallForm(request);
  const intent = String(form.get("intent") ?? "");
  const client = clientKey(clientIpFrom(context));
  switch (intent) {
    case "status": {
      const result = await setLeadStatus(db, params.id, form.get("status"), form.get("lostReason"), session.email);
      return data<ActionAnswer>(
        { ok: result.ok, intent, message: result.ok ? "Status saved." : result.error },
        { status: result.ok ? 200 : result.status },
      );
    }
    case "note": {
      const result = await addLeadNote(db, params.id, form.get("note"), session.email);
      return data<ActionAnswer>(
        { ok: result.ok, intent, message: result.ok ? "Note added." : result.error },
        { status: result.ok ? 200 : result.status },
      );
    }
    case "propose-visit": {
      const now = new Date();
      const rows = readWindowInputs((name) => form.get(name));
      const values = Object.fromEntries(
        rows.flatMap(({ row, input }) => [
          [`window-${row}-date`, input.date],
          [`window-${row}-start`, input.start],
          [`window-${row}-end`, input.end],
        ]),
      );
      const check = validateWindows(rows, now);
      if (!check.ok)
        return data<ActionAnswer>(
          {
            ok: false,
            intent,
            message: check.formError ?? "Check the visit times marked below.",
            fieldErrors: check.errors,
            values,
          },
          { status: 400 },
        );
      const env = getEnv();
      const result = await proposeVisit(db, params.id, check.windows, session.email, env, now);
      if (!result.ok)
        return data<ActionAnswer>({ ok: false, intent, message: result.error }, { status: result.status });
      nudgeMailWorkers();
      const count = check.windows.length;
      return data<ActionAnswer>({
        ok: true,
        intent,
        message: `Visit proposed: ${count} time${count === 1 ? "" : "s"} emailed to the homeowner.`,
      });
    }
    case "cancel-visit": {
      const result = await cancelVisit(db, params.id, session.email, getEnv());
      if (!result.ok)
        return data<ActionAnswer>({ ok: false, intent, message: result.error }, { status: result.status });
      nudgeMailWorkers();
      return data<ActionAnswer>({ ok: true, intent, message: "Visit cancelled; the homeowner has been emailed." });
    }
    case "delete": {
      if (form.get("confirm") !== "yes")
        return data<ActionAnswer>(
          { ok: false, intent, message: "Tick the box to confirm the deletion." },
          { status: 400 },
        );
      const name = await deleteDeskLead(db, params.id);
      if (name === undefined)
        return data<ActionAnswer>({ ok: false, intent, message: "This lead no longer exists." }, { status: 404 });
      await recordAudit(db, { actor: session.email, action: "lead-deleted", detail: params.id, client });
      return redirect(`/owner?deleted=${encodeURIComponent(name.slice(0, 60))}`);
    }
    case "release": {
      const result = await releaseLead(db, params.id);
      if (!result.released)
        return data<ActionAnswer>({ ok: false, intent, message: "This lead is not held as spam." }, { status: 404 });
      await recordAudit(db, { actor: session.email, action: "lead-released", detail: params.id, client });
      return data<ActionAnswer>({ ok: true, intent, message: "Released: its emails are on their way." });
    }
    default:
      return data<ActionAnswer>({ ok: false, intent, message: "Unknown action." }, { status: 400 });
  }
}

const linkButton = `${secondaryButton} flex-1`;

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, phoneE164, waiting, visit, today } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [status, setStatus] = useState(isLeadStatus(lead.status) ? lead.status : "new");
  const [viewing, setViewing] = useState<string | null>(null);
  const subject = encodeURIComponent(`Your estimate request - ${profile.shortName}`);
  const shown = lead.photos.find((p) => p.id === viewing);
  return (
    <article>
      <p>
        <Link to="/owner" className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline">
          ← All leads
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words text-navy-900">{lead.name}</h1>
      <p className="text-sm text-slate-700">
        Received {deskTime(lead.createdAt)} from <span data-testid="source">{lead.sourcePath ?? "unknown"}</span>
        {waiting ? (
          <span className={waiting.late ? " font-bold text-red-800" : " font-semibold"}> · waiting {waiting.text}</span>
        ) : null}
      </p>
      {lead.quarantined ? (
        <Notice tone="error">
          Held as suspected spam ({lead.spamReason ?? "unknown reason"}). It has not been emailed to anyone.
        </Notice>
      ) : null}
      {actionData ? <Notice tone={actionData.ok ? "ok" : "error"}>{actionData.message}</Notice> : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <a href={`tel:${phoneE164}`} className={linkButton}>
          Call
        </a>
        <a href={`sms:${phoneE164}`} className={linkButton}>
          Text
        </a>
        <a href={`mailto:${lead.email}?subject=${subject}`} className={linkButton}>
          Email
        </a>
      </div>

      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-navy-900">Phone</dt>
        <dd className="break-words">{lead.phone}</dd>
        <dt className="font-semibold text-navy-900">Email</dt>
        <dd className="break-all">{lead.email}</dd>
        <dt className="font-semibold text-navy-900">Address</dt>
        <dd className="break-words">{lead.address || "(not given)"}</dd>
        <dt className="font-semibold text-navy-900">Description</dt>
        <dd className="break-words whitespace-pre-line">{lead.description || "(not given)"}</dd>
        <dt className="font-semibold text-navy-900">Sent from</dt>
        <dd className="break-all">{lead.sourcePath ?? "unknown"}</dd>
        <dt className="font-semibold text-navy-900">Reference</dt>
        <dd className="break-all">{lead.id}</dd>
      </dl>

      <section aria-labelledby="photos" className="mt-6">
        <h2 id="photos" className="text-lg font-bold text-navy-900">
          Photos ({lead.photos.length})
        </h2>
        {lead.photos.length === 0 ? <p>No photos.</p> : null}
        <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {lead.photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={photoPath(lead.id, photo.id)}
                onClick={(event) => {
                  event.preventDefault();
                  setViewing(photo.id);
                }}
                className="block min-h-11"
              >
                <img
                  src={photoPath(lead.id, photo.id)}
                  alt={`Photo ${index + 1}: ${photo.fileName}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
        {shown ? (
          <div
            role="dialog"
            aria-modal="true"
            aria-label={`Photo: ${shown.fileName}`}
            className="fixed inset-0 z-20 flex flex-col bg-navy-950/95 p-2"
          >
            <div className="flex justify-between gap-2">
              <a href={photoPath(lead.id, shown.id)} className={`${secondaryButton}`} target="_blank" rel="noreferrer">
                Open full size
              </a>
              <button type="button" autoFocus onClick={() => setViewing(null)} className={secondaryButton}>
                Close photo
              </button>
            </div>
            <img
              src={photoPath(lead.id, shown.id)}
              alt={shown.fileName}
              className="mt-2 min-h-0 flex-1 object-contain"
            />
          </div>
        ) : null}
      </section>

      {!lead.quarantined ? (
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
                        defaultChecked={lead.lostReason === reason}
                        required
                        className="size-5"
                      />
                      {LOST_REASON_LABELS[reason]}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <button type="submit" disabled={busy} className={primaryButton}>
              Save status
            </button>
            {lead.status === "lost" && isLostReason(lead.lostReason) ? (
              <p className="text-sm">Lost: {LOST_REASON_LABELS[lead.lostReason]}</p>
            ) : null}
          </Form>
        </section>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="release" />
          <button type="submit" className={primaryButton}>
            Not spam
          </button>
        </Form>
      )}

      {!lead.quarantined ? (
        <VisitSection
          visit={visit}
          today={today}
          busy={busy}
          answer={actionData && actionData.intent === "propose-visit" ? actionData : undefined}
        />
      ) : null}

      <section aria-labelledby="notes" className="mt-6">
        <h2 id="notes" className="text-lg font-bold text-navy-900">
          Notes
        </h2>
        <ol className="mt-2 space-y-2">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-sand-100 p-3">
              <p className="break-words whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-sm text-slate-700">
                {note.author}, <time dateTime={note.createdAt}>{deskTime(note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
        <Form method="post" className="mt-3 space-y-2" key={lead.notes.length}>
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="new-note" className={labelClass}>
            Add a note
          </label>
          <textarea id="new-note" name="note" rows={3} maxLength={NOTE_MAX_LENGTH} required className={inputClass} />
          <button type="submit" disabled={busy} className={secondaryButton}>
            Add note
          </button>
        </Form>
      </section>

      <section aria-labelledby="history" className="mt-6">
        <h2 id="history" className="text-lg font-bold text-navy-900">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          <li>
            <time dateTime={lead.createdAt}>{deskTime(lead.createdAt)}</time>: request received from the website
          </li>
          {lead.history.map((event) => (
            <li key={event.id}>
              <time dateTime={event.createdAt}>{deskTime(event.createdAt)}</time>: {event.detail}, by {event.actor}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="delete-heading" className="mt-8 rounded-lg border border-red-800 p-3">
        <h2 id="delete-heading" className="text-lg font-bold text-red-800">
          Delete this lead
        </h2>
        <p className="text-sm">Its details, photos, notes and history are deleted for good.</p>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="delete" />
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="confirm" value="yes" required className="size-5" /> Yes, delete the lead from{" "}
            {lead.name}
          </label>
          <button type="submit" className={dangerButton}>
            Delete lead
          </button>
        </Form>
      </section>
    </article>
  );
}
