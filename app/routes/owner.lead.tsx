/**
 * /owner/leads/:id: one lead, everything about it. Call, text or email in one tap; set its status
 * (Lost asks why); notes with times; the history of every change with who and when; delete with a
 * confirmation. Every form works without JavaScript. The lead's own work posts here; the visit's
 * forms post to `/visit`, and releasing and deleting to `/record` (`owner.lead-visit.ts`,
 * `owner.lead-record.ts`). Every change goes through the lead record (`leads/record/`).
 */
import { data, Link, redirect, useFetcher, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { services } from "~/content/services";
import { isId } from "~/forms/ids";
import { getEnv } from "~/settings/env.server";
import { readSmallForm } from "~/infra/uploads.server";
import { usPhoneDigits } from "~/leads/estimate-schema";
import { addLeadNote, setLeadStatus } from "~/leads/record/changes.server";
import { keptOnDeletion, keptSentence } from "~/invoices/kept-records.server";
import { LeadPhotos } from "~/leads/record/lead-photos";
import { DeleteSection, HistorySection, NotesSection, ReleaseForm, StatusSection } from "~/leads/record/lead-sections";
import { getDeskLead } from "~/leads/record/queries.server";
import { waitingClock } from "~/leads/record/waiting";
import { Notice, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf, formatDateTime, formatWindow } from "~/time/business-time";
import { VisitSection } from "~/visits/visit-section";
import { VISIT_FORMS } from "~/visits/visit-forms";
import { visitOfLead } from "~/visits/visits.server";
import type { Route } from "./+types/owner.lead";
import { businessHoursWithClosures } from "~/closed-days/closed-days.server";
import { setLeadService } from "~/leads/record/service.server";
import { LeadReviewSection } from "~/reviews/lead-review-section";
import { askForReview, requestOfLead } from "~/reviews/review-requests.server";
import { startJobWithoutQuote } from "~/jobs/job-changes.server";
import { isOpen, JOB_STATE_LABELS } from "~/jobs/job-rules";
import { jobOfLead, leadHasQuoteWaiting } from "~/jobs/jobs.server";
import { LeadJobSection } from "~/jobs/lead-job-section";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { headline, refusedForm, type ChangeAnswer } from "~/forms/change-answer";
import { useLatestAnswer } from "~/forms/latest-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { RECORD_FORMS } from "~/leads/record/record-forms";
import { leadPath, leadRecordPath, leadVisitPath } from "~/owner/paths";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.lead.name : "Lead"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  // As every desk route: an address that cannot name a lead is answered as an unknown one, after
  // the sign-in (a stranger is sent to sign in whatever the address) and before any query.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const lead = await getDeskLead(db, params.id);
  if (!lead) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const digits = usPhoneDigits(lead.phone);
  const visit = await visitOfLead(db, lead.id);
  const now = new Date();
  const hours = await businessHoursWithClosures(db, now);
  const asked = await requestOfLead(db, lead.id, now);
  const job = await jobOfLead(db, lead.id);
  const carried = takeCarriedAnswer(request, leadPath(lead.id), [VISIT_FORMS, RECORD_FORMS]);
  return data(
    {
      answer: carried.answer,
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
    },
    { headers: carried.headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  // As the loader: a malformed id is answered before the form is read or any query runs.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const form = await readSmallForm(request);
  /** A feature's refusal, whose message is about the whole form. */
  const outcome = (
    intent: string,
    result: { ok: true } | { ok: false; error: string; status: number },
    done: string,
  ) => (result.ok ? answerDone(intent, done) : answerRefused(intent, result.status, { form: result.error }));
  // The visit's forms post to /visit and the record's (release, delete) to /record.
  return dispatchIntent(form, {
    status: async (intent) =>
      outcome(intent, await setLeadStatus(db, id, form.get("status"), form.get("lostReason"), actor), "Status saved."),
    note: async (intent) => outcome(intent, await addLeadNote(db, id, form.get("note"), actor), "Note added."),
    service: async (intent) =>
      outcome(intent, await setLeadService(db, id, form.get("service"), actor), "Service saved."),
    "start-job": async (intent) => {
      const get = (name: string) => String(form.get(name) ?? "").slice(0, 500);
      const result = await startJobWithoutQuote(db, actor, id, get, getEnv());
      if (result.ok) return redirect(`/owner/jobs/${result.jobId}`);
      const values = Object.fromEntries(
        ["title", "price", "startDay", "completionDay"].map((name) => [name, get(name)]),
      );
      const errors = { ...result.errors, form: result.errors.form ?? "Check the fields marked below." };
      return answerRefused(intent, result.status, errors, values);
    },
    "ask-review": async (intent) => {
      const asked = await askForReview(db, id, actor, getEnv().siteUrl);
      if (!asked.asked) return answerRefused(intent, asked.reason === "missing" ? 404 : 409, { form: asked.message });
      return answerDone(intent, "Review request sent: one email to the homeowner.");
    },
  });
}

const linkButton = `${secondaryButton} flex-1`;

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, phoneE164, waiting, visit, today } = loaderData;
  const navigation = useNavigation();
  const visitForms = useFetcher<ChangeAnswer>({ key: leadVisitPath(lead.id) });
  const recordForms = useFetcher<ChangeAnswer>({ key: leadRecordPath(lead.id) });
  const busy = navigation.state === "submitting" || visitForms.state !== "idle" || recordForms.state !== "idle";
  const answer = useLatestAnswer(actionData, loaderData.answer, [visitForms.data, recordForms.data]);
  const shown = headline(answer);
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
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}

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
        {/* Set at arrival by the home watch form, or later by the owner: the kind of job at a glance. */}
        {lead.service ? (
          <>
            <dt className="font-semibold text-navy-900">Service</dt>
            <dd data-testid="lead-service">
              {services.find((known) => known.slug === lead.service)?.title ?? lead.service}
            </dd>
          </>
        ) : null}
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
        <ReleaseForm action={leadRecordPath(lead.id)} />
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
            refused={refusedForm(answer, "start-job")}
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
            action={leadVisitPath(lead.id)}
            refused={refusedForm(answer, "propose-visit")}
          />
        </>
      )}

      <NotesSection notes={lead.notes} busy={busy} />
      <HistorySection receivedAt={lead.createdAt} history={lead.history} />
      <DeleteSection name={lead.name} kept={loaderData.keptOnDeletion} action={leadRecordPath(lead.id)} />
    </article>
  );
}
