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
import { Notice } from "~/owner/desk-frame";
import { faqEditorPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { answerLinkGroups, answerLinkPlaces } from "~/server/answer-links.server";
import { FaqEditor } from "~/site-pages/faq-editor";
import { faqEditorState, isFaqCategory, publishFaqCategory } from "~/site-pages/faq-edits.server";
import { answerRestore } from "~/site-pages/page-restore.server";
import { editQuestions, splitIntent, type QuestionEdit } from "~/site-pages/question-edits";
import { pageHistoryEntries } from "~/site-pages/site-pages-store.server";
import { LiveVersionLine, VersionHistory } from "~/owner/version-history";
import { flatValues, formValuesFrom, MOST_LINKS, MOST_QUESTIONS } from "~/site-pages/faq-form";
import type { Route } from "./+types/owner.site-faq-category";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `FAQ: ${data?.title ?? "category"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The most fields a post holds: each question's four, its links' two each, and the form's own. */
const MOST_FIELDS = (MOST_QUESTIONS + 1) * (3 + 2 * MOST_LINKS) + 4;

const PUBLISHED_SAYS = "The FAQ page and its structured data show it within a few seconds.";

const notFound = () => data("No such FAQ category.", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  if (!isFaqCategory(params.category)) throw notFound();
  const [state, history] = await Promise.all([
    faqEditorState(db, params.category),
    pageHistoryEntries(db, "faq", params.category),
  ]);
  return { ...state, history, groups: answerLinkGroups() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const name = params.category;
  if (!isFaqCategory(name)) throw notFound();
  const form = await readSmallForm(request, MOST_FIELDS);
  const get = (field: string) => String(form.get(field) ?? "");
  const values = formValuesFrom(get);
  const { intent, at } = splitIntent(get("intent"));
  const edit = (change: QuestionEdit) => {
    const outcome = editQuestions(change, at, values.questions, MOST_QUESTIONS);
    return outcome.ok
      ? answerDone(change, outcome.done, { values: flatValues({ ...values, questions: outcome.questions }) })
      : answerRefused(change, 400, { form: outcome.error }, flatValues(values));
  };

  return dispatchIntent(
    { get: (field) => (field === "intent" ? intent : form.get(field)) },
    {
      "add-question": edit,
      "move-up": edit,
      "move-down": edit,
      remove: edit,
      restore: () =>
        answerRestore(db, actor, { kind: "faq", name: name }, form, {
          liveValues: async () => flatValues((await faqEditorState(db, name)).values),
          publishedSays: PUBLISHED_SAYS,
          stale:
            "Another owner published these questions while this page was open. Here is what is live now: make your change again.",
        }),
      publish: async () => {
        if (values.basedOn < 0)
          return answerRefused(intent, 400, { form: "The form is incomplete: open the page again." });
        const outcome = await publishFaqCategory(db, actor, name, values, answerLinkPlaces(), new Date());
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
      <LiveVersionLine live={live} built="the questions the site was built with" />
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      <FaqEditor
        key={answer ? JSON.stringify(answer) : `live-${live.version}`}
        values={values}
        errors={answer && !answer.ok ? answer.errors : {}}
        groups={loaderData.groups}
        busy={busy}
      />
      <VersionHistory id="page-history" entries={loaderData.history} liveVersion={live.version} busy={busy} />
    </>
  );
}
