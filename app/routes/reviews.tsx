/**
 * /reviews: every published review, newest first, each from a verified customer, with the owner's
 * replies; the count, the average and the count of each star, computed from those reviews; and how
 * reviews are handled, with how many are hidden and for which of the public reasons. Rendered once
 * per change through the live layer, never per request.
 */
import { PageHero } from "~/components/sections/page-hero";
import { profile } from "~/content/profile";
import { readLive } from "~/live/snapshot.server";
import { FiguresPanel, ReviewCard } from "~/reviews/review-list";
import { HIDE_REASON_LABELS, HIDE_REASONS } from "~/reviews/review-rules";
import { reviewSource } from "~/reviews/review-source.server";
import { hiddenCount, reviewFigures } from "~/reviews/review-summary";
import { breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/reviews";

export function loader() {
  const { reviews, hidden } = readLive(reviewSource);
  return {
    seo: pageMeta({
      title: "Customer Reviews",
      description: `Reviews of ${profile.shortName} written by homeowners after their jobs, every one published as written, with our replies.`,
      path: "/reviews",
      // Deliberately no Review or AggregateRating data: a business's own reviews earn no stars.
      jsonLd: [breadcrumbJsonLd([{ name: "Reviews", path: "/reviews" }])],
    }),
    reviews,
    hidden,
    figures: reviewFigures(reviews),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, hidden, figures } = loaderData;
  const hiddenTotal = hiddenCount(hidden);
  return (
    <>
      <PageHero
        title="Customer Reviews"
        intro="What homeowners wrote after we finished their jobs. We ask every customer, and publish every review as written."
      />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="sr-only">
            Ratings
          </h2>
          <FiguresPanel figures={figures} />
        </section>
        <section aria-labelledby="list-heading" className="mt-10">
          <h2 id="list-heading" className="text-2xl font-bold text-navy-900">
            All reviews, newest first
          </h2>
          {reviews.length === 0 ? (
            <p className="mt-3">Reviews appear here as customers write them.</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="handling-heading" className="mt-12 rounded-xl bg-sand-100 p-5">
          <h2 id="handling-heading" className="text-2xl font-bold text-navy-900">
            How we handle reviews
          </h2>
          <p className="mt-3">
            Once a job is done, we email every customer the same request for a review, with a link that works once. We
            offer nothing in return, and we never choose whom to ask by how the job went. A review goes on this page as
            soon as it is written, whatever its rating; nobody approves it first. The figures above are counted from the
            reviews on this page.
          </p>
          <p className="mt-3">We hide a review only for one of these reasons:</p>
          <ul className="mt-2 list-disc pl-6">
            {HIDE_REASONS.map((reason) => (
              <li key={reason}>{HIDE_REASON_LABELS[reason]}</li>
            ))}
          </ul>
          <p className="mt-3" data-testid="hidden-count">
            {hiddenTotal === 0
              ? "No review is hidden."
              : `${hiddenTotal} review${hiddenTotal === 1 ? " is" : "s are"} hidden: ${hidden
                  .map((h) => `${h.count} for "${HIDE_REASON_LABELS[h.reason].toLowerCase()}"`)
                  .join(", ")}.`}
          </p>
        </section>
      </div>
    </>
  );
}
