/**
 * Reviews as public pages show them: each marked "Verified customer" (every one comes from a link
 * sent after a real job), with the owner's reply under it; the figures computed from them; and the
 * short section the home page and the service pages show. Plain markup, with no review structured
 * data: search engines ignore a business's reviews of itself, and the rating they show is the
 * profile's.
 */
import { Link } from "react-router";
import { formatDate } from "~/content/dates";
import { profile } from "~/content/profile";
import { starsLabel, type PublicReview, type ReviewFigures } from "./review-summary";

export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span aria-hidden="true" className="tracking-wider text-sunset-700">
        {"★".repeat(rating)}
        <span className="text-slate-400">{"★".repeat(5 - rating)}</span>
      </span>
      <span className="sr-only">{starsLabel(rating)}</span>
    </span>
  );
}

export function ReviewCard({ review, headingLevel = 3 }: { review: PublicReview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="rounded-xl border border-slate-300 bg-white p-5 shadow-sm" data-review={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={review.rating} className="text-xl" />
        <p className="rounded-full bg-sea-50 px-3 py-0.5 text-sm font-semibold text-navy-900">✓ Verified customer</p>
      </div>
      <Heading className="mt-3 font-semibold text-navy-900">
        {review.name}, {review.town}
      </Heading>
      <p className="text-sm text-slate-700">
        <time dateTime={review.day}>{formatDate(review.day)}</time>
      </p>
      <p className="mt-3 break-words whitespace-pre-line text-ink">{review.body}</p>
      {review.reply ? (
        <div className="mt-4 border-l-4 border-sea-600 bg-sea-50 px-4 py-3">
          <p className="text-sm font-semibold text-navy-900">
            Reply from {profile.shortName}, <time dateTime={review.reply.day}>{formatDate(review.reply.day)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{review.reply.body}</p>
        </div>
      ) : null}
    </article>
  );
}

export function FiguresPanel({ figures }: { figures: ReviewFigures }) {
  if (figures.count === 0 || figures.average === null) return <p className="text-lg">No reviews yet.</p>;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-10">
      <p>
        <span className="block text-5xl font-bold text-navy-900">{figures.average}</span>
        <Stars rating={Math.round(Number(figures.average))} className="text-xl" />
        <span className="block text-slate-700">
          Average of {figures.count} review{figures.count === 1 ? "" : "s"}
        </span>
      </p>
      <table className="text-sm">
        <caption className="sr-only">Reviews by number of stars</caption>
        <tbody>
          {figures.byStars.map(({ stars, count }) => (
            <tr key={stars}>
              <th scope="row" className="pr-3 text-left font-medium whitespace-nowrap">
                {stars} star{stars === 1 ? "" : "s"}
              </th>
              <td className="w-40 pr-3">
                <span className="block h-2.5 w-full rounded-full bg-slate-200" aria-hidden="true">
                  <span
                    className="block h-2.5 rounded-full bg-sunset-700"
                    style={{ width: `${Math.round((count / figures.count) * 100)}%` }}
                  />
                </span>
              </td>
              <td className="text-right tabular-nums">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The newest reviews on the home page or a service page, with a link to all of them. Nothing at all
 * while there are none, so a site with no reviews serves the build's own pages.
 */
export function ReviewsSection({ reviews, title }: { reviews: readonly PublicReview[]; title: string }) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-heading" className="bg-sand-100">
      <div className="mx-auto max-w-5xl px-4 py-14">
        <h2 id="reviews-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
          {title}
        </h2>
        <p className="mt-2 text-slate-700">
          Written by our customers after their jobs, and published as they wrote them.
        </p>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </div>
        <p className="mt-6">
          <Link to="/reviews" className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline">
            Read every review
          </Link>
        </p>
      </div>
    </section>
  );
}
