/**
 * /estimate: the estimate form on a page of its own. It is also where every estimate button leads
 * without JavaScript, and where a form posted without JavaScript gets its answer.
 */
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { useFacts } from "~/components/layout/site-live-data";
import { phoneHref } from "~/content/business-facts";
import { liveFacts } from "~/facts/facts-source.server";
import { DeferredEstimateForm } from "~/leads/deferred-estimate-form";
import type { EstimateFormState } from "~/leads/estimate-form";
import {
  ESTIMATE_SUCCESS_TITLE,
  estimateSuccessText,
  HOME_WATCH_SUCCESS_TITLE,
  homeWatchSuccessText,
} from "~/leads/estimate-success";
import type { HomeWatchFormState } from "~/leads/home-watch-form";
import { breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/estimate";

// Only a home watch request posted without JavaScript comes back here with its own form, so the
// page itself does not carry that form's code.
const HomeWatchForm = lazy(() => import("~/leads/home-watch-form").then((m) => ({ default: m.HomeWatchForm })));

/** The page's answer to a post: the estimate form's state, and the home watch form's when it sent it. */
type EstimatePageState = EstimateFormState & { homeWatch?: HomeWatchFormState };

export function loader() {
  const { facts } = liveFacts();
  return {
    seo: pageMeta({
      title: "Request Your Free Estimate",
      description: `Tell us about your Long Beach Island repair or renovation project and get a free, detailed estimate. We reply within ${facts.figures.replyWithinHours} hours.`,
      path: "/estimate",
      keywords: ["free estimate", "LBI contractor", "home repair estimate"],
      jsonLd: [breadcrumbJsonLd([{ name: "Free Estimate", path: "/estimate" }])],
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export async function action({ request, context }: Route.ActionArgs) {
  const { handleEstimateSubmission } = await import("~/leads/estimate.server");
  const { clientIpFrom } = await import("~/infra/request-context.server");
  const { newIdempotencyKey } = await import("~/leads/idempotency-key");
  const outcome = await handleEstimateSubmission(request, { clientIp: clientIpFrom(context) });
  // The form shown again carries a key, so that sending it again (or the browser resending this
  // post) stores one lead: the one it came with, or a fresh one when it came without.
  const idempotencyKey = outcome.success ? undefined : (outcome.idempotencyKey ?? newIdempotencyKey());
  const homeWatch = outcome.requestKind === "home-watch";
  const state: EstimatePageState = outcome.success
    ? { success: true, notice: outcome.notice ?? null, ...(homeWatch ? { homeWatch: {} } : {}) }
    : homeWatch
      ? {
          success: false,
          error: outcome.error,
          homeWatch: {
            fieldErrors: outcome.fieldErrors,
            values: outcome.values && "empty_from" in outcome.values ? outcome.values : undefined,
            idempotencyKey,
          },
        }
      : {
          success: false,
          error: outcome.error,
          fieldErrors: outcome.fieldErrors,
          values: outcome.values && "empty_from" in outcome.values ? undefined : outcome.values,
          idempotencyKey,
        };
  return data(state, { status: outcome.status });
}

export default function EstimatePage({ actionData }: Route.ComponentProps) {
  const result = actionData as EstimatePageState | undefined;
  const facts = useFacts();
  return (
    <>
      <PageHero
        title="Request Your Free Estimate"
        intro={`Send us your project details and photos. We reply within ${facts.figures.replyWithinHours} hours, or call ${facts.phoneDisplay}.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <section
          aria-labelledby="project-details"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="project-details" className="text-2xl font-bold text-navy-900">
            Project Details
          </h2>
          {result?.success ? (
            <div role="status" className="mt-4 rounded-lg bg-sea-50 p-5">
              <p className="text-lg font-semibold text-navy-900">
                {result.homeWatch ? HOME_WATCH_SUCCESS_TITLE : ESTIMATE_SUCCESS_TITLE}
              </p>
              <p className="mt-2">{result.homeWatch ? homeWatchSuccessText(facts) : estimateSuccessText(facts)}</p>
              {result.notice ? (
                <p className="mt-2">
                  <strong>Please note: </strong>
                  {result.notice.parts.map((part, index) =>
                    "href" in part ? (
                      <a key={index} href={part.href} className="font-semibold underline">
                        {part.text}
                      </a>
                    ) : (
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </p>
              ) : null}
            </div>
          ) : (
            <>
              {result?.error ? (
                <p
                  role="alert"
                  className="mt-4 rounded-lg border border-red-700 bg-red-50 p-4 font-medium text-red-800"
                >
                  {result.error} You can also call us at{" "}
                  <a href={phoneHref(facts)} className="underline">
                    {facts.phoneDisplay}
                  </a>
                  .
                </p>
              ) : null}
              <div className="mt-5">
                {result?.homeWatch ? (
                  <Suspense fallback={null}>
                    <HomeWatchForm idPrefix="home-watch" initial={result.homeWatch} />
                  </Suspense>
                ) : (
                  <DeferredEstimateForm idPrefix="estimate" initial={result} wake="after-start" />
                )}
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}
