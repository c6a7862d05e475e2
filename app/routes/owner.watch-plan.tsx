/**
 * /owner/watch/:id: one home watch plan. Its form ('Save', 'Save and send to the homeowner'),
 * where it stands (draft, sent, accepted, ended) with its PDFs, the season's visits once accepted,
 * the monthly invoices, and 'End this plan', which deletes the access notes and cancels the visits ahead. The access
 * notes are opened for this page alone; the loader names every field it passes on.
 */
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { headline, refusedForm } from "~/forms/change-answer";
import { isId } from "~/forms/ids";
import { dispatchIntent } from "~/infra/intents.server";
import { answerDone, answerOutcome, answerRefused } from "~/infra/page-post.server";
import { toDate } from "~/infra/schema.server";
import { readSmallForm } from "~/infra/uploads.server";
import { dangerButton, Notice } from "~/owner/desk-frame";
import {
  contractDocumentPath,
  watchBaselinePath,
  watchMoneyPath,
  watchPath,
  watchPlanPath,
  watchVisitPath,
} from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { dayOf, formatDateTimeWithZone } from "~/time/business-time";
import type { ChangeAnswer } from "~/forms/change-answer";
import { useLatestAnswer } from "~/forms/latest-answer";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { PlanMoneySection } from "~/watch/plan-money-section";
import { PLAN_MONEY_FORMS, planMoneyDeskView } from "~/watch/plan-money.server";
import { dayText } from "~/paperwork/document";
import { PlanForm } from "~/watch/plan-form";
import { sendPlan } from "~/watch/send-watch-plan.server";
import { deskPlan, endPlan, savePlan } from "~/watch/watch-plans.server";
import { PLAN_FIELDS, townWarning, valuesFromForm } from "~/watch/watch-rules";
import type { Route } from "./+types/owner.watch-plan";

