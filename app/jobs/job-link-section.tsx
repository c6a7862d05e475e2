/**
 * 'The homeowner's link' on the desk's job page: how long the homeowner's page stays open, and
 * 'Send the homeowner a new link' for a link forwarded or shared by mistake. It posts to a route
 * of its own (`/owner/jobs/:id/link`), which comes back here with `?link=` naming the answer.
 */
import { Form } from "react-router";
import { jobPath } from "~/owner/paths";
import type { DeskLinkView } from "./job-rules";

export function JobLinkSection({
  jobId,
  link: { lastDay, closed },
  busy,
  buttonClass,
}: {
  jobId: string;
  link: DeskLinkView;
  busy: boolean;
  buttonClass: string;
}) {
  return (
    <section aria-labelledby="link-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="link-heading" className="text-lg font-bold text-navy-900">
        The homeowner&apos;s link
      </h2>
      <p className="mt-1">
        {closed
          ? `The homeowner's page closed after ${lastDay ?? "the job ended"}: no link opens it.`
          : lastDay
            ? `Every email about this job carries the same link to the homeowner's page, which stays open until ${lastDay}.`
            : "Every email about this job carries the same link to the homeowner's page, which stays open while the job is."}
      </p>
      {closed ? null : (
        <Form method="post" action={`${jobPath(jobId)}/link`} className="mt-3">
          <p className="text-sm">
            For a link forwarded or shared by mistake: the link in every email sent so far stops working, and the
            homeowner is emailed a new one.
          </p>
          <button type="submit" disabled={busy} className={`${buttonClass} mt-2`}>
            Send the homeowner a new link
          </button>
        </Form>
      )}
    </section>
  );
}
