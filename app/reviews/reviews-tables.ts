/**
 * The reviews' tables: the one request a lead gets, and the reviews written.
 *
 * Added to the one `Database` that every query is typed with: infra imports no feature, so each
 * feature declares its own tables beside its code (see `infra/schema.server.ts`).
 */
import type { Timestamp } from "~/infra/schema.server";

/** The one request for a review a lead gets; see `reviews/review-requests.server.ts`. */
export interface ReviewRequestsTable {
  lead_id: string;
  /** Where it was sent, so a homeowner who said "no more" is not asked again for another job. */
  email: string;
  token_hash: string;
  /** The owner's email, or "automatic". */
  requested_by: string;
  requested_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  declined_at: Timestamp | null;
}

export type ReviewHiddenReason = "personal-information" | "offensive" | "not-our-work" | "duplicate";

export interface ReviewsTable {
  id: string;
  lead_id: string;
  rating: number;
  body: string;
  display_name: string;
  town: string;
  created_at: Timestamp;
  hidden_reason: ReviewHiddenReason | null;
  hidden_by: string | null;
  hidden_at: Timestamp | null;
  reply_body: string | null;
  reply_by: string | null;
  reply_at: Timestamp | null;
}

declare module "~/infra/schema.server" {
  interface Database {
    review_requests: ReviewRequestsTable;
    reviews: ReviewsTable;
  }
}
