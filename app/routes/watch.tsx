/**
 * /watch/:token: the homeowner's home watch plan. Before acceptance, the plan and the form to sign
 * it; after, the season, the next visit, every visit (each done one with its report) and every
 * invoice with its PDF, 'End my plan', with the plan below. Opening the link only
 * shows it (mail scanners open every link); accepting posts. Works without JavaScript.
 *
 * A link that opens nothing shows one neutral page (404, or 410 for a plan withdrawn) without a
 * name or an amount.
 */
import { data, Link, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { PhoneLink } from "~/components/layout/phone-link";
import { BackToHomePage, DeadLinkNotice } from "~/components/sections/token-link-page";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { dispatchIntent } from "~/infra/intents.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { readSmallForm } from "~/infra/uploads.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { acceptPlan } from "~/watch/accept-watch-plan.server";
import { endPlanByHomeowner } from "~/watch/end-watch-plan.server";
import { EndPlanForm, PlanAcceptForm, PlanDocumentView } from "~/watch/plan-view";
import { watchLink, type WatchLinkState } from "~/watch/watch-link.server";
import type { Route } from "./+types/watch";

export const meta: Route.MetaFunction = () => [
  { title: `Your home watch plan | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

/** After a post to the same address the action's answer is the page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

type Shown = WatchLinkState & { error?: string; endError?: string; justAccepted?: boolean; justEnded?: boolean };

const statusOf = (state: WatchLinkState) => (state.state === "gone" ? state.status : 200);

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const state = await watchLink(db, params.token);
  return data<Shown>(state, { status: statusOf(state) });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const form = await readSmallForm(request);
  const showAgain = async () => {
    const state = await watchLink(db, params.token);
    return data<Shown>(state, { status: state.state === "gone" ? state.status : 400 });
  };
  return dispatchIntent(
    form,
    {
      accept: async () => {
        const outcome = await acceptPlan(
          db,
          params.token,
          {
            name: String(form.get("signature") ?? "").slice(0, 500),
            consent: form.get("consent") === "yes",
            ip: clientIpFrom(context) ?? null,
            userAgent: request.headers.get("user-agent"),
          },
          mailContext(getEnv()),
        );
        if (outcome.accepted) return data<Shown>({ ...outcome.state, justAccepted: true }, { status: 200 });
        const status = outcome.state.state === "gone" ? outcome.state.status : outcome.error ? 400 : 409;
        return data<Shown>({ ...outcome.state, error: outcome.error }, { status });
      },
      end: async () => {
        const outcome = await endPlanByHomeowner(
          db,
          params.token,
          form.get("confirm") === "yes",
          mailContext(getEnv()),
        );
        if (outcome.ended) return data<Shown>({ ...outcome.state, justEnded: true }, { status: 200 });
        const status = outcome.state.state === "gone" ? outcome.state.status : outcome.error ? 400 : 409;
        return data<Shown>({ ...outcome.state, endError: outcome.error }, { status });
      },
    },
    showAgain,
  );
}

export default function WatchPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: Shown = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      {view.state === "open" ? (
        <>
          <PlanDocumentView document={view.document} />
          <PlanAcceptForm document={view.document} error={view.error} busy={busy} />
        </>
      ) : view.state === "accepted" || view.state === "ended" ? (
        <>
          <div role="status" className="mb-6 rounded-lg border border-navy-800 bg-white p-4 print:border-0 print:p-0">
            <p className="text-lg font-bold text-navy-900">
              {view.justAccepted
                ? "Thank you: your house is on our list."
                : view.justEnded
                  ? "Your plan has ended. No more visits will be made, and your codes are deleted."
                  : view.state === "ended"
                    ? `This plan ended on ${view.endedAt ?? ""}.`
                    : "Your home watch plan is running."}
            </p>
            <p className="mt-1">
              Signed by {view.acceptedName} on {view.acceptedAt}. Season: {view.season}.
            </p>
            {view.nextVisit ? <p className="mt-1 font-semibold">Next visit: {view.nextVisit}</p> : null}
            <p className="mt-1 text-sm break-all text-slate-700">Document SHA-256: {view.sha256}</p>
          </div>
          <section aria-labelledby="visits-heading" className="mb-8 print:hidden">
            <h2 id="visits-heading" className="text-xl font-bold text-navy-900">
              Visits
            </h2>
            <ol className="mt-2 divide-y divide-slate-200 border-y border-slate-300">
              {view.visits.map((visit, index) => (
                <li key={`${visit.day}-${index}`} className="flex flex-wrap items-center justify-between gap-x-4 py-2">
                  <span>
                    {visit.day} · {visit.kind}
                  </span>
                  {visit.report ? (
                    <Link
                      to={visit.report}
                      className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
                    >
                      {visit.status}: read the report<span className="sr-only"> of {visit.day}</span>
                    </Link>
                  ) : (
                    <span className="text-slate-700">{visit.status}</span>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="invoices-heading" className="mb-8 print:hidden">
            <h2 id="invoices-heading" className="text-xl font-bold text-navy-900">
              Invoices
            </h2>
            {view.invoices.length === 0 ? (
              <p className="mt-2 text-slate-700">
                None yet. After each month we send one invoice for the visits made that month.
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-300">
                {view.invoices.map((invoice) => (
                  <li key={invoice.number} className="py-2">
                    <p className="flex flex-wrap justify-between gap-x-4">
                      <span className="font-semibold">
                        {invoice.number} · {invoice.label}
                      </span>
                      <span className="font-semibold tabular-nums">{invoice.amount}</span>
                    </p>
                    <p className={invoice.overdue ? "font-semibold text-red-800" : "text-slate-700"}>{invoice.state}</p>
                    {invoice.pdf ? (
                      <a
                        href={invoice.pdf}
                        className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
                        download
                      >
                        Invoice {invoice.number} (PDF)
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {view.state === "accepted" ? <EndPlanForm error={view.endError} busy={busy} /> : null}
          <PlanDocumentView document={view.document} />
        </>
      ) : (
        <DeadLinkNotice title="This link does not work">
          <p className="mt-4 text-lg">
            If you are looking for your home watch plan, call <PhoneLink /> or reply to our email.
          </p>
        </DeadLinkNotice>
      )}
      <BackToHomePage />
    </div>
  );
}
