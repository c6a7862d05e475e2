/**
 * /review/:token: the link in the review request. It shows the form; 'Publish my review' posts it
 * and the review is on the site within seconds, whatever its rating. The thank-you page offers every
 * reviewer the same link to also post on the business's Google page.
 *
 * `?unsubscribe` shows the button that stops review requests; mail clients' one-click unsubscribe
 * (RFC 8058) posts `List-Unsubscribe=One-Click` to the link itself. A link spent, expired or unknown
 * shows one neutral page (410 or 404) with nothing about the job.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { BackToHomePage, DeadLinkNotice } from "~/components/sections/token-link-page";
import { buttonClass } from "~/ui/button";
import { PhoneLink } from "~/components/layout/phone-link";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { deadLinkAnswer, tokenLinkHeaders } from "~/infra/link-token.server";
import { readSmallForm } from "~/infra/uploads.server";
import { ReviewForm } from "~/reviews/review-form";
import { reviewLink, unsubscribeFromReviews } from "~/reviews/review-requests.server";
import { defaultDisplayName, townOf, type ReviewErrors, type ReviewValues } from "~/reviews/review-rules";
import { submitReview } from "~/reviews/reviews.server";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = () => [
  { title: `Your review | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => tokenLinkHeaders();

/** After the button, the action's answer is the page: reading the link again would only say it is spent. */
export const shouldRevalidate = () => false;

type View =
  | { state: "ready"; values: ReviewValues; errors: ReviewErrors }
  | { state: "unsubscribe" | "unsubscribed" | "published" | "gone" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const link = await reviewLink(db, params.token);
  const unsubscribe = new URL(request.url).searchParams.has("unsubscribe");
  if (link.state === "gone") {
    // The request's link still says "no more" after it was used or expired.
    if (unsubscribe) return data<View>({ state: "unsubscribe" });
    return deadLinkAnswer(link);
  }
  if (unsubscribe) return data<View>({ state: "unsubscribe" });
  const values = { rating: "", body: "", name: defaultDisplayName(link.name), town: townOf(link.address) };
  return data<View>({ state: "ready", values, errors: {} });
}

export async function action({ params, request }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const form = await readSmallForm(request);
  if (form.get("List-Unsubscribe") === "One-Click" || form.get("intent") === "unsubscribe") {
    await unsubscribeFromReviews(db, params.token);
    // Said the same whether the link was known: a guessed link learns nothing.
    return data<View>({ state: "unsubscribed" }, { status: 200 });
  }
  const field = (name: string) => String(form.get(name) ?? "");
  const values: ReviewValues = {
    rating: field("rating"),
    body: field("body"),
    name: field("name"),
    town: field("town"),
  };
  const outcome = await submitReview(db, params.token, values);
  // The status is the action's own: the loader that runs after it would find the link spent.
  if (outcome.ok) return data<View>({ state: "published" }, { status: 200 });
  if (outcome.kind === "invalid")
    return data<View>({ state: "ready", values, errors: outcome.errors }, { status: 400 });
  return deadLinkAnswer({ state: "gone", status: outcome.status });
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {view.state === "ready" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">How did we do?</h1>
          <p className="mt-4 text-lg text-slate-700">
            Tell other homeowners about the work {profile.shortName} did for you, good or bad. Your review is published
            on our website as you write it, whatever the rating, marked as from a verified customer.
          </p>
          {Object.keys(view.errors).length > 0 ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-800">
              Please check the fields marked below.
            </p>
          ) : null}
          <ReviewForm values={view.values} errors={view.errors} busy={busy} />
        </>
      ) : view.state === "published" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">Thank you for your review</h1>
          <p role="status" className="mt-4 text-lg text-slate-700">
            It is published on our{" "}
            <Link to="/reviews" className="font-medium text-sea-600 underline">
              reviews page
            </Link>{" "}
            within a few seconds.
          </p>
          <p className="mt-4 text-lg text-slate-700">
            If you would like to, you can also post it on our Google page, where many homeowners look first.
          </p>
          <p className="mt-4">
            <a href={profile.reviewsUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
              Post it on Google too
            </a>
          </p>
        </>
      ) : view.state === "unsubscribe" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">Stop review requests</h1>
          <p className="mt-4 text-lg text-slate-700">Press the button and we will not ask you for a review again.</p>
          <Form method="post" className="mt-6">
            <button type="submit" name="intent" value="unsubscribe" className={buttonClass("secondary")}>
              Unsubscribe
            </button>
          </Form>
        </>
      ) : view.state === "unsubscribed" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">You're unsubscribed</h1>
          <p role="status" className="mt-4 text-lg text-slate-700">
            We will not ask you for a review again. Thank you for letting us know.
          </p>
        </>
      ) : (
        <DeadLinkNotice title="This link no longer works">
          <p className="mt-4 text-lg text-slate-700">
            Review links work once, for a limited time. If you have something to tell us, call us at <PhoneLink /> or
            reply to our email.
          </p>
        </DeadLinkNotice>
      )}
      <BackToHomePage />
    </div>
  );
}
