/**
 * /owner/site/services/:slug: one service page's words and questions, edited on the phone and
 * published to the page, its alias and its structured data. Adding, moving and removing a question
 * come back as the form with the change made, nothing stored; 'Save draft' keeps the form as the
 * page's draft, to preview and come back to; 'Publish' stores the whole page as a new version. A
 * publish refused comes back as typed with a message at each field, and one made while another owner
 * published keeps the words too. Its history and draft post to their own route.
 */
import { data, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import type { ChangeAnswer } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { answerLinkGroups, answerLinkPlaces } from "~/server/answer-links.server";
import { flatValues, formValuesFrom, MOST_PAGE_QUESTIONS } from "~/site-pages/faq-form";
import {
  answerSaveDraft,
  answerStalePublish,
  dropPublishedDraft,
  postedRevision,
} from "~/site-pages/page-draft-answers.server";
import { editorPageData } from "~/site-pages/page-editors.server";
import { editQuestions, splitIntent, type QuestionEdit } from "~/site-pages/question-edits";
import { ServicePageEditor } from "~/site-pages/service-page-editor";
import { isServicePage, publishServicePage, servicePageEditorState } from "~/site-pages/service-page-edits.server";
import { EditorFrame } from "~/site-pages/editor-frame";
import { photoPreviews } from "~/site-pages/page-picture-checks.server";
import { PagePictureChoice } from "~/projects/page-picture-choice";
import type { Route } from "./+types/owner.site-service";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? "Service page"} page | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The most fields a post holds: the words of the longest page, its questions, and the form's own. */
const MOST_FIELDS = 400;

const PUBLISHED_SAYS = "The page shows it within a few seconds.";

const notFound = () => data("No such service page.", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const slug = params.slug;
  if (!isServicePage(slug)) throw notFound();
  const [state, page] = await Promise.all([
    servicePageEditorState(db, slug),
    editorPageData(request, db, "service", slug),
  ]);
  const values = page.draftFields ?? { ...state.values, draftRevision: "0" };
  return data(
    {
      ...state,
      ...page.shared,
      values,
      photos: await photoPreviews(db, values),
      linkGroups: answerLinkGroups(),
    },
    { headers: page.headers },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const slug = params.slug;
  if (!isServicePage(slug)) throw notFound();
  const form = await readSmallForm(request, MOST_FIELDS);
  const get = (field: string) => String(form.get(field) ?? "");
  const { basedOn, questions } = formValuesFrom(get);
  const words = Object.fromEntries(
    [...form.keys()].filter((name) => /^[wp]\./.test(name)).map((name) => [name, get(name)]),
  );
  /** What the form held, to show it again: the words and pictures as posted, and the questions. */
  const held = (changed = questions) => ({ ...words, ...flatValues({ basedOn, questions: changed }) });
  const { intent, at } = splitIntent(get("intent"));
  const edit = (change: QuestionEdit) => {
    const outcome = editQuestions(change, at, questions, MOST_PAGE_QUESTIONS);
    return outcome.ok
      ? answerDone(change, outcome.done, { values: held(outcome.questions) })
      : answerRefused(change, 400, { form: outcome.error }, held());
  };
  const live = async () => (await servicePageEditorState(db, slug)).values;

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
          { kind: "service", name: slug },
          { fields: held(), basedOn, revision: postedRevision(get("draftRevision")) },
        ),
      publish: async () => {
        if (basedOn < 0) return answerRefused(intent, 400, { form: "The form is incomplete: open the page again." });
        const outcome = await publishServicePage(
          db,
          actor,
          slug,
          { word: get, questions, basedOn },
          answerLinkPlaces(),
          new Date(),
        );
        if (outcome.ok) {
          await dropPublishedDraft(db, actor, { kind: "service", name: slug }, postedRevision(get("draftRevision")));
          return answerDone(intent, `Published version ${outcome.version}. ${PUBLISHED_SAYS}`, {
            values: await live(),
          });
        }
        if (outcome.reason === "invalid")
          return answerRefused(
            intent,
            400,
            { form: "Nothing was published: see the fields marked below.", ...outcome.errors },
            held(),
          );
        if (outcome.reason === "stale") return answerStalePublish(db, { kind: "service", name: slug }, held());
        return answerDone(intent, "Nothing was published: the page is the same as the live one.", {
          values: await live(),
        });
      },
    },
  );
}

export default function ServicePageEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer: ChangeAnswer | undefined = actionData ?? loaderData.answer ?? undefined;
  const values =
    answer?.values?.basedOn !== undefined
      ? { draftRevision: loaderData.values.draftRevision ?? "0", ...answer.values }
      : loaderData.values;
  const { live } = loaderData;
  return (
    <EditorFrame
      back={{ to: sitePath, label: "Site" }}
      title={`${loaderData.title} page`}
      live={live}
      built="the words the site was built with"
      shared={loaderData}
      answer={answer}
      busy={busy}
    >
      <ServicePageEditor
        key={answer ? JSON.stringify(answer) : `live-${live.version}`}
        groups={loaderData.groups}
        hasQuestions={loaderData.hasQuestions}
        mostQuestions={MOST_PAGE_QUESTIONS}
        values={values}
        errors={answer && !answer.ok ? answer.errors : {}}
        linkGroups={loaderData.linkGroups}
        busy={busy}
        photos={loaderData.photos}
        illustration={loaderData.illustration}
        PictureControl={PagePictureChoice}
      />
    </EditorFrame>
  );
}
