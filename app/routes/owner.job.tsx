/**
 * /owner/jobs/:id: one job on the desk. Its state, total and dates; 'Save dates' (the homeowner is
 * emailed the new dates with the reason); 'Mark started', which asks for the permit or why none is
 * needed; progress photos the homeowner sees on their page; change orders; 'Mark completed', which
 * emails the homeowner the written warranty; the money (invoices from the contract's payments, and
 * payments received: see `app/invoices/`); and the history.
 */
import { randomUUID } from "node:crypto";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { isId } from "~/forms/ids";
import { getEnv, mailContext } from "~/settings/env.server";
import { MONEY_FORMS, moneyDeskView } from "~/invoices/money-desk.server";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { JobMoneySection } from "~/invoices/job-money-section";
import { CHANGE_ITEMS_MAX } from "~/jobs/change-order-content";
import { ChangeOrderForm } from "~/jobs/change-order-form";
import { sendChangeOrder } from "~/jobs/change-orders.server";
import { valuesOf, type ChangeAnswer, type ChangeOutcome } from "~/forms/change-answer";
import { useLatestAnswer } from "~/forms/latest-answer";
import { answerDone, answerOutcome, answerRefused } from "~/infra/page-post.server";
import { markJobCompleted, markJobStarted, saveJobDates } from "~/jobs/job-changes.server";
import { JobDatesForm, JobStartForm } from "~/jobs/job-desk-forms";
import { jobDeskView } from "~/jobs/job-desk-view.server";
import { JobLinkSection } from "~/jobs/job-link-section";
import { removeJobPhoto, takeJobPhoto } from "~/jobs/job-photos.server";
import { JobPhotosSection } from "~/jobs/job-photos-section";
import { MAX_JOB_PHOTOS, PHOTO_DESCRIPTION_MAX } from "~/jobs/job-rules";
import { jobById } from "~/jobs/jobs.server";
import { Notice, primaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { contractDocumentPath, jobMoneyPath, jobPath, jobsPath, leadPath } from "~/owner/paths";
import { photoJson, readDeskPhotoForm, wantsJson } from "~/owner/photo-form.server";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { PhotoUpload } from "~/projects/photo-upload";
import { dayOf } from "~/time/business-time";
import type { Route } from "./+types/owner.job";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.title} | ` : ""}Jobs | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const job = isId(params.id) ? await jobById(db, params.id) : undefined;
  if (!job) throw data("No such job.", { status: 404 });
  const today = dayOf(new Date());
  const search = new URL(request.url).searchParams;
  const [view, money] = await Promise.all([jobDeskView(db, job, search, today), moneyDeskView(db, job, today)]);
  const carried = takeCarriedAnswer(request, jobPath(job.id), [MONEY_FORMS]);
  return data({ ...view, ...money, moneyAnswer: carried.answer }, { headers: carried.headers });
}

const ITEM_FIELDS = ["removes", "description", "quantity", "unit", "price"];
/** The fields a refused form is shown again with. */
const FIELDS = [
  "startDay",
  "completionDay",
  "reason",
  "permitNumber",
  "issuedBy",
  "noPermit",
  "noPermitReason",
  ...Array.from({ length: CHANGE_ITEMS_MAX }, (_, row) => ITEM_FIELDS.map((field) => `item-${row}-${field}`)).flat(),
];

export async function action({ request, params, context }: Route.ActionArgs) {
  // The page's script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (wantsJson(request) ? requireOwnerOr401 : requireOwner)(request, context);
  if (!isId(params.id)) throw data("No such job.", { status: 404 });
  const json = wantsJson(request);
  const photoAnswer = (ok: boolean, message: string, field: string, status: number) => {
    const answered = ok ? answerDone("add-photo", message) : answerRefused("add-photo", status, { [field]: message });
    // The script shows a refusal at a field; one about the whole job goes under the photo.
    return json ? photoJson(answered) : answered;
  };
  // The change order's rows are five fields each; the other forms of the page post a handful.
  const read = await readDeskPhotoForm(request, FIELDS.length + 6);
  if (!read.ok) return photoAnswer(false, read.message, "photo", read.status);
  const form = read.form;
  const get = (name: string) => (form.fields.get(name) ?? "").slice(0, 2_000);
  const env = getEnv();
  const mail = mailContext(env);
  const answer = (intent: string, result: ChangeOutcome, done: string) =>
    answerOutcome(intent, result, done, () => valuesOf(FIELDS, get));
  try {
    return await dispatchIntent(form.fields, {
      dates: async () =>
        answer("dates", await saveJobDates(db, actor, params.id, get, mail), "Dates saved; the homeowner is emailed."),
      start: async () => answer("start", await markJobStarted(db, actor, params.id, get), "Marked started."),
      "add-photo": async () => {
        const file = form.files[0];
        if (!file) return photoAnswer(false, "Choose a photo to add.", "photo", 400);
        const taken = await takeJobPhoto(db, actor, params.id, {
          file,
          description: get("description").slice(0, PHOTO_DESCRIPTION_MAX + 50),
          uploadKey: get("upload_key").slice(0, 80) || randomUUID(),
        });
        return taken.ok
          ? photoAnswer(true, "Photo added: the homeowner sees it on their job page.", "photo", 200)
          : photoAnswer(false, taken.error, taken.field, taken.status);
      },
      "remove-photo": async () =>
        (await removeJobPhoto(db, actor, params.id, get("photoId").slice(0, 80)))
          ? answerDone("remove-photo", "Photo removed.")
          : answerRefused("remove-photo", 404, { form: "That photo is gone." }),
      "change-order": async () => {
        const sent = await sendChangeOrder(db, actor, params.id, get, mail);
        return answer(
          "change-order",
          sent,
          sent.ok ? `Change order ${sent.number} sent; the homeowner is emailed it to sign.` : "",
        );
      },
      complete: async () =>
        answer(
          "complete",
          await markJobCompleted(db, actor, params.id, mail),
          "Marked completed; the homeowner is emailed the written warranty.",
        ),
    });
  } finally {
    await form.dispose();
  }
}

export default function Job({ loaderData: job, actionData }: Route.ComponentProps) {
  const moneyForms = useFetcher<ChangeAnswer>({ key: jobMoneyPath(job.id) });
  const busy = useNavigation().state !== "idle" || moneyForms.state !== "idle";
  const answer = useLatestAnswer(actionData, job.moneyAnswer, [moneyForms.data]);
  const refused = answer && !answer.ok ? answer : undefined;
  const errorsFor = (intent: string) => (refused?.intent === intent ? refused.errors : {});
  const valueOf = (intent: string, name: string, fallback: string) =>
    refused?.intent === intent ? (refused.values[name] ?? fallback) : fallback;
  const photoErrors = errorsFor("add-photo");
  return (
    <>
      <p>
        <Link to={jobsPath} className="inline-flex min-h-11 items-center font-medium text-sea-700 underline">
          All jobs
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{job.title}</h1>
      <p className="mt-1">
        For{" "}
        <Link to={leadPath(job.leadId)} className="font-medium text-sea-700 underline">
          {job.name}
        </Link>{" "}
        · <strong>{job.stateLabel}</strong>
        {job.late ? <strong className="ml-2 rounded bg-red-800 px-1.5 py-0.5 text-white">Late</strong> : null} ·
        Contract total {job.total}
      </p>
      {answer?.ok ? <Notice tone="ok">{answer.done}</Notice> : null}
      {job.link.answer && !answer ? <Notice tone={job.link.refused ? "error" : "ok"}>{job.link.answer}</Notice> : null}
      {refused?.errors.form ? <Notice tone="error">{refused.errors.form}</Notice> : null}

      <section aria-labelledby="dates-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="dates-heading" className="text-lg font-bold text-navy-900">
          Dates
        </h2>
        <p className="mt-1">{job.dates}</p>
        {job.state === "scheduled" || job.state === "started" ? (
          <JobDatesForm
            busy={busy}
            errors={errorsFor("dates")}
            value={(name, fallback = "") => valueOf("dates", name, fallback)}
            startDay={job.startDay}
            completionDay={job.completionDay}
          />
        ) : null}
      </section>

      <section aria-labelledby="work-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="work-heading" className="text-lg font-bold text-navy-900">
          The work
        </h2>
        {job.permit ? <p className="mt-1">{job.permit}</p> : null}
        {job.state === "scheduled" ? (
          <JobStartForm
            busy={busy}
            errors={errorsFor("start")}
            value={(name, fallback = "") => valueOf("start", name, fallback)}
          />
        ) : null}
        {job.state === "started" ? (
          <Form method="post" className="mt-3">
            <p>Completing the job emails the homeowner the written warranty, as the contract stated it.</p>
            <button type="submit" name="intent" value="complete" disabled={busy} className={`${primaryButton} mt-2`}>
              Mark completed
            </button>
          </Form>
        ) : null}
        {job.state === "completed" ? <p className="mt-1">Completed. The written warranty was emailed.</p> : null}
        {job.state === "cancelled" ? <p className="mt-1">Cancelled: the homeowner cancelled the contract.</p> : null}
      </section>

      {job.state === "cancelled" ? null : (
        <JobPhotosSection
          photos={job.photos}
          busy={busy}
          upload={
            <PhotoUpload
              uploadKey={job.uploadKey}
              errors={photoErrors}
              full={
                job.photos.length >= MAX_JOB_PHOTOS &&
                `This job has ${MAX_JOB_PHOTOS} photos. Remove one to add another.`
              }
              labels={false}
              descriptionHint="What the photo shows, read to a homeowner who cannot see it."
              submitLabel="Add a photo for the homeowner"
            />
          }
        />
      )}

      <section aria-labelledby="changes-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="changes-heading" className="text-lg font-bold text-navy-900">
          Change orders
        </h2>
        {job.changeOrders.length === 0 ? <p className="mt-1">None yet.</p> : null}
        <ul className="mt-2 space-y-2">
          {job.changeOrders.map((order) => (
            <li key={order.id}>
              <strong>
                Change order {order.number}: {order.amount}
              </strong>{" "}
              · {order.status}
              <span className="block text-sm">{order.reason}</span>
              <span className="block text-sm">
                {order.sent ? (
                  <a href={order.sent} className="inline-flex min-h-11 items-center text-sea-700 underline">
                    PDF as sent
                  </a>
                ) : null}
                {order.signed ? (
                  <a href={order.signed} className="ml-4 inline-flex min-h-11 items-center text-sea-700 underline">
                    Signed copy
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        {job.state === "scheduled" || job.state === "started" ? (
          <details className="mt-3" open={refused?.intent === "change-order"}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-900">
              Write a change order
            </summary>
            <ChangeOrderForm
              busy={busy}
              answer={
                refused?.intent === "change-order" ? { errors: refused.errors, values: refused.values } : undefined
              }
            />
          </details>
        ) : null}
      </section>

      <JobLinkSection jobId={job.id} link={job.link} busy={busy} buttonClass={primaryButton} />

      <JobMoneySection
        money={job.money}
        action={jobMoneyPath(job.id)}
        documentHref={(documentId) => contractDocumentPath(job.leadId, documentId)}
        paymentKey={job.paymentKey}
        today={job.today}
        busy={busy}
        answer={refused ? { ...refused, target: refused.values.target } : undefined}
      />

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="text-lg font-bold text-navy-900">
          History
        </h2>
        <ol className="mt-2 space-y-1">
          {job.history.map((event, index) => (
            <li key={index} className="text-sm">
              <span className="text-slate-700">{event.at}</span> · {event.actor}: {event.detail}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
