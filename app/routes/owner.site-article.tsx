/**
 * /owner/site/articles/:slug: one article's words, sections and blocks, edited on the phone and
 * published to /blog, the article's page, its structured data and the feed. Adding, moving and
 * removing a section or one of its parts come back as the form with the change made, nothing
 * stored; 'Save draft' keeps the form as the article's draft, to preview and come back to; 'Publish'
 * stores the whole article as a new version. A publish refused comes back as typed with a message at
 * each field, and one made while another owner published keeps the words too. A new address moves
 * the article, and this page with it; an article taken off the site shows its history here, to put
 * a version back. Its history and draft post to their own route.
 */
import { data, Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { headline, type ChangeAnswer } from "~/forms/change-answer";
import { carryAnswer } from "~/infra/carried-answer.server";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { Notice } from "~/owner/desk-frame";
import { articleEditorPath, articleTakeDownPath, sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { VersionHistory } from "~/owner/version-history";
import { answerLinkGroups, answerLinkPlaces } from "~/server/answer-links.server";
import { ArticleEditor } from "~/site-pages/article-editor";
import { photoPreviews } from "~/site-pages/page-picture-checks.server";
import { PagePictureChoice } from "~/projects/page-picture-choice";
import { articleEditorState, articleStatus, publishArticle } from "~/site-pages/article-edits.server";
import { articleValuesFrom, flatArticleValues, isSectionKind, MOST_ARTICLE_FIELDS } from "~/site-pages/article-form";
import { markChoices } from "~/site-pages/marked-text";
import {
  answerSaveDraft,
  answerStalePublish,
  dropPublishedDraft,
  postedRevision,
} from "~/site-pages/page-draft-answers.server";
import { editorPageData, PAGE_CARRIED } from "~/site-pages/page-editors.server";
import { splitIntent } from "~/site-pages/question-edits";
import { editArticle, type SectionEdit } from "~/site-pages/section-edits";
import { TakeDownForm } from "~/site-pages/take-down-form";
import { formatDateTime } from "~/time/business-time";
import { EditorFrame } from "~/site-pages/editor-frame";
import type { Route } from "./+types/owner.site-article";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Article: ${data?.title ?? "article"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The longest post an article's form makes: far above the longest article the site has (16 KB). */
const MOST_FORM_BYTES = 512 * 1024;

const PUBLISHED_SAYS = "The blog, the article's page and the feed show it within a few seconds.";

const notFound = () => data("No such article.", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const { slug } = params;
  const status = await articleStatus(db, slug);
  if (!status) throw notFound();
  if (status.on === "moved") throw redirect(articleEditorPath(status.to));
  const page = await editorPageData(request, db, "article", slug);
  if (status.on === "gone") {
    const { takenDown } = status;
    return data(
      {
        onSite: false as const,
        title: slug,
        ...page.shared,
        takenDown: { by: takenDown.publishedBy, at: takenDown.publishedAt.toISOString(), version: takenDown.version },
      },
      { headers: page.headers },
    );
  }
  const state = await articleEditorState(db, slug);
  const values = page.draftFields ?? { ...state.values, draftRevision: "0" };
  return data(
    {
      onSite: true as const,
      ...state,
      // A new article is known by its draft's title until it is published.
      isNew: status.on === "new",
      title: status.on === "new" ? values.title || slug : state.title,
      ...page.shared,
      values,
      photos: await photoPreviews(db, values),
      markChoices: markChoices(answerLinkGroups()),
    },
    { headers: page.headers },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const slug = params.slug;
  const status = await articleStatus(db, slug);
  // An article taken down is put back by 'Restore', the one thing its page offers.
  if (!status || status.on === "moved") throw notFound();
  const form = await readSmallForm(request, MOST_ARTICLE_FIELDS, MOST_FORM_BYTES);
  const get = (field: string) => String(form.get(field) ?? "");
  const values = articleValuesFrom(get);
  const { intent, at } = splitIntent(get("intent"));
  const newKind = get("new-kind");
  const edit = (change: SectionEdit) => {
    const outcome = editArticle(change, at, values, isSectionKind(newKind) ? newKind : "text");
    return outcome.ok
      ? answerDone(change, outcome.done, { values: flatArticleValues(outcome.values) })
      : answerRefused(change, 400, { form: outcome.error }, flatArticleValues(values));
  };
  const live = async () => (await articleEditorState(db, slug)).values;

  return dispatchIntent(
    { get: (field) => (field === "intent" ? intent : form.get(field)) },
    {
      add: edit,
      "move-up": edit,
      "move-down": edit,
      remove: edit,
      save: () =>
        answerSaveDraft(
          db,
          actor,
          { kind: "article", name: slug },
          {
            fields: flatArticleValues(values),
            basedOn: values.basedOn,
            revision: postedRevision(get("draftRevision")),
          },
        ),
      publish: async () => {
        if (values.basedOn < 0 || status.on === "gone")
          return answerRefused(intent, 400, { form: "The form is incomplete: open the article again." });
        const outcome = await publishArticle(db, actor, slug, values, answerLinkPlaces(), new Date());
        if (outcome.ok && outcome.movedTo) {
          // The editor's address moved with the article: its page there shows the answer.
          const to = articleEditorPath(outcome.movedTo);
          const done = answerDone(
            intent,
            status.on === "new"
              ? `Published at /blog/${outcome.movedTo}. ${PUBLISHED_SAYS}`
              : `Moved to /blog/${outcome.movedTo}. The old address sends readers here. ${PUBLISHED_SAYS}`,
          );
          // The draft it was made from goes with the old address.
          await dropPublishedDraft(db, actor, { kind: "article", name: slug }, postedRevision(get("draftRevision")));
          throw redirect(to, { status: 303, headers: carryAnswer(request, done.data, PAGE_CARRIED, to) });
        }
        if (outcome.ok) {
          await dropPublishedDraft(db, actor, { kind: "article", name: slug }, postedRevision(get("draftRevision")));
          const first = status.on === "new" ? `Published at /blog/${slug}.` : `Published version ${outcome.version}.`;
          return answerDone(intent, `${first} ${PUBLISHED_SAYS}`, {
            values: await live(),
          });
        }
        if (outcome.reason === "invalid")
          return answerRefused(
            intent,
            400,
            { form: "Nothing was published: see the fields marked below.", ...outcome.errors },
            flatArticleValues(values),
          );
        if (outcome.reason === "stale")
          return answerStalePublish(db, { kind: "article", name: slug }, flatArticleValues(values));
        return answerDone(intent, "Nothing was published: the article is the same as the live one.", {
          values: await live(),
        });
      },
    },
  );
}

export default function ArticleEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer: ChangeAnswer | undefined = actionData ?? loaderData.answer ?? undefined;
  const shown = headline(answer);
  const back = (
    <p>
      <Link to={sitePath} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
        Site
      </Link>
    </p>
  );
  if (!loaderData.onSite) {
    const { takenDown } = loaderData;
    return (
      <>
        {back}
        <h1 className="text-2xl font-bold text-navy-900">{`Article: /blog/${loaderData.title}`}</h1>
        <p className="mt-1">
          {`Off the site: taken down by ${takenDown.by} on ${formatDateTime(takenDown.at)}. Its address tells readers it has been taken down. Restore a version below to put it back.`}
        </p>
        {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
        <VersionHistory
          id="page-history"
          entries={loaderData.history}
          liveVersion={takenDown.version}
          busy={busy}
          action={loaderData.versionsPath}
        />
      </>
    );
  }
  const values =
    answer?.values?.basedOn !== undefined
      ? { draftRevision: loaderData.values.draftRevision ?? "0", ...answer.values }
      : loaderData.values;
  const { live } = loaderData;
  return (
    <EditorFrame
      back={{ to: sitePath, label: "Site" }}
      title={`Article: ${loaderData.title}`}
      live={live}
      built={
        loaderData.isNew
          ? "nothing yet: the article is on the blog once you publish it"
          : "the words the site was built with"
      }
      shared={loaderData}
      answer={answer}
      busy={busy}
    >
      <ArticleEditor
        key={answer ? JSON.stringify(answer) : `live-${live.version}`}
        values={values}
        errors={answer && !answer.ok ? answer.errors : {}}
        markChoices={loaderData.markChoices}
        services={loaderData.services}
        busy={busy}
        photos={loaderData.photos}
        PictureControl={PagePictureChoice}
      />
      {loaderData.isNew ? null : (
        <TakeDownForm action={articleTakeDownPath(loaderData.slug)} basedOn={live.version} busy={busy} />
      )}
    </EditorFrame>
  );
}
