/**
 * /owner/watch: home watch. Every plan, the running ones with their next visit, and the home
 * watch requests no plan has been made from, each with 'Make a plan', which drafts one from the
 * request and the standard checklist and opens it. 'Storm check' adds a visit to every running plan
 * in the towns a storm hit, due by the time given, and tells each homeowner.
 */
import { Form, Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { headline, refusedForm } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { callStormCheck } from "~/watch/storm-checks.server";
import { StormForm } from "~/watch/storm-form";
import { DRIVING_ORDER } from "~/watch/watch-rules";
import { dispatchIntent } from "~/infra/intents.server";
import { toDate } from "~/infra/schema.server";
import { readSmallForm } from "~/infra/uploads.server";
import { Notice, primaryButton } from "~/owner/desk-frame";
import { watchPlanPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf, formatShortDay } from "~/time/business-time";
import { dayText } from "~/paperwork/document";
import { listDeskPlans, requestsWithoutPlan, startPlan } from "~/watch/watch-plans.server";
import { frequencyText } from "~/watch/watch-rules";
import type { Route } from "./+types/owner.watch";

export const meta: Route.MetaFunction = () => [
  { title: `Home watch | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const STATUS_TEXT = {
  draft: "Draft",
  sent: "Sent, waiting for acceptance",
  accepted: "Running",
  ended: "Ended",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const today = dayOf(new Date());
  const [plans, requests] = await Promise.all([listDeskPlans(db, today), requestsWithoutPlan(db)]);
  // The island's towns north to south, then any other town a running plan is in, with its houses.
  const running = plans.filter((p) => p.status === "accepted");
  const others = [...new Set(running.map((p) => p.town.trim()))].filter(
    (t) => t !== "" && !DRIVING_ORDER.some((d) => d.toLowerCase() === t.toLowerCase()),
  );
  const houses = (town: string) => running.filter((p) => p.town.trim().toLowerCase() === town.toLowerCase()).length;
  return {
    stormTowns: [...DRIVING_ORDER, ...others.sort()].map((name) => ({ name, houses: houses(name) })),
    stormDay: today,
    plans: plans.map((p) => ({
      id: p.id,
      name: p.homeowner_name,
      town: p.town,
      status: STATUS_TEXT[p.status],
      ended: p.status === "ended",
      how: frequencyText(p.frequency, p.weekday),
      season: `${dayText(p.season_start)} to ${dayText(p.season_end)}`,
      next: p.nextVisit ? dayText(p.nextVisit) : null,
    })),
    requests: requests.map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address,
      received: formatShortDay(toDate(r.created_at)),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request, 40);
  return dispatchIntent(form, {
    storm: async (intent) => {
      const values = {
        towns: form.getAll("town").map((t) => String(t).slice(0, 80)),
        day: String(form.get("day") ?? "").slice(0, 20),
        time: String(form.get("time") ?? "").slice(0, 10),
      };
      const called = await callStormCheck(db, values, actor, mailContext(getEnv()));
      const shown = { towns: values.towns.join("\n"), day: values.day, time: values.time };
      if (!called.ok) return answerRefused(intent, called.status, called.errors, shown);
      const houses = called.added === 1 ? "1 house" : `${called.added ?? 0} houses`;
      return answerDone(
        intent,
        `Storm check added for ${houses} in ${values.towns.join(", ")}; each homeowner is told by email.`,
      );
    },
    start: async (intent) => {
      const started = await startPlan(db, String(form.get("leadId") ?? "").slice(0, 80), actor);
      if (!started.ok) return answerRefused(intent, started.status, { form: started.error });
      return redirect(watchPlanPath(started.id), 303);
    },
  });
}

export default function Watch({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const stormRefused = refusedForm(actionData, "storm");
  const said = headline(actionData);
  const running = loaderData.plans.filter((p) => !p.ended);
  const ended = loaderData.plans.filter((p) => p.ended);
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Home watch</h1>
      <p className="mt-1">Weekly or every-other-week checks of empty houses, each with its plan.</p>
      {said ? <Notice tone={said.ok ? "ok" : "error"}>{said.text}</Notice> : null}
      <section aria-labelledby="requests-heading" className="mt-6">
        <h2 id="requests-heading" className="text-lg font-bold text-navy-900">
          Requests waiting for a plan
        </h2>
        {loaderData.requests.length === 0 ? (
          <p className="mt-2">None. A request sent from the home watch page shows here.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {loaderData.requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <Link to={`/owner/leads/${r.id}`} className="font-semibold text-navy-900 underline">
                    {r.name}
                  </Link>
                  <span className="block text-sm text-slate-700">
                    {r.address} · received {r.received}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="leadId" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="start"
                    disabled={busy}
                    className={primaryButton}
                    aria-label={`Make a plan for ${r.name}`}
                  >
                    Make a plan
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <PlanList id="plans-heading" title="Plans" plans={running} empty="No plans yet." />
      <section aria-labelledby="storm-heading" className="mt-8">
        <h2 id="storm-heading" className="text-lg font-bold text-navy-900">
          Storm check
        </h2>
        <StormForm
          key={stormRefused ? JSON.stringify(stormRefused) : "storm"}
          towns={loaderData.stormTowns}
          values={
            stormRefused
              ? {
                  towns: (stormRefused.values.towns ?? "").split("\n"),
                  day: stormRefused.values.day ?? "",
                  time: stormRefused.values.time ?? "",
                }
              : { towns: [], day: loaderData.stormDay, time: "16:00" }
          }
          errors={stormRefused?.errors ?? {}}
          busy={busy}
        />
      </section>
      {ended.length > 0 ? <PlanList id="ended-heading" title="Ended" plans={ended} empty="" /> : null}
    </>
  );
}

type ListedPlan = Route.ComponentProps["loaderData"]["plans"][number];

function PlanList({ id, title, plans, empty }: { id: string; title: string; plans: ListedPlan[]; empty: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      {plans.length === 0 ? (
        <p className="mt-2">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {plans.map((p) => (
            <li key={p.id}>
              <Link
                to={watchPlanPath(p.id)}
                className="block min-h-11 px-3 py-2 hover:bg-sea-50 focus-visible:bg-sea-50"
              >
                <span className="font-semibold text-navy-900">{p.name}</span>
                <span className="block text-sm text-slate-700">
                  {p.town || "Town not set"} · {p.status}
                </span>
                <span className="block text-sm text-slate-700">
                  {p.how} · {p.season}
                </span>
                {p.next ? <span className="block text-sm text-slate-700">Next visit: {p.next}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
