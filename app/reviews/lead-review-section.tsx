/**
 * The lead page's part in reviews: the service the job was (a service page shows the reviews of
 * its own jobs), and, once the lead is Won, 'Ask for a review' with where the request stands. The
 * button is the same for every Won lead; it sends one email, once.
 */
import { Form } from "react-router";
import { services } from "~/content/services";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { formatDateTime } from "~/time/business-time";

export type LeadReviewRequest =
  { state: "not-asked" } | { state: "asked" | "reviewed" | "unsubscribed" | "expired"; at: string; by: string };

function requestText(request: Exclude<LeadReviewRequest, { state: "not-asked" }>): string {
  const asked = `Asked ${formatDateTime(request.at)} (${request.by === "automatic" ? "automatically" : request.by})`;
  switch (request.state) {
    case "asked":
      return `${asked}; no review yet.`;
    case "reviewed":
      return `${asked}; the review is on the site (see Reviews).`;
    case "unsubscribed":
      return `${asked}; the homeowner asked not to be asked for reviews.`;
    case "expired":
      return `${asked}; the link expired unused.`;
  }
}

export function LeadReviewSection({
  status,
  service,
  request,
  busy,
}: {
  status: string;
  service: string | null;
  request: LeadReviewRequest;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="review-heading" className="mt-6">
      <h2 id="review-heading" className="text-lg font-bold text-navy-900">
        Service and review
      </h2>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="service" />
        <div className="min-w-56 flex-1">
          <label htmlFor="lead-service" className={labelClass}>
            Service of the job
          </label>
          <select id="lead-service" name="service" defaultValue={service ?? ""} className={inputClass}>
            <option value="">Not set</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} className={secondaryButton}>
          Save service
        </button>
      </Form>
      {status !== "won" ? (
        <p className="mt-3 text-sm">Once the lead is Won, you can ask the homeowner for a review here.</p>
      ) : request.state === "not-asked" ? (
        <Form method="post" className="mt-3">
          <p className="mb-2 text-sm">
            Sends one email with a link to write a review, the same as every customer gets. It can be sent once.
          </p>
          <button type="submit" name="intent" value="ask-review" disabled={busy} className={primaryButton}>
            Ask for a review
          </button>
        </Form>
      ) : (
        <p className="mt-3" data-testid="review-request">
          {requestText(request)}
        </p>
      )}
    </section>
  );
}
