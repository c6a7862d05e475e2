/**
 * /visit/:token: the link in the homeowner's email for one of the visit times offered. Opening it
 * only shows the time; the button posts. Mail scanners open every link in a message, and a link
 * that confirmed on GET would book a visit nobody chose.
 *
 * A link that is spent, expired, withdrawn or unknown shows one neutral page (410 or 404) with no
 * time and no name: an old link forwarded or found must not tell anyone about the visit.
 */
import { data, Form } from "react-router";
import { BackToHomePage, DeadLinkNotice } from "~/components/sections/token-link-page";
import { buttonClass } from "~/ui/button";
import { useFacts } from "~/components/layout/site-live-data";
import { phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { deadLinkAnswer, tokenLinkHeaders } from "~/infra/link-token.server";
import { confirmVisit } from "~/visits/visit-changes.server";
import { formatWindow } from "~/time/business-time";
import { visitLink, type LinkState } from "~/visits/visits.server";
import type { Route } from "./+types/visit";

export const meta: Route.MetaFunction = () => [
  { title: `Your site visit | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

/** After the button, the action's answer is the page: reading the link again would only say it is spent. */
export const shouldRevalidate = () => false;

type Shown = { state: "ready" | "confirmed"; when: string } | { state: "gone" };

function answerFor(link: LinkState) {
  if (link.state === "gone") return deadLinkAnswer(link);
  return data<Shown>({ state: link.state, when: formatWindow(link.startsAt, link.endsAt) }, { status: 200 });
}

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  return answerFor(await visitLink(db, params.token));
}

export async function action({ params }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const env = getEnv();
  const link = await confirmVisit(db, params.token, mailContext(env));
  return answerFor(link);
}

export default function VisitPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: Shown = actionData ?? loaderData;
  const facts = useFacts();
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      {view.state === "ready" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">Your site visit</h1>
          <p className="mt-4 text-lg text-slate-700">{profile.name} can visit your project at this time:</p>
          <p className="mt-4 text-xl font-semibold text-navy-900">{view.when}</p>
          <p className="mt-1 text-slate-700">New Jersey time</p>
          <Form method="post" className="mt-6">
            <button type="submit" className={buttonClass("secondary")}>
              Confirm this time
            </button>
          </Form>
          <p className="mt-6 text-slate-700">
            Confirming releases the other times we offered. To arrange another time, call us at{" "}
            <a href={phoneHref(facts)} className="font-medium text-sea-600 underline">
              {facts.phoneDisplay}
            </a>
            .
          </p>
        </>
      ) : view.state === "confirmed" ? (
        <>
          <h1 className="text-3xl font-bold text-navy-900">Your visit is booked</h1>
          <p role="status" className="mt-4 text-lg text-slate-700">
            Thank you. We will see you {view.when} (New Jersey time). An invitation for your calendar is on its way by
            email.
          </p>
        </>
      ) : (
        <DeadLinkNotice title="This link no longer works">
          <p className="mt-4 text-lg text-slate-700">
            Visit links work once, for a limited time. If you still need a visit, call us at{" "}
            <a href={phoneHref(facts)} className="font-medium text-sea-600 underline">
              {facts.phoneDisplay}
            </a>{" "}
            or reply to our email.
          </p>
        </DeadLinkNotice>
      )}
      <BackToHomePage />
    </div>
  );
}