export const meta: Route.MetaFunction = () => [
  { title: `Home watch plan | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const GONE = "This plan does not exist, or was deleted with its request.";

const when = (value: Date | string | null) => (value ? formatDateTimeWithZone(toDate(value)) : "");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  if (!isId(params.id)) throw data(GONE, { status: 404 });
  const plan = await deskPlan(db, params.id);
  if (!plan) throw data(GONE, { status: 404 });
  const { row } = plan;
  const doc = (id: string | null, label: string) =>
    id ? { href: contractDocumentPath(row.lead_id, id), label } : null;
  const watched = currentFacts().homeWatchAreas;
  const money = await planMoneyDeskView(db, row.id, dayOf(new Date()));
  const carried = takeCarriedAnswer(request, watchPlanPath(row.id), [PLAN_MONEY_FORMS]);
  return data(
    {
      ...money,
      moneyAnswer: carried.answer,
      id: row.id,
      leadId: row.lead_id,
      status: row.status,
      values: plan.values,
      towns: watched,
      townWarning: townWarning(row.town, watched),
      sentAt: when(row.sent_at),
      acceptedName: row.accepted_name ?? "",
      acceptedAt: when(row.accepted_at),
      endedAt: when(row.ended_at),
      endedReason: row.ended_reason ?? "",
      documents: [
        doc(row.document_id, "The plan as sent (PDF)"),
        doc(row.signed_document_id, "The signed plan with its acceptance record (PDF)"),
      ].filter((d) => d !== null),
      visits: plan.visits.map((v) => ({
        id: v.id,
        day: dayText(v.day),
        kind: v.kind === "storm" ? "Storm check" : "Visit",
        status: v.status,
      })),
    },
    { headers: carried.headers },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  if (!isId(params.id)) throw data(GONE, { status: 404 });
  const id = params.id;
  const form = await readSmallForm(request);
  const values = valuesFromForm((name) => String(form.get(name) ?? ""));
  // The access notes are not sent back in a refusal's answer: the form keeps what was typed in them.
  const shown = () => Object.fromEntries(PLAN_FIELDS.filter((f) => f !== "access").map((f) => [f, values[f]]));
  return dispatchIntent(form, {
    save: async (intent) => {
      const saved = await savePlan(db, id, values, actor);
      if (!saved.ok) return answerRefused(intent, saved.status, saved.errors, shown());
      return answerDone(
        intent,
        saved.withdrawn ? "Saved. The plan sent before no longer opens: send it again." : "Saved.",
      );
    },
    send: async (intent) => {
      const saved = await savePlan(db, id, values, actor);
      if (!saved.ok) return answerRefused(intent, saved.status, saved.errors, shown());
      const sent = await sendPlan(db, id, actor, mailContext(getEnv()));
      return answerOutcome(
        intent,
        sent,
        `Sent to ${values.email.trim()}, with the PDF and the link to accept it.`,
        shown,
      );
    },
    end: async (intent) =>
      answerOutcome(
        intent,
        await endPlan(db, id, "Ended by the owner.", actor),
        "The plan has ended. Its access notes are deleted.",
      ),
  });
}

function StatusLine({ data: d }: { data: Route.ComponentProps["loaderData"] }) {
  switch (d.status) {
    case "draft":
      return <p className="mt-1">Draft: not sent yet.</p>;
    case "sent":
      return <p className="mt-1">Sent on {d.sentAt}, waiting for the homeowner to accept it.</p>;
    case "accepted":
      return (
        <p className="mt-1">
          Accepted by {d.acceptedName} on {d.acceptedAt}.
        </p>
      );
    default:
      return (
        <p className="mt-1">
          Ended on {d.endedAt}. {d.endedReason}
        </p>
      );
  }
}

export default function WatchPlan({ loaderData, actionData }: Route.ComponentProps) {
  const moneyForms = useFetcher<ChangeAnswer>({ key: watchMoneyPath(loaderData.id) });
  const busy = useNavigation().state !== "idle" || moneyForms.state !== "idle";
  const answer = useLatestAnswer(actionData, loaderData.moneyAnswer, [moneyForms.data]);
  const refusedMoney = answer && !answer.ok ? answer : undefined;
  const said = headline(answer);
  const refused = refusedForm(actionData, ["save", "send"]);
  const d = loaderData;
  return (
    <>
      <p>
        <Link to={watchPath} className="inline-flex min-h-11 items-center font-medium text-sea-600 underline">
          Home watch
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">Plan for {d.values.name}</h1>
      <StatusLine data={d} />
      {said ? <Notice tone={said.ok ? "ok" : "error"}>{said.text}</Notice> : null}
      {d.status === "ended" ? null : (
        <p className="mt-2">
          <Link
            to={watchBaselinePath(d.id)}
            className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
          >
            Baseline photos
          </Link>
          <span className="block text-sm text-slate-700">
            Each item as it should look, shown beside a later Issue on the report.
          </span>
        </p>
      )}
      {d.documents.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {d.documents.map((doc) => (
            <li key={doc.href}>
              <a href={doc.href} className="inline-flex min-h-11 items-center text-sea-600 underline">
                {doc.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {d.status === "ended" ? null : (
        <PlanForm
          key={refused ? JSON.stringify(refused) : `${d.status}-${JSON.stringify(d.values)}`}
          values={refused ? { ...d.values, ...refused.values } : d.values}
          errors={refused?.errors ?? {}}
          busy={busy}
          signed={d.status === "accepted"}
          towns={d.towns}
          townWarning={d.townWarning}
        />
      )}
      {d.visits.length > 0 ? (
        <section aria-labelledby="visits-heading" className="mt-8">
          <h2 id="visits-heading" className="text-lg font-bold text-navy-900">
            Visits ({d.visits.filter((v) => v.status !== "cancelled").length})
          </h2>
          <ol className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {d.visits.map((v) => (
              <li key={v.id}>
                <Link
                  to={watchVisitPath(v.id)}
                  className="block min-h-11 px-3 py-2 hover:bg-sea-50 focus-visible:bg-sea-50"
                >
                  {v.day} · {v.kind}
                  {v.status === "cancelled" ? " · cancelled" : v.status === "finished" ? " · done" : ""}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {d.status === "accepted" || d.status === "ended" ? (
        <PlanMoneySection
          action={watchMoneyPath(d.id)}
          money={d.money}
          documentHref={(documentId) => contractDocumentPath(d.leadId, documentId)}
          paymentKey={d.paymentKey}
          today={d.today}
          busy={busy}
          answer={refusedMoney ? { ...refusedMoney, target: refusedMoney.values.target } : undefined}
        />
      ) : null}
      {d.status === "ended" ? null : (
        <Form method="post" className="mt-8 max-w-xl rounded-lg border border-red-800 bg-white p-3">
          <h2 className="text-lg font-bold text-navy-900">End this plan</h2>
          <p className="mt-1">
            Cancels the visits still ahead and deletes the access notes. The homeowner&rsquo;s page keeps the visits
            made. A plan also ends by itself the day after its season.
          </p>
          <button type="submit" name="intent" value="end" disabled={busy} className={`${dangerButton} mt-3`}>
            End this plan
          </button>
        </Form>
      )}
    </>
  );
}
