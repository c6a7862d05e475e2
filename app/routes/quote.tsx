/**
 * /quote/:token: the homeowner's written quote. Opening the link only shows it (mail scanners open
 * every link); accepting, updating the total and cancelling each post. The page prints as the
 * contract on Letter paper, and works without JavaScript.
 *
 * A link that is unknown shows one neutral page (404) without a name or an amount. A replaced
 * version says so and leads to the new one; an expired one asks for an updated quote; an accepted
 * one shows the contract and, until the deadline, 'Cancel this contract'. Once the accepted
 * contract's job is scheduled, the link opens the job's page, which links back to the contract.
 */
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { DeadLinkNotice } from "~/components/sections/token-link-page";
import { buttonClass } from "~/ui/button";
import { PhoneLink } from "~/components/layout/phone-link";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { dispatchIntent } from "~/infra/intents.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { readSmallForm } from "~/infra/uploads.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { formatCents } from "~/paperwork/money";
import { MAX_ITEMS, pricedContent, type PricedContent } from "~/quotes/quote-content";
import { AcceptForm, QuoteDocumentView } from "~/quotes/quote-view";
import { closedDaysAround } from "~/closed-days/closed-days.server";
import { quoteLink, type QuoteLinkState } from "~/quotes/quote-link.server";
import { quoteLinkAsJobLink } from "~/jobs/job-link.server";
import { acceptContract, cancelContract } from "~/server/contract.server";
import { formatDateTimeWithZone } from "~/time/business-time";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => [
  { title: `Your quote | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

/**
 * After a post to the same address the action's answer is the page: reading the link again would
 * lose the ticks and the message. A new address (the contract, once accepted) is read.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

type Shown =
  | { state: "open"; document: QuoteLinkViewDocument; content: QuoteLinkViewContent; chosen: number[]; error?: string }
  | {
      state: "accepted";
      document: QuoteLinkViewDocument;
      content: QuoteLinkViewContent;
      chosen: number[];
      acceptedName: string;
      acceptedAt: string;
      total: string;
      sha256: string;
      cancelUntil: string;
      canCancel: boolean;
      justAccepted: boolean;
      error?: string;
      /** The job's page, which this link opens once the job is scheduled. */
      jobPage?: string;
    }
  | { state: "replaced"; version: number; next: string | null }
  | { state: "expired" }
  | { state: "cancelled"; cancelledAt: string; justCancelled: boolean }
  | { state: "gone" };

type OpenView = Extract<QuoteLinkState, { state: "open" }>["view"];
type QuoteLinkViewDocument = OpenView["document"];
type QuoteLinkViewContent = PricedContent;

function shown(
  link: QuoteLinkState,
  extra: { chosen?: number[]; error?: string; just?: boolean } = {},
): { body: Shown; status: number } {
  switch (link.state) {
    case "open":
      return {
        body: {
          state: "open",
          document: link.view.document,
          content: pricedContent(link.view.content),
          chosen: extra.chosen ?? [],
          error: extra.error,
        },
        status: extra.error ? 400 : 200,
      };
    case "accepted":
      return {
        body: {
          state: "accepted",
          document: link.view.document,
          content: pricedContent(link.view.content),
          chosen: link.view.document.items.filter((i) => i.optional && i.included).map((i) => i.position),
          acceptedName: link.acceptedName,
          acceptedAt: formatDateTimeWithZone(link.acceptedAt),
          total: formatCents(link.totalCents),
          sha256: link.sha256,
          // The last minute before midnight: "until 11:59 PM", the way people read a deadline.
          cancelUntil: formatDateTimeWithZone(new Date(link.cancelUntil.getTime() - 60_000)),
          canCancel: link.canCancel,
          justAccepted: extra.just ?? false,
          error: extra.error,
        },
        status: extra.error ? 409 : 200,
      };
    case "replaced":
      return { body: { state: "replaced", version: link.version, next: link.next ?? null }, status: 410 };
    case "expired":
      return { body: { state: "expired" }, status: 410 };
    case "cancelled":
      return {
        body: {
          state: "cancelled",
          cancelledAt: formatDateTimeWithZone(link.cancelledAt),
          justCancelled: extra.just ?? false,
        },
        status: extra.just ? 200 : 410,
      };
    default:
      return { body: { state: "gone" }, status: link.status };
  }
}

type Db = Awaited<ReturnType<typeof getDatabase>>["db"];

/**
 * An accepted quote's link is its job's link: while it is the job's link in force the contract
 * leads to the job's page; once the owner sent the homeowner a new link in its place, or the job's
 * time is over, it opens nothing here either, so a forwarded link shows no contract and cancels nothing.
 */
async function asJobLink(db: Db, token: string, answer: { body: Shown; status: number }) {
  if (answer.body.state !== "accepted" && answer.body.state !== "gone") return answer;
  const job = await quoteLinkAsJobLink(db, token);
  // An accepted contract's old link, ended with its job's: it was sent, and is withdrawn.
  if (answer.body.state === "gone") return job.state === "gone" ? { body: answer.body, status: job.status } : answer;
  if (job.state === "gone") return { body: { state: "gone" } satisfies Shown, status: job.status };
  if (job.state === "open") return { body: { ...answer.body, jobPage: `/job/${token}` }, status: answer.status };
  return answer;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const url = new URL(request.url);
  const link = await quoteLink(db, params.token);
  // Arrived from the acceptance itself (see the action): the thanks, the record and the right to cancel.
  const { body, status } = await asJobLink(
    db,
    params.token,
    shown(link, { just: link.state === "accepted" && url.searchParams.get("accepted") === "1" }),
  );
  // An accepted quote's link is the homeowner's page for the whole job; the contract stays one tap away.
  if (body.state === "accepted" && body.jobPage && url.searchParams.get("view") !== "contract")
    throw redirect(body.jobPage, 303);
  return data(body, { status });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const env = getEnv();
  const mail = mailContext(env);
  const form = await readSmallForm(request);
  const intent = form.get("intent");
  const now = new Date();
  // One field per optional item ("item-2=yes"): the form reader keeps each name's first value only.
  const chosen = Array.from({ length: MAX_ITEMS }, (_, position) => position).filter(
    (position) => form.get(`item-${position}`) === "yes",
  );
  // 'Update the total' (and anything else): shows the page again with the ticks, and changes nothing.
  const showAgain = async () => {
    const link = await quoteLink(db, params.token, now);
    const valid = link.state === "open" ? chosen.filter((c) => link.view.content.items[c]?.optional) : [];
    const { body, status } = await asJobLink(db, params.token, shown(link, { chosen: valid }));
    return data(body, { status: intent === "update" ? status : 400 });
  };
  return dispatchIntent(
    form,
    {
      accept: async () => {
        const outcome = await acceptContract(
          db,
          params.token,
          {
            name: String(form.get("signature") ?? "").slice(0, 500),
            consent: form.get("consent") === "yes",
            chosen,
            ip: clientIpFrom(context) ?? null,
            userAgent: request.headers.get("user-agent"),
          },
          await closedDaysAround(db, now),
          mail,
          now,
        );
        const { body, status } = await asJobLink(
          db,
          params.token,
          outcome.accepted
            ? shown(outcome.state, { just: true })
            : shown(outcome.state, { chosen, error: outcome.error }),
        );
        if (outcome.accepted) {
          // Post, then redirect to the contract as accepted: the page after a plain form's post is
          // rendered with the loader, which would otherwise send the link on to the job's page and
          // lose the thanks.
          if (body.state === "accepted" && body.jobPage)
            throw redirect(`/quote/${params.token}?view=contract&accepted=1`, 303);
        }
        return data(body, { status });
      },
      cancel: async () => {
        const before = await asJobLink(db, params.token, shown(await quoteLink(db, params.token, now)));
        if (before.body.state === "gone") return data(before.body, { status: before.status });
        const outcome = await cancelContract(db, params.token, mail, now);
        const { body, status } = shown(outcome.state, {
          just: outcome.cancelled,
          error: outcome.cancelled ? undefined : outcome.error,
        });
        return data(body, { status });
      },
      update: showAgain,
    },
    showAgain,
  );
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const view: Shown = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      {view.state === "open" ? (
        <AcceptForm
          key={JSON.stringify(view.chosen)}
          document={view.document}
          content={view.content}
          initialChosen={view.chosen}
          error={view.error}
          busy={busy}
        />
      ) : view.state === "accepted" ? (
        <>
          {view.jobPage ? (
            <p className="mb-4 print:hidden">
              <Link to={view.jobPage} className="inline-flex min-h-11 items-center font-medium text-sea-600 underline">
                Your job&rsquo;s page: dates, progress and documents
              </Link>
            </p>
          ) : null}
          <div role="status" className="mb-6 rounded-lg border border-navy-800 bg-white p-4 print:border-0 print:p-0">
            <p className="text-lg font-bold text-navy-900">
              {view.justAccepted ? "Thank you: you accepted this quote." : "You accepted this quote."}
            </p>
            <p className="mt-1">
              Signed by {view.acceptedName} on {view.acceptedAt}, for {view.total}. Your signed copy is on its way by
              email.
            </p>
            <p className="mt-1 text-sm break-all text-slate-700">Document SHA-256: {view.sha256}</p>
          </div>
          <QuoteDocumentView
            document={view.document}
            content={view.content}
            chosen={new Set(view.chosen)}
            selectable={false}
          />
          {view.canCancel ? (
            <Form method="post" className="mt-8 rounded-lg border border-red-800 bg-white p-4 print:hidden">
              <h2 className="text-xl font-bold text-navy-900">Cancel this contract</h2>
              <p className="mt-2">
                You can cancel until {view.cancelUntil}. You may also cancel by written notice sent by certified mail or
                delivered by hand to {view.document.contractor[0]}, as the notice above says.
              </p>
              {view.error ? (
                <p role="alert" className="mt-2 font-semibold text-red-800">
                  {view.error}
                </p>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="cancel"
                disabled={busy}
                className={`${buttonClass("light")} mt-3 border border-red-800 text-red-800`}
              >
                Cancel this contract
              </button>
            </Form>
          ) : (
            <p className="mt-8 print:hidden">The time to cancel ended on {view.cancelUntil}.</p>
          )}
        </>
      ) : view.state === "replaced" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">This quote was replaced</h1>
          <p className="mt-4 text-lg">
            We sent you a newer version of this quote, and this one can no longer be accepted.{" "}
            {view.next ? (
              <Link to={`/quote/${view.next}`} className="font-semibold text-sea-600 underline">
                Read the new version
              </Link>
            ) : (
              <>
                The new version is in our latest email; call <PhoneLink /> if you cannot find it.
              </>
            )}
          </p>
        </>
      ) : view.state === "expired" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">This quote has expired</h1>
          <p className="mt-4 text-lg">
            Its price held until the date it gave, which has passed, so it can no longer be accepted. Reply to our email
            or call <PhoneLink /> and we will send you an updated quote.
          </p>
        </>
      ) : view.state === "cancelled" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">This contract is cancelled</h1>
          <p role="status" className="mt-4 text-lg">
            {view.justCancelled ? "Done: you" : "You"} cancelled it on {view.cancelledAt}. We have emailed you a
            confirmation. Nothing more is owed.
          </p>
        </>
      ) : (
        <DeadLinkNotice title="This link does not work">
          <p className="mt-4 text-lg">
            If you are looking for a quote from us, call <PhoneLink /> or reply to our email.
          </p>
        </DeadLinkNotice>
      )}
      <p className="mt-10 print:hidden">
        <Link to="/" className="font-medium text-sea-600 underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
