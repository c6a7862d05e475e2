/**
 * /owner/jobs/:id: one job on the desk. Its state, total and dates; 'Save dates' (the homeowner is
 * emailed the new dates with the reason); 'Mark started', which asks for the permit or why none is
 * needed; 'Mark completed', which emails the homeowner the written warranty; and the history.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { getEnv } from "~/infra/env.server";
import { readSmallForm } from "~/infra/uploads.server";
import { nudgeMailWorkers } from "~/infra/outbox.server";
import { CHANGE_ITEMS_MAX } from "~/jobs/change-order-content";
import { ChangeOrderForm } from "~/jobs/change-order-form";
import { changeOrdersOf, sendChangeOrder } from "~/jobs/change-orders.server";
import { markJobCompleted, markJobStarted, saveJobDates, type JobChange } from "~/jobs/job-changes.server";
import { dayLabel, isLate, JOB_STATE_LABELS, PERMIT_FIELD_MAX, REASON_MAX, type FieldErrors } from "~/jobs/job-rules";
import { contractTotalOf, jobById, jobHistory } from "~/jobs/jobs.server";
import { DeskField } from "~/owner/desk-field";
import { inputClass, Notice, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/owner/intents.server";
import { contractDocumentPath, jobsPath, leadPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { formatCents } from "~/quotes/money";
import { dayOf, formatDateTime } from "~/time/business-time";
import type { Route } from "./+types/owner.job";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.title} | ` : ""}Jobs | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const ID = /^[0-9a-f-]{36}$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const job = ID.test(params.id) ? await jobById(db, params.id) : undefined;
  if (!job) throw data("No such job.", { status: 404 });
  const [history, orders, totalCents] = await Promise.all([
    jobHistory(db, job.id),
    changeOrdersOf(db, job.id),
    contractTotalOf(db, job),
  ]);
  const today = dayOf(new Date());
  return {
    id: job.id,
    leadId: job.lead_id,
    name: job.lead_name,
    title: job.title,
    state: job.state,
    stateLabel: JOB_STATE_LABELS[job.state],
    late: isLate(job, today),
    total: formatCents(totalCents),
    changeOrders: orders.map((order) => ({
      id: order.id,
      number: order.number,
      status:
        order.status === "sent" ? "Waiting for the homeowner" : order.status === "accepted" ? "Signed" : "Declined",
      amount: formatCents(order.amountCents),
      reason: order.reason,
      sent: order.documentId ? contractDocumentPath(job.lead_id, order.documentId) : null,
      signed: order.signedDocumentId ? contractDocumentPath(job.lead_id, order.signedDocumentId) : null,
    })),
    startDay: job.start_day ?? "",
    completionDay: job.completion_day ?? "",
    dates:
      job.start_day && job.completion_day
        ? `${dayLabel(job.start_day)} to ${dayLabel(job.completion_day)}`
        : "Not set yet",
    permit: job.permit_number
      ? `Permit ${job.permit_number}, issued by ${job.permit_issuer ?? ""}`
      : job.no_permit_reason
        ? `No permit needed: ${job.no_permit_reason}`
        : null,
    history: history.map((event) => ({
      at: formatDateTime(event.created_at),
      actor: event.actor,
      detail: event.detail,
    })),
  };
}

type Answer =
  { ok: true; done: string } | { ok: false; intent: string; errors: FieldErrors; values: Record<string, string> };

const ITEM_FIELDS = ["removes", "description", "quantity", "unit", "price"];
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
  const { db, actor } = await requireOwner(request, context);
  if (!ID.test(params.id)) throw data("No such job.", { status: 404 });
  // The change order's rows are five fields each; the other forms of the page post a handful.
  const form = await readSmallForm(request, FIELDS.length + 4);
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 2_000) : "";
  };
  const env = getEnv();
  const mail = { siteUrl: env.siteUrl, leadsTo: env.leadsTo };
  const answer = (intent: string, result: JobChange | Awaited<ReturnType<typeof sendChangeOrder>>, done: string) => {
    if (result.ok) {
      nudgeMailWorkers();
      return data<Answer>({ ok: true, done });
    }
    const values = Object.fromEntries(FIELDS.map((name) => [name, get(name)]));
    return data<Answer>({ ok: false, intent, errors: result.errors, values }, { status: result.status });
  };
  return dispatchIntent(form, {
    dates: async () =>
      answer("dates", await saveJobDates(db, actor, params.id, get, mail), "Dates saved; the homeowner is emailed."),
    start: async () => answer("start", await markJobStarted(db, actor, params.id, get), "Marked started."),
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
}

export default function Job({ loaderData: job, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const errorsFor = (intent: string) => (refused?.intent === intent ? refused.errors : {});
  const valueOf = (intent: string, name: string, fallback: string) =>
    refused?.intent === intent ? (refused.values[name] ?? fallback) : fallback;
  const dateErrors = errorsFor("dates");
  const startErrors = errorsFor("start");
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
      {actionData?.ok ? <Notice tone="ok">{actionData.done}</Notice> : null}
      {refused?.errors.form ? <Notice tone="error">{refused.errors.form}</Notice> : null}

      <section aria-labelledby="dates-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="dates-heading" className="text-lg font-bold text-navy-900">
          Dates
        </h2>
        <p className="mt-1">{job.dates}</p>
        {job.state === "scheduled" || job.state === "started" ? (
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <DeskField id="startDay" label="Start date" error={dateErrors.startDay}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="startDay"
                  required
                  defaultValue={valueOf("dates", "startDay", job.startDay)}
                  className={inputClass}
                />
              )}
            </DeskField>
            <DeskField id="completionDay" label="Completion date" error={dateErrors.completionDay}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  name="completionDay"
                  required
                  defaultValue={valueOf("dates", "completionDay", job.completionDay)}
                  className={inputClass}
                />
              )}
            </DeskField>
            <div className="sm:col-span-2">
              <DeskField
                id="reason"
                label="Why the dates changed"
                hint="The homeowner is emailed the new dates with these words."
                error={dateErrors.reason}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name="reason"
                    rows={2}
                    maxLength={REASON_MAX}
                    defaultValue={valueOf("dates", "reason", "")}
                    className={inputClass}
                  />
                )}
              </DeskField>
            </div>
            <p>
              <button type="submit" name="intent" value="dates" disabled={busy} className={secondaryButton}>
                Save dates
              </button>
            </p>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="work-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="work-heading" className="text-lg font-bold text-navy-900">
          The work
        </h2>
        {job.permit ? <p className="mt-1">{job.permit}</p> : null}
        {job.state === "scheduled" ? (
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <p className="sm:col-span-2">
              New Jersey requires the permits a job needs before work begins. Record the permit, or say why this work
              needs none.
            </p>
            {startErrors.permit ? (
              <p role="alert" className="font-semibold text-red-800 sm:col-span-2">
                {startErrors.permit}
              </p>
            ) : null}
            <DeskField id="permitNumber" label="Permit number" error={startErrors.permitNumber}>
              {(control) => (
                <input
                  {...control}
                  name="permitNumber"
                  maxLength={PERMIT_FIELD_MAX}
                  defaultValue={valueOf("start", "permitNumber", "")}
                  className={inputClass}
                />
              )}
            </DeskField>
            <DeskField
              id="issuedBy"
              label="Issued by"
              hint="The township, such as Long Beach Township."
              error={startErrors.issuedBy}
            >
              {(control) => (
                <input
                  {...control}
                  name="issuedBy"
                  maxLength={PERMIT_FIELD_MAX}
                  defaultValue={valueOf("start", "issuedBy", "")}
                  className={inputClass}
                />
              )}
            </DeskField>
            <div className="sm:col-span-2">
              <label className="flex min-h-11 items-center gap-2 font-semibold text-navy-900">
                <input
                  type="checkbox"
                  name="noPermit"
                  value="yes"
                  defaultChecked={valueOf("start", "noPermit", "") === "yes"}
                  className="size-5"
                  aria-describedby={startErrors.noPermit ? "noPermit-error" : undefined}
                />
                No permit needed for this work
              </label>
              {startErrors.noPermit ? (
                <p id="noPermit-error" className="mt-1 text-sm font-semibold text-red-800">
                  {startErrors.noPermit}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <DeskField id="noPermitReason" label="Why no permit is needed" error={startErrors.noPermitReason}>
                {(control) => (
                  <input
                    {...control}
                    name="noPermitReason"
                    maxLength={REASON_MAX}
                    defaultValue={valueOf("start", "noPermitReason", "")}
                    className={inputClass}
                  />
                )}
              </DeskField>
            </div>
            <p>
              <button type="submit" name="intent" value="start" disabled={busy} className={primaryButton}>
                Mark started
              </button>
            </p>
          </Form>
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
