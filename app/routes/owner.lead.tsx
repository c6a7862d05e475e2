/**
 * /owner/leads/:id: one lead, everything about it. Call, text or email in one tap; set its status
 * (Lost asks why); notes with times; the history of every change with who and when; delete with a
 * confirmation. Each form posts here and works without JavaScript; every change goes through the
 * lead record (`leads/record/`).
 */
import type { Kysely } from "kysely";
import { data, Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { getEnv } from "~/settings/env.server";
import type { Database } from "~/infra/schema.server";
import { readSmallForm } from "~/infra/uploads.server";
import { usPhoneDigits } from "~/leads/estimate-schema";
import { addLeadNote, setLeadStatus } from "~/leads/record/changes.server";
import { deleteLead } from "~/server/delete-lead.server";
import { keptOnDeletion, keptSentence } from "~/invoices/kept-records.server";
import { LeadPhotos } from "~/leads/record/lead-photos";
import { DeleteSection, HistorySection, NotesSection, ReleaseForm, StatusSection } from "~/leads/record/lead-sections";
import { releaseLead } from "~/leads/record/quarantine.server";
import { getDeskLead } from "~/leads/record/queries.server";
import { cancelVisit, proposeVisit } from "~/visits/visit-changes.server";
import { waitingClock } from "~/leads/record/waiting";
import { Notice, secondaryButton } from "~/owner/desk-frame";
import type { Actor } from "~/owner/actor";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf, formatDateTime, formatWindow } from "~/time/business-time";
import { VisitSection, type VisitAnswer } from "~/visits/visit-section";
import { visitOfLead } from "~/visits/visits.server";
import { proposalFromForm } from "~/visits/windows";
import type { Route } from "./+types/owner.lead";
import { businessHoursWithClosures } from "~/closed-days/closed-days.server";
import { setLeadService } from "~/leads/record/service.server";
import { LeadReviewSection } from "~/reviews/lead-review-section";
import { askForReview, requestOfLead } from "~/reviews/review-requests.server";
import { startJobWithoutQuote } from "~/jobs/job-changes.server";
import { isOpen, JOB_STATE_LABELS } from "~/jobs/job-rules";
import { jobOfLead, leadHasQuoteWaiting } from "~/jobs/jobs.server";
import { LeadJobSection, type StartJobAnswer } from "~/jobs/lead-job-section";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.lead.name : "Lead"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const lead = await getDeskLead(db, params.id);
  if (!lead) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const digits = usPhoneDigits(lead.phone);
  const visit = await visitOfLead(db, lead.id);
  const now = new Date();
  const hours = await businessHoursWithClosures(db, now);
  const asked = await requestOfLead(db, lead.id, now);
  const job = await jobOfLead(db, lead.id);
  return {
    keptOnDeletion: keptSentence(await keptOnDeletion(db, lead.id)),
    job: job ? { id: job.id, title: job.title, state: JOB_STATE_LABELS[job.state] } : null,
    // Small work once the lead is Won: not beside an open job, nor while a quote waits for an answer.
    canStartJob: (!job || !isOpen(job.state)) && lead.status === "won" && !(await leadHasQuoteWaiting(db, lead.id)),
    reviewRequest: asked.state === "not-asked" ? asked : { ...asked, at: asked.at.toISOString() },
    visit: visit
      ? {
          status: visit.status,
          proposedBy: visit.proposedBy,
          windows: visit.windows.map((w) => ({ when: formatWindow(w.startsAt, w.endsAt), chosen: w.chosen })),
        }
      : null,
    today: dayOf(now),
    lead: {
      ...lead,
      createdAt: lead.createdAt.toISOString(),
      notes: lead.notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      history: lead.history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
    },
    phoneE164: digits ? `+1${digits}` : lead.phone.replace(/[^\d+]/g, ""),
    waiting:
      lead.status === "new" && !lead.quarantined
        ? waitingClock(lead.createdAt, now, getEnv().reminderAfterHours, hours)
        : null,
  };
}

type ActionAnswer = { ok: boolean; message: string; intent: string } & Partial<VisitAnswer> &
  Pick<StartJobAnswer, "values"> & { jobErrors?: Record<string, string> };

interface Change {
  db: Kysely<Database>;
  id: string;
  form: FormData;
  actor: Actor;
}

const answer = (
  intent: string,
  ok: boolean,
  message: string,
  status = ok ? 200 : 400,
  extra: Partial<VisitAnswer> = {},
) => data<ActionAnswer>({ ok, intent, message, ...extra }, { status });

