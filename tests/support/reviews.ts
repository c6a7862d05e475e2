/**
 * Reviews made the way a homeowner makes one: the owner asks (the lead must be Won), the link is
 * read from the queued email as the homeowner would read it, and the review is sent with it. The
 * one way a test makes a review, so every review in a test went through a real request.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";
import { askForReview } from "~/reviews/review-requests.server";
import type { ReviewValues } from "~/reviews/review-rules";
import { replyToReview, submitReview } from "~/reviews/reviews.server";
import { insertLead, type LeadFixture } from "./leads";
import { mailText } from "./delivered-mail";

export const REVIEW_SITE_URL = "https://site.causeway.test";

/** The token of the review link in the lead's queued request, as the homeowner reads it. */
export async function reviewTokenOf(db: Kysely<Database>, leadId: string): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select(["id", "payload"])
    .where("kind", "=", "review-request")
    .where("lead_id", "=", leadId)
    .executeTakeFirstOrThrow();
  const token = /\/review\/([\w-]{43})\b/.exec(await mailText(row))?.[1];
  if (!token) throw new Error("no review link in the request");
  return token;
}

/** A Won lead that has been asked for a review; its link's token. */
export async function askedLead(
  db: Kysely<Database>,
  fixture: LeadFixture = {},
  siteUrl = REVIEW_SITE_URL,
): Promise<{ leadId: string; token: string }> {
  const leadId = await insertLead(db, { status: "won", ...fixture });
  const outcome = await askForReview(db, leadId, { email: "pat@causeway.test", client: null }, siteUrl);
  if (!outcome.asked) throw new Error(outcome.message);
  return { leadId, token: await reviewTokenOf(db, leadId) };
}

export const sampleReview = (overrides: Partial<ReviewValues> = {}): ReviewValues => ({
  rating: "4",
  body: "New deck stairs, solid work, finished a day later than planned.",
  name: "Dana V.",
  town: "Surf City",
  ...overrides,
});

/** Asks a new Won lead and publishes its review; the review's id and the lead's. */
export async function publishedReview(
  db: Kysely<Database>,
  values: Partial<ReviewValues> = {},
  fixture: LeadFixture = {},
  now?: Date,
): Promise<{ id: string; leadId: string }> {
  const { leadId, token } = await askedLead(db, fixture);
  const outcome = await submitReview(db, token, sampleReview(values), now);
  if (!outcome.ok) throw new Error(`review refused: ${JSON.stringify(outcome)}`);
  return { id: outcome.id, leadId };
}

const TOWNS = ["Surf City", "Beach Haven", "Ship Bottom", "Harvey Cedars", "Barnegat Light", "Manahawkin"];
const JOBS = [
  "The crew rebuilt our back deck stairs after the storm and left the yard cleaner than they found it.",
  "New Andersen windows on the bay side. Measured twice, installed in a day, and the draft is gone.",
  "Bathroom took a week longer than quoted because of rot under the tub, but they called before doing anything extra.",
  "Home watch over the winter: photos after every nor'easter and a call when the heat went out.",
  "Outdoor shower replaced with cedar; looks great, though the drain needed a second visit.",
  "Small carpentry jobs around the house, trim and two doors. Fair price, on time.",
];

/**
 * Tries again while SQLite says "database is locked": a running server's worker writes between this
 * process's read and its write, and SQLite refuses that upgrade at once rather than waiting.
 */
async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 10 || !String(error).includes("database is locked")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Fifty published reviews of every rating, some with replies, as /reviews carries them after a few seasons. */
export async function fiftyReviews(db: Kysely<Database>): Promise<void> {
  for (let n = 1; n <= 50; n++) {
    const rating = [5, 5, 4, 5, 3, 5, 4, 2, 5, 1][n % 10] ?? 5;
    const body = `${JOBS[n % JOBS.length]} ${n % 3 === 0 ? JOBS[(n + 1) % JOBS.length] : ""} Review number ${n}.`;
    const { id } = await whileLocked(() =>
      publishedReview(
        db,
        {
          rating: String(rating),
          body,
          name: `Customer ${String.fromCharCode(65 + (n % 26))}.`,
          town: TOWNS[n % TOWNS.length],
        },
        { email: `customer${n}@example.com` },
      ),
    );
    if (n % 4 === 0)
      await replyToReview(db, id, "Thank you for writing this. We are glad the work holds up.", {
        email: "pat@causeway.test",
        client: null,
      });
  }
}
