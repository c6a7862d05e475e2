/**
 * /owner/site/facts: the business facts, edited on the phone and published to every page, email
 * and document. The page says what is live, holds the form, and lists the versions before with a
 * 'Restore' each. A publish checked and refused comes back as typed with a message at each field;
 * one made while another owner published comes back with what is live now, to look at again.
 */
import { useNavigation } from "react-router";
import { firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { headline, type ChangeAnswer } from "~/forms/change-answer";
import { FactsEditor } from "~/facts/facts-editor";
import { factsFormValues, readFactsForm, rangeSlots } from "~/facts/facts-form";
import { LiveFacts } from "~/facts/facts-history";
import { VersionHistory } from "~/owner/version-history";
import { copyProblem } from "~/site-pages/copy-check.server";
import { liveFactsOf } from "~/facts/live-facts";
import { publicFactsOf } from "~/facts/public-facts";
import { readPublishedFacts } from "~/facts/facts-source.server";
import { factsHistory, publishFacts, readFactsVersion } from "~/facts/facts-store.server";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { Notice } from "~/owner/desk-frame";
import { requireOwner } from "~/owner/sessions.server";
import { dayOf, wallClock } from "~/time/business-time";
import type { Route } from "./+types/owner.site-facts";

export const meta: Route.MetaFunction = () => [
  { title: `Business facts | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The most fields a post holds: the facts, a week of three per day, and the range slots. */
const MOST_FIELDS = 420;

const PUBLISHED_SAYS =
  "Every page, Google's structured data, and each email and PDF made from now on show it within a few seconds.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const now = new Date();
  const [published, history] = await Promise.all([readPublishedFacts(db), factsHistory(db)]);
  const facts = published?.facts ?? firstFacts;
  const version = published?.version ?? 0;
  const shown = publicFactsOf(liveFactsOf(facts, dayOf(now), version, null));
  return {
    values: factsFormValues(facts, version),
    live: {
      version,
      publishedBy: published?.publishedBy ?? null,
      publishedAt: published?.publishedAt.toISOString() ?? null,
      phoneDisplay: shown.phoneDisplay,
      hoursRows: shown.hoursRows,
      hoursNote: shown.hoursNote,
    },
    history: history.map((h) => ({ ...h, publishedAt: h.publishedAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request, MOST_FIELDS);
  const now = new Date();
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const thisYear = wallClock(now).year;

  /** What is live now, for a form that was filled from an older version. */
  const liveValues = async () => {
    const published = await readPublishedFacts(db);
    return factsFormValues(published?.facts ?? firstFacts, published?.version ?? 0);
  };
  const stale = async (intent: string) =>
    answerRefused(
      intent,
      409,
      {
        form: "Another owner published the facts while this page was open. Here is what is live now: make your change again.",
      },
      await liveValues(),
    );

  return dispatchIntent(form, {
    publish: async (intent) => {
      const read = readFactsForm(get, thisYear);
      const copy = Object.keys(read.problems).length === 0 ? copyProblem(read.facts) : undefined;
      if (Object.keys(read.problems).length > 0 || copy)
        return answerRefused(
          intent,
          400,
          {
            ...read.problems,
            form: read.problems.form ?? copy ?? "Nothing was published: see the fields marked below.",
          },
          read.values,
        );
      const outcome = await publishFacts(db, actor, { facts: read.facts, basedOn: read.basedOn }, now);
      if (outcome.ok)
        return answerDone(intent, `Published version ${outcome.version} (${outcome.changes}). ${PUBLISHED_SAYS}`, {
          values: factsFormValues(read.facts, outcome.version),
        });
      if (outcome.reason === "stale") return stale(intent);
      return answerDone(intent, "Nothing was published: the facts are the same as the live ones.", {
        values: await liveValues(),
      });
    },
    restore: async (intent) => {
      const version = Number(get("version"));
      const basedOn = Number(get("basedOn"));
      const facts = Number.isInteger(version) && version > 0 ? await readFactsVersion(db, version) : undefined;
      if (!facts || !Number.isInteger(basedOn))
        return answerRefused(intent, 404, { form: "That version is not kept." });
      const outcome = await publishFacts(db, actor, { facts, basedOn, restoredFrom: version }, now);
      if (outcome.ok)
        return answerDone(intent, `Restored version ${version} as version ${outcome.version}. ${PUBLISHED_SAYS}`, {
          values: factsFormValues(facts, outcome.version),
        });
      if (outcome.reason === "stale") return stale(intent);
      return answerDone(intent, `Version ${version} is what is live already.`, { values: await liveValues() });
    },
  });
}

export default function BusinessFactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer: ChangeAnswer | undefined = actionData;
  const shown = headline(answer);
  // A refusal shows what was typed; after a publish the form holds what is live, on its new version.
  const values = answer?.values && rangeSlots(answer.values).length > 0 ? answer.values : loaderData.values;
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Business facts</h1>
      <p className="mt-1">
        The phone, email, address and hours every page, email and document shows. Publishing puts them on every page of
        the site within seconds.
      </p>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      <LiveFacts live={loaderData.live} />
      <FactsEditor
        key={answer ? JSON.stringify(answer) : `live-${loaderData.live.version}`}
        values={values}
        errors={answer && !answer.ok ? answer.errors : {}}
        busy={busy}
      />
      <VersionHistory
        id="facts-history"
        entries={loaderData.history}
        liveVersion={loaderData.live.version}
        busy={busy}
      />
    </>
  );
}
