/**
 * /owner/reviews: every review with its state. A review can be hidden only for one of the four
 * reasons /reviews states publicly (the count of hidden reviews there grows with it, and the hide
 * goes in the audit log), shown again, and answered with one public reply. There is nothing to
 * approve: a review is public from the moment it is written.
 */
import { Form, Link, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { readSmallForm } from "~/infra/uploads.server";
import { dangerButton, inputClass, labelClass, Notice, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { Stars } from "~/reviews/review-list";
import { HIDE_REASON_LABELS, HIDE_REASONS, isHideReason, REPLY_MAX_LENGTH } from "~/reviews/review-rules";
import { reviewFigures } from "~/reviews/review-summary";
import { hideReview, listReviews, replyToReview, showReview } from "~/reviews/reviews.server";
import { formatDateTime } from "~/time/business-time";
import { headline } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import type { Route } from "./+types/owner.reviews";

export const meta: Route.MetaFunction = () => [
  { title: `Reviews | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const reviews = await listReviews(db);
  return {
    figures: reviewFigures(reviews.filter((r) => r.hiddenReason === null)),
    hidden: reviews.filter((r) => r.hiddenReason !== null).length,
    reviews: reviews.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      hiddenAt: r.hiddenAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const id = String(form.get("review") ?? "").slice(0, 60);
  const answer = (intent: string, result: Awaited<ReturnType<typeof showReview>>) =>
    result.ok
      ? answerDone(intent, result.message)
      : answerRefused(intent, result.status, { form: result.error }, { review: id });
  return dispatchIntent(form, {
    hide: async (intent) => answer(intent, await hideReview(db, id, form.get("reason"), actor)),
    show: async (intent) => answer(intent, await showReview(db, id, actor)),
    reply: async (intent) => answer(intent, await replyToReview(db, id, form.get("reply"), actor)),
  });
}

export default function DeskReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { reviews, figures, hidden } = loaderData;
  const shown = headline(actionData);
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Reviews</h1>
      <p className="mt-1">
        {figures.count} published{figures.average ? `, average ${figures.average}` : ""}; {hidden} hidden. Every review
        is on{" "}
        <a href="/reviews" className="font-semibold text-sea-600 underline">
          /reviews
        </a>{" "}
        within seconds of being written. Ask for one from a Won lead's page.
      </p>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {reviews.length === 0 ? <p className="mt-4">No reviews yet.</p> : null}
      <ul className="mt-4 space-y-4">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-lg border border-slate-300 bg-white p-3" data-review={review.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Stars rating={review.rating} className="text-lg" />
              <p className={review.hiddenReason ? "font-semibold text-red-800" : "font-semibold text-navy-900"}>
                {review.hiddenReason && isHideReason(review.hiddenReason)
                  ? `Hidden: ${HIDE_REASON_LABELS[review.hiddenReason]}`
                  : "Published"}
              </p>
            </div>
            <p className="mt-1 text-sm">
              {review.name}, {review.town} · {formatDateTime(review.createdAt)} ·{" "}
              <Link to={`/owner/leads/${review.leadId}`} className="font-semibold text-sea-600 underline">
                Lead
              </Link>
            </p>
            <p className="mt-2 break-words whitespace-pre-line">{review.body}</p>
            {review.hiddenBy && review.hiddenAt ? (
              <p className="mt-1 text-sm">
                Hidden by {review.hiddenBy}, {formatDateTime(review.hiddenAt)}
              </p>
            ) : null}
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="review" value={review.id} />
              <label htmlFor={`reply-${review.id}`} className={labelClass}>
                Public reply
              </label>
              <textarea
                id={`reply-${review.id}`}
                name="reply"
                rows={2}
                maxLength={REPLY_MAX_LENGTH + 100}
                defaultValue={review.reply ?? ""}
                className={inputClass}
              />
              <button type="submit" name="intent" value="reply" disabled={busy} className={secondaryButton}>
                Reply publicly
              </button>
            </Form>
            {review.hiddenReason ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="review" value={review.id} />
                <button type="submit" name="intent" value="show" disabled={busy} className={secondaryButton}>
                  Show again
                </button>
              </Form>
            ) : (
              <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="review" value={review.id} />
                <div className="min-w-56 flex-1">
                  <label htmlFor={`reason-${review.id}`} className={labelClass}>
                    Reason to hide it
                  </label>
                  <select id={`reason-${review.id}`} name="reason" required defaultValue="" className={inputClass}>
                    <option value="" disabled>
                      Choose a reason
                    </option>
                    {HIDE_REASONS.map((reason) => (
                      <option key={reason} value={reason}>
                        {HIDE_REASON_LABELS[reason]}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" name="intent" value="hide" disabled={busy} className={dangerButton}>
                  Hide
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
