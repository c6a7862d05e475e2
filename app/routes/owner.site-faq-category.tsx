/**
 * /owner/site/faq/:category: one FAQ category's questions, edited on the phone and published to
 * /faq and its structured data. Adding, moving and removing a question come back as the form with
 * the change made, nothing stored; 'Save draft' keeps the form as the category's draft, to preview
 * and come back to; 'Publish' stores the whole category as a new version. A publish refused comes
 * back as typed with a message at each field, and one made while another owner published keeps the
 * words too. Its history and draft post to their own route (`owner.site-page-versions.ts`).
 */
import { data, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import type { ChangeAnswer } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { faqEditorPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { answerLinkGroups, answerLinkPlaces } from "~/server/answer-links.server";
import { FaqEditor } from "~/site-pages/faq-editor";
import { faqEditorState, isFaqCategory, publishFaqCategory } from "~/site-pages/faq-edits.server";
import {
  answerSaveDraft,
  answerStalePublish,
  dropPublishedDraft,
  postedRevision,
} from "~/site-pages/page-draft-answers.server";
import { editorPageData } from "~/site-pages/page-editors.server";
import { editQuestions, splitIntent, type QuestionEdit } from "~/site-pages/question-edits";
import { flatValues, formValuesFrom, MOST_CATEGORY_FIELDS, MOST_QUESTIONS } from "~/site-pages/faq-form";
import { EditorFrame } from "~/site-pages/editor-frame";
import type { Route } from "./+types/owner.site-faq-category";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `FAQ: ${data?.title ?? "category"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const PUBLISHED_SAYS = "The FAQ page and its structured data show it within a few seconds.";

const notFound = () => data("No such FAQ category.", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const name = params.category;
  if (!isFaqCategory(name)) throw notFound();
  const [state, page] = await Promise.all([faqEditorState(db, name), editorPageData(request, db, "faq", name)]);
  const draft = page.draftFields;
  return data(
    {
      ...state,
      ...page.shared,
      values: draft ? formValuesFrom((field) => draft[field] ?? "") : state.values,
      draftRevision: draft?.draftRevision ?? "0",
      groups: answerLinkGroups(),
    },
    { headers: page.headers },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const name = params.category;
  if (!isFaqCategory(name)) throw notFound();
  const form = await readSmallForm(request, MOST_CATEGORY_FIELDS);
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
      save: () =>
        answerSaveDraft(
          db,
          actor,
          { kind: "faq", name },
          { fields: flatValues(values), basedOn: values.basedOn, revision: postedRevision(get("draftRevision")) },
        ),
      publish: async () => {
        if (values.basedOn < 0)
          return answerRefused(intent, 400, { form: "The form is incomplete: open the page again." });
        const outcome = await publishFaqCategory(db, actor, name, values, answerLinkPlaces(), new Date());
        if (outcome.ok) {
          await dropPublishedDraft(db, actor, { kind: "faq", name }, postedRevision(get("draftRevision")));
          return answerDone(intent, `Published version ${outcome.version}. ${PUBLISHED_SAYS}`, {
            values: flatValues(outcome.values),
          });
        }
        if (outcome.reason === "invalid")
          return answerRefused(
            intent,
            400,
            { form: "Nothing was published: see the fields marked below.", ...outcome.errors },
            flatValues(values),
          );
        if (outcome.reason === "stale") return answerStalePublish(db, { kind: "faq", name }, flatValues(values));
        const live = await faqEditorState(db, name);
        return answerDone(intent, "Nothing was published: the questions are the same as the live ones.", {
          values: flatValues(live.values),
        });
      },
    },
  );
}

export default function FaqCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer: ChangeAnswer | undefined = actionData ?? loaderData.answer ?? undefined;
  const answered = answer?.values?.count ? answer.values : undefined;
  const values = answered ? formValuesFrom((field) => answered[field] ?? "") : loaderData.values;
  const { live } = loaderData;
  return (
    <EditorFrame
      back={{ to: faqEditorPath, label: "FAQ" }}
      title={`FAQ: ${loaderData.title}`}
      live={live}
      built="the questions the site was built with"
      shared={loaderData}
      answer={answer}
      busy={busy}
    >
      <FaqEditor
        key={answer ? JSON.stringify(answer) : `live-${live.version}`}
        values={values}
        draftRevision={answered?.draftRevision ?? loaderData.draftRevision}
        errors={answer && !answer.ok ? answer.errors : {}}
        groups={loaderData.groups}
        busy={busy}
      />
    </EditorFrame>
  );
}
