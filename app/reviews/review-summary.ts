/**
 * What public pages show of the reviews, and the figures computed from them: the count, the
 * average to one decimal and the count of each star, always from the published reviews, never
 * typed in. Shared with the browser.
 */
import type { ServiceSlug } from "~/content/services";
import type { HideReason } from "./review-rules";

export interface PublicReview {
  id: string;
  rating: number;
  body: string;
  name: string;
  town: string;
  /** YYYY-MM-DD in New Jersey. */
  day: string;
  service: ServiceSlug | null;
  reply: { body: string; day: string } | null;
}

export interface PublicReviews {
  /** Every published review, newest first. */
  reviews: PublicReview[];
  /** How many are hidden, for each reason that hid any. */
  hidden: { reason: HideReason; count: number }[];
}

export const NO_REVIEWS: PublicReviews = { reviews: [], hidden: [] };

export interface ReviewFigures {
  count: number;
  /** To one decimal, as shown ("4.3"); null with no reviews. */
  average: string | null;
  /** Index 0 is 5 stars, down to 1 star. */
  byStars: { stars: number; count: number }[];
}

export function reviewFigures(reviews: readonly Pick<PublicReview, "rating">[]): ReviewFigures {
  const byStars = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((r) => r.rating === stars).length,
  }));
  const total = reviews.reduce((sum, r) => sum + r.rating, 0);
  // Rounded half up on the exact fraction, not on a binary float: 4.25 shows as 4.3.
  const average = reviews.length === 0 ? null : (Math.round((total * 10) / reviews.length + 1e-9) / 10).toFixed(1);
  return { count: reviews.length, average, byStars };
}

export function hiddenCount(hidden: PublicReviews["hidden"]): number {
  return hidden.reduce((sum, h) => sum + h.count, 0);
}

export const starsLabel = (rating: number) => `${rating} out of 5 stars`;
