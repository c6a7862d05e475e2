/**
 * /job/:token: the homeowner's page for their job, from acceptance to the warranty. It says where
 * the job stands and what comes next: the dates and why they moved, the next booked visit, the
 * permit, the contract's documents and total, the invoices, payments and balance (with 'Pay
 * online' when the owner set a payment link), and at completion the warranty and its last day.
 * Opening it changes nothing, and it works without JavaScript. An unknown link answers 404 with a
 * page that names nobody.
 */
import { data, Link, useNavigation } from "react-router";
import { DeadLinkNotice } from "~/components/sections/token-link-page";
import { PhoneLink } from "~/components/layout/phone-link";
import { useFacts } from "~/components/layout/site-live-data";
import { mailtoHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { isId } from "~/forms/ids";
import { getDatabase } from "~/infra/db.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { readSmallForm } from "~/infra/uploads.server";
import { HomeownerMoney } from "~/invoices/homeowner-money";
import { jobMoney } from "~/invoices/job-money.server";
import { KEEP_YEARS } from "~/invoices/kept-records.server";
import { homeownerMoneyView } from "~/invoices/money-view";
import { readWaysToPay } from "~/invoices/ways-to-pay.server";
import { ChangeOrderView } from "~/jobs/change-order-view";
import { acceptChangeOrder, declineChangeOrder } from "~/jobs/change-orders.server";
import { jobByLink } from "~/jobs/homeowner-job.server";
import { homeownerJobView } from "~/jobs/homeowner-job-view.server";
import { ProgressPhoto } from "~/jobs/progress-photo";
import { dayOf, formatWindow } from "~/time/business-time";
import { visitOfLead } from "~/visits/visits.server";
import type { Route } from "./+types/job";

export const meta: Route.MetaFunction = () => [
  { title: `Your job | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const now = new Date();
  const job = await jobByLink(db, params.token, now);
  // Never sent (404), or ended and past its time (410): the same page, which names nobody.
  if (job.state !== "open") return data({ found: false as const, keepYears: KEEP_YEARS }, { status: job.status });
  const visit = await visitOfLead(db, job.leadId);
  const booked = visit?.status === "confirmed" ? visit.windows.find((w) => w.chosen && w.endsAt > now) : undefined;
  const jobRow = {
    id: job.jobId,
    base_cents: job.baseCents,
    quote_version_id: job.quoteVersionId,
    state: job.jobState,
  };
  const [money, ways] = await Promise.all([jobMoney(db, jobRow, dayOf(now)), readWaysToPay(db)]);
  return data({
    found: true as const,
    ...homeownerJobView(job, params.token, now),
    money: homeownerMoneyView(money),
    payOnlineUrl: ways.payOnlineUrl || null,
    visit: booked ? formatWindow(booked.startsAt, booked.endsAt) : null,
  });
}

/** The action's answer is shown with the page read again, so a signed change shows as signed. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const env = getEnv();
  const mail = mailContext(env);
  const form = await readSmallForm(request);
  const intent = form.get("intent");
  const orderId = String(form.get("order") ?? "");
  if (!isId(orderId) || (intent !== "accept-change" && intent !== "decline-change"))
    return data(
      { ok: false as const, orderId, error: "Choose 'Accept this change' or 'Decline this change'." },
      { status: 400 },
    );
  const outcome =
    intent === "accept-change"
      ? await acceptChangeOrder(
          db,
          params.token,
          orderId,
          {
            name: String(form.get("signature") ?? "").slice(0, 500),
            consent: form.get("consent") === "yes",
            ip: clientIpFrom(context) ?? null,
            userAgent: request.headers.get("user-agent"),
          },
          mail,
        )
      : await declineChangeOrder(db, params.token, orderId, mail);
  if (!outcome.ok) return data({ ok: false as const, orderId, error: outcome.error }, { status: outcome.status });
  return data({ ok: true as const, orderId, message: outcome.message });
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-navy-900">{term}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  );
}

export default function JobPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const facts = useFacts();
  if (!loaderData.found)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <DeadLinkNotice title="This link does not work">
          <p className="mt-4 text-lg">
            It may have been replaced by a newer link in our latest email, or the time it stays open has passed.
          </p>
        </DeadLinkNotice>
        <p className="mt-4 text-lg">
          For copies of your contract, change orders, invoices, receipts or warranty, call <PhoneLink /> or write to{" "}
          <a href={mailtoHref(facts)} className="font-medium text-sea-600 underline">
            {facts.email}
          </a>
          : we keep them for {loaderData.keepYears} years and send them to you by email or post.
        </p>
      </div>
    );
  const job = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const refusedNumber = job.changeOrders.find((order) => order.id === refused?.orderId)?.number;
  const refusedOrder = refused && refusedNumber !== undefined ? { number: refusedNumber, error: refused.error } : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Your job with {profile.shortName}</p>
      <h1 className="mt-1 text-3xl font-bold text-navy-900">{job.title}</h1>
      <p role="status" className="mt-4 rounded-lg border border-navy-800 bg-white p-4 text-lg">
        <strong>{job.stateLabel}.</strong> {job.stateText}
      </p>
      {refusedOrder ? (
        // Sent without JavaScript, the answer is a new page read from the top: say here what went
        // wrong and lead to the change order, far down a phone's screen.
        <p className="mt-4 rounded-lg border border-red-800 bg-white p-4 font-semibold text-red-800">
          Change order {refusedOrder.number} was not signed: {refusedOrder.error}{" "}
          <a href={`#signature-${refusedOrder.number}`} className="inline-flex min-h-11 items-center underline">
            Go to change order {refusedOrder.number}
          </a>
        </p>
      ) : null}

      <section aria-labelledby="when-heading" className="mt-8">
        <h2 id="when-heading" className="text-xl font-bold text-navy-900">
          When
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <Fact term="Start date">{job.start ?? "To be agreed with you"}</Fact>
          <Fact term="Completion date">{job.completion ?? "To be agreed with you"}</Fact>
          {job.datesReason ? <Fact term="Why the dates changed">{job.datesReason}</Fact> : null}
          {job.completed ? <Fact term="Completed on">{job.completed}</Fact> : null}
          <Fact term="Next visit">{job.visit ?? "None booked"}</Fact>
          {job.permit ? <Fact term="Permit">{job.permit}</Fact> : null}
        </dl>
      </section>

      <section aria-labelledby="contract-heading" className="mt-8">
        <h2 id="contract-heading" className="text-xl font-bold text-navy-900">
          Your contract
        </h2>
        <p className="mt-2 text-lg">
          Contract total: <strong>{job.total}</strong>
        </p>
        {job.documents.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {job.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={`/job/${job.token}/documents/${document.id}`}
                  className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
                >
                  {document.label} (PDF, {document.fileName})
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {job.contract ? (
          <p className="mt-3">
            <Link
              to={job.contract.href}
              className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
            >
              Read your contract
            </Link>
            {job.contract.cancelUntil ? ` You may cancel it there until ${job.contract.cancelUntil}.` : null}
          </p>
        ) : null}
      </section>

      <HomeownerMoney
        money={job.money}
        documentHref={(documentId) => `/job/${job.token}/documents/${documentId}`}
        payOnlineUrl={job.payOnlineUrl}
      />

      {job.changeOrders.length > 0 ? (
        <section aria-labelledby="changes-heading" className="mt-8">
          <h2 id="changes-heading" className="text-xl font-bold text-navy-900">
            Changes to your contract
          </h2>
          {actionData?.ok ? (
            <p role="status" className="mt-2 rounded-lg border border-navy-800 bg-white p-3 font-semibold">
              {actionData.message}
            </p>
          ) : null}
          {job.changeOrders.map((order) => (
            <ChangeOrderView
              key={order.id}
              order={order}
              busy={busy}
              error={actionData && !actionData.ok && actionData.orderId === order.id ? actionData.error : undefined}
            />
          ))}
        </section>
      ) : null}

      {job.photos.length > 0 ? (
        <section aria-labelledby="photos-heading" className="mt-8">
          <h2 id="photos-heading" className="text-xl font-bold text-navy-900">
            Photos of the work
          </h2>
          <p className="mt-2">Only you, with this link, can see them. Tap one to see it larger.</p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {job.photos.map((photo) => (
              <ProgressPhoto key={photo.id} photo={photo} />
            ))}
          </ul>
        </section>
      ) : null}

      {job.state === "completed" ? (
        <section aria-labelledby="warranty-heading" className="mt-8">
          <h2 id="warranty-heading" className="text-xl font-bold text-navy-900">
            Your warranty
          </h2>
          <p className="mt-2">{job.warranty}</p>
          <p className="mt-2 font-semibold">
            {job.warrantyRunsTo ? `It covers the work until ${job.warrantyRunsTo}.` : "It runs as its words say."}
          </p>
        </section>
      ) : null}

      <p className="mt-10">
        Questions about your job? Call <PhoneLink /> or reply to any of our emails.
      </p>
      <p className="mt-4">
        <Link to="/" className="font-medium text-sea-600 underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
