/**
 * The job on a lead's desk page: its state and a link to it, and, on a Won lead with no open job
 * and no quote waiting for an answer, 'Start a job' for small work (at most the amount above which
 * a written contract is required). A job from an accepted quote appears by itself. */
import { Form, Link } from "react-router";
import { DeskInput } from "~/owner/desk-field";
import { Notice, secondaryButton } from "~/owner/desk-frame";
import { jobPath } from "~/owner/paths";
import type { RefusedAnswer } from "~/forms/change-answer";
import { TITLE_MAX } from "./job-rules";

export interface LeadJob {
  id: string;
  title: string;
  state: string;
}

export function LeadJobSection({
  job,
  canStart,
  busy,
  refused,
}: {
  job: LeadJob | null;
  canStart: boolean;
  busy: boolean;
  /** The start form's refusal, when that is the page's answer. */
  refused: RefusedAnswer | undefined;
}) {
  const current = job ? (
    <section aria-labelledby="job-heading" className="mt-6">
      <h2 id="job-heading" className="text-lg font-bold text-navy-900">
        Job
      </h2>
      <p className="mt-1">
        <Link to={jobPath(job.id)} className="inline-flex min-h-11 items-center font-medium text-sea-700 underline">
          {job.title}
        </Link>{" "}
        · {job.state}
      </p>
    </section>
  ) : null;
  if (!canStart) return current;
  const errors = refused?.errors ?? {};
  const value = (name: string) => refused?.values[name] ?? "";
  return (
    <>
      {current}
      <section aria-labelledby="start-job-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
        <h2 id="start-job-heading" className="text-lg font-bold text-navy-900">
          Start a job
        </h2>
        <p className="mt-1">
          For small work agreed without a quote: $500 or less. Anything more needs a written contract, so send a quote.
        </p>
        {refused?.errors.form ? <Notice tone="error">{refused.errors.form}</Notice> : null}
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <DeskInput
              id="job-title"
              label="What the work is"
              error={errors.title}
              name="title"
              required
              maxLength={TITLE_MAX}
              defaultValue={value("title")}
            />
          </div>
          <DeskInput
            id="job-price"
            label="Agreed price ($)"
            error={errors.price}
            name="price"
            required
            inputMode="decimal"
            defaultValue={value("price")}
          />
          <div />
          <DeskInput
            id="job-start"
            label="Start date"
            hint="Optional"
            error={errors.startDay}
            type="date"
            name="startDay"
            defaultValue={value("startDay")}
          />
          <DeskInput
            id="job-completion"
            label="Completion date"
            hint="Optional"
            error={errors.completionDay}
            type="date"
            name="completionDay"
            defaultValue={value("completionDay")}
          />
          <p>
            <button type="submit" name="intent" value="start-job" disabled={busy} className={secondaryButton}>
              Start a job
            </button>
          </p>
        </Form>
      </section>
    </>
  );
}