/** What each of the page's forms does, by its `intent`. */
const changes = ({ db, id, form, actor }: Change) => ({
  async status() {
    const result = await setLeadStatus(db, id, form.get("status"), form.get("lostReason"), actor);
    return result.ok ? answer("status", true, "Status saved.") : answer("status", false, result.error, result.status);
  },
  async note() {
    const result = await addLeadNote(db, id, form.get("note"), actor);
    return result.ok ? answer("note", true, "Note added.") : answer("note", false, result.error, result.status);
  },
  async "propose-visit"() {
    const now = new Date();
    const proposal = proposalFromForm((name) => form.get(name), now);
    if (!proposal.ok)
      return answer("propose-visit", false, proposal.formError ?? "Check the visit times marked below.", 400, {
        fieldErrors: proposal.errors,
        values: proposal.values,
      });
    const result = await proposeVisit(db, id, proposal.windows, actor, getEnv(), now);
    if (!result.ok) return answer("propose-visit", false, result.error, result.status);
    const count = proposal.windows.length;
    return answer(
      "propose-visit",
      true,
      `Visit proposed: ${count} time${count === 1 ? "" : "s"} emailed to the homeowner.`,
    );
  },
  async "cancel-visit"() {
    const result = await cancelVisit(db, id, actor, getEnv());
    if (!result.ok) return answer("cancel-visit", false, result.error, result.status);
    return answer("cancel-visit", true, "Visit cancelled; the homeowner has been emailed.");
  },
  async service() {
    const result = await setLeadService(db, id, form.get("service"), actor);
    return result.ok
      ? answer("service", true, "Service saved.")
      : answer("service", false, result.error, result.status);
  },
  async "start-job"() {
    const get = (name: string) => String(form.get(name) ?? "").slice(0, 500);
    const result = await startJobWithoutQuote(db, actor, id, get, getEnv());
    if (result.ok) {
      return redirect(`/owner/jobs/${result.jobId}`);
    }
    const values = Object.fromEntries(["title", "price", "startDay", "completionDay"].map((name) => [name, get(name)]));
    const message = result.errors.form ?? "Check the fields marked below.";
    return data<ActionAnswer>(
      { ok: false, intent: "start-job", message, jobErrors: result.errors, values },
      { status: result.status },
    );
  },
  async "ask-review"() {
    const outcome = await askForReview(db, id, actor.email, getEnv().siteUrl);
    if (!outcome.asked) return answer("ask-review", false, outcome.message, outcome.reason === "missing" ? 404 : 409);
    return answer("ask-review", true, "Review request sent: one email to the homeowner.");
  },
  async delete() {
    if (form.get("confirm") !== "yes") return answer("delete", false, "Tick the box to confirm the deletion.");
    const deleted = await deleteLead(db, id, getEnv(), { actor });
    if (!deleted) return answer("delete", false, "This lead no longer exists.", 404);
    // A booked visit's cancellation was queued with the deletion.
    return redirect(`/owner?deleted=${encodeURIComponent(deleted.name.slice(0, 60))}`);
  },
  async release() {
    const result = await releaseLead(db, id, { actor });
    if (!result.released) return answer("release", false, "This lead is not held as spam.", 404);
    return answer("release", true, "Released: its emails are on their way.");
  },
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  return dispatchIntent(form, changes({ db, id: params.id, form, actor }));
}

const linkButton = `${secondaryButton} flex-1`;

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, phoneE164, waiting, visit, today } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const subject = encodeURIComponent(`Your estimate request - ${profile.shortName}`);
  return (
    <article>
      <p>
        <Link to="/owner" className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline">
          ← All leads
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words text-navy-900">{lead.name}</h1>
      <p className="text-sm text-slate-700">
        Received {formatDateTime(lead.createdAt)} from <span data-testid="source">{lead.sourcePath ?? "unknown"}</span>
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

      <LeadPhotos leadId={lead.id} photos={lead.photos} />

      {lead.quarantined ? (
        <ReleaseForm />
      ) : (
        <>
          <StatusSection status={lead.status} lostReason={lead.lostReason} busy={busy} />
          <p className="mt-6">
            <Link to={`/owner/leads/${lead.id}/quote`} className={secondaryButton}>
              Write a quote
            </Link>
          </p>
          <LeadJobSection
            job={loaderData.job}
            canStart={loaderData.canStartJob}
            busy={busy}
            answer={
              actionData && actionData.intent === "start-job"
                ? {
                    ok: actionData.ok,
                    message: actionData.message,
                    fieldErrors: actionData.jobErrors,
                    values: actionData.values,
                  }
                : undefined
            }
          />
          <LeadReviewSection
            status={lead.status}
            service={lead.service}
            request={loaderData.reviewRequest}
            busy={busy}
          />
          {lead.status === "won" ? (
            <p className="mt-3">
              {/* The project starts with the service and town only; the street and name stay here. */}
              <Link to={`/owner/projects?lead=${encodeURIComponent(lead.id)}`} className={secondaryButton}>
                Make a project from this job
              </Link>
            </p>
          ) : null}
          <VisitSection
            visit={visit}
            today={today}
            busy={busy}
            answer={actionData && actionData.intent === "propose-visit" ? actionData : undefined}
          />
        </>
      )}

      <NotesSection notes={lead.notes} busy={busy} />
      <HistorySection receivedAt={lead.createdAt} history={lead.history} />
      <DeleteSection name={lead.name} kept={loaderData.keptOnDeletion} />
    </article>
  );
}
