/**
 * /owner/site/faq/:category: one FAQ category's questions, edited on the phone and published to
 * /faq and its structured data. Adding, moving and removing a question come back as the form with
 * the change made, nothing stored; 'Publish' stores the whole category as a new version. A publish
 * refused comes back as typed with a message at each field; one made while another owner published
 * the category comes back with what is live now.
 */
import { data, Link, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { headline, type ChangeAnswer } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { readLive } from "~/live/snapshot.server";
import { noticeLinkTargets } from "~/notices/notice-link-targets.server";
import { Notice } from "~/owner/desk-frame";
import { faqEditorPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { projectPath } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import { FaqEditor } from "~/site-pages/faq-editor";
import { faqEditorState, isFaqCategory, publishFaqCategory } from "~/site-pages/faq-edits.server";
import {
  blankQuestion,
  FACT_CHOICES,
  flatValues,
  formValuesFrom,
  MOST_LINKS,
  MOST_QUESTIONS,
  type LinkChoiceGroup,
} from "~/site-pages/faq-form";
import { formatDateTime } from "~/time/business-time";
import type { Route } from "./+types/owner.site-faq-category";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `FAQ: ${data?.title ?? "category"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The most fields a post holds: each question's four, its links' two each, and the form's own. */
const MOST_FIELDS = (MOST_QUESTIONS + 1) * (3 + 2 * MOST_LINKS) + 4;

const PUBLISHED_SAYS = "The FAQ page and its structured data show it within a few seconds.";

/** Where an answer's link may lead: the site's pages as the notices' picker offers them, then a call or mail. */
function linkGroups(): LinkChoiceGroup[] {
  const projects = readLive(projectsSource).map((p) => ({ title: p.title, path: projectPath(p.slug) }));
  return [
    ...noticeLinkTargets(projects).groups.map((group) => ({
      label: group.label,
      choices: group.targets.map((target) => ({ title: target.title, to: target.path })),
    })),
    FACT_CHOICES,
  ];
}

const notFound = () => data("No such FAQ category.", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  if (!isFaqCategory(params.category)) throw notFound();
  const state = await faqEditorState(db, params.category);
  return { ...state, groups: linkGroups() };
}

/** The index a button names ("move-up:2"), within the questions posted. */
const indexIn = (value: string, count: number) => {
  const i = Number(value);
  return Number.isInteger(i) && i >= 0 && i < count ? i : undefined;
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const name = params.category;
  if (!isFaqCategory(name)) throw notFound();
  const form = await readSmallForm(request, MOST_FIELDS);
  const get = (field: string) => String(form.get(field) ?? "");
  const values = formValuesFrom(get);
  // A question's buttons name it after the action: "move-up:2".
  const [intent = "", at = ""] = get("intent").split(":");
  const edited = (done: string, questions: typeof values.questions) =>
    answerDone(intent, done, { values: flatValues({ ...values, questions }) });
  const moved = (from: number | undefined, by: number) => {
    const to = from === undefined ? undefined : from + by;
    if (from === undefined || to === undefined || to < 0 || to >= values.questions.length)
      return answerRefused(intent, 400, { form: "That question is not on the form." }, flatValues(values));
    const questions = [...values.questions];
    const [question] = questions.splice(from, 1);
    if (question) questions.splice(to, 0, question);
    return edited(
      `Moved question ${from + 1} ${by < 0 ? "up" : "down"}. Publish to put the new order on the page.`,
      questions,
    );
  };

  return dispatchIntent(
    { get: (field) => (field === "intent" ? intent : form.get(field)) },
    {
      "add-question": () =>
        values.questions.length >= MOST_QUESTIONS
          ? answerRefused(
              intent,
              400,
              { form: `A category holds at most ${MOST_QUESTIONS} questions.` },
              flatValues(values),
            )
          : edited("Added a question at the end: write it, then publish.", [...values.questions, blankQuestion()]),
      "move-up": () => moved(indexIn(at, values.questions.length), -1),
      "move-down": () => moved(indexIn(at, values.questions.length), 1),
      remove: () => {
        const i = indexIn(at, values.questions.length);
        if (i === undefined)
          return answerRefused(intent, 400, { form: "That question is not on the form." }, flatValues(values));
        return edited(
          `Removed question ${i + 1} from the form. Publish to take it off the page.`,
          values.questions.filter((_, j) => j !== i),
        );
      },
      publish: async () => {
        if (values.basedOn < 0)
          return answerRefused(intent, 400, { form: "The form is incomplete: open the page again." });
        const allowed = new Set(linkGroups().flatMap((g) => g.choices.map((c) => c.to)));
        const outcome = await publishFaqCategory(db, actor, name, values, allowed, new Date());
        if (outcome.ok)
          return answerDone(intent, `Published version ${outcome.version}. ${PUBLISHED_SAYS}`, {
            values: flatValues(outcome.values),
          });
        if (outcome.reason === "invalid")
          return answerRefused(
            intent,
            400,
            { form: "Nothing was published: see the fields marked below.", ...outcome.errors },
            flatValues(values),
          );
        const live = await faqEditorState(db, name);
        if (outcome.reason === "stale")
          return answerRefused(
            intent,
            409,
            {
              form: "Another owner published these questions while this page was open. Here is what is live now: make your change again.",
            },
            flatValues(live.values),
          );
        return answerDone(intent, "Nothing was published: the questions are the same as the live ones.", {
          values: flatValues(live.values),
        });
      },
    },
  );
}

export default function FaqCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer: ChangeAnswer | undefined = actionData;
  const shown = headline(answer);
  const values = answer?.values?.count ? formValuesFrom((field) => answer.values?.[field] ?? "") : loaderData.values;
  const { live } = loaderData;
  return (
    <>
      <p>
        <Link to={faqEditorPath} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          FAQ
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{`FAQ: ${loaderData.title}`}</h1>
      <p className="mt-1">
        {live.version === 0 || !live.publishedAt
          ? "Live: the questions the site was built with."
          : `Live: version ${live.version}, published by ${live.publishedBy ?? "the command line"} on ${formatDateTime(live.publishedAt)}.`}
      </p>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      <FaqEditor
        key={answer ? JSON.stringify(answer) : `live-${live.version}`}
        values={values}
        errors={answer && !answer.ok ? answer.errors : {}}
        groups={loaderData.groups}
        busy={busy}
      />
    </>
  );
}
