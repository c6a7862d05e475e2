/**
 * /owner/site/pages/:kind/:name: a written page's history and draft, for its editor: 'Restore'
 * publishes an earlier version again, 'Discard draft' drops the saved draft. A route of its own
 * keeps each editor's action to its form; the answer goes back to the editor, with or without the
 * script, in a sealed cookie.
 */
import { redirect } from "react-router";
import { carryAnswer } from "~/infra/carried-answer.server";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { NEW_ARTICLE_FORMS } from "~/site-pages/new-article-form";
import { dropDraft } from "~/site-pages/page-drafts.server";
import { isPageKind, PAGE_CARRIED, pageEditorPath, pageExists } from "~/site-pages/page-editors.server";
import { answerRestore } from "~/site-pages/page-restore.server";
import type { Route } from "./+types/owner.site-page-versions";

const PUBLISHED_SAYS = "The public page shows it within a few seconds.";

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const { kind, name } = params;
  if (!isPageKind(kind) || !(await pageExists(db, kind, name))) throw new Response("No such page.", { status: 404 });
  const form = await readSmallForm(request);
  const answered = await dispatchIntent(form, {
    restore: () =>
      answerRestore(db, actor, { kind, name }, form, {
        publishedSays: PUBLISHED_SAYS,
        stale: "Another owner published this page while it was open here: look at its history again.",
      }),
    "discard-draft": async (intent) => {
      const revision = String(form.get("draftRevision") ?? "");
      if (!/^\d{1,9}$/.test(revision)) return answerRefused(intent, 400, { form: "There is no draft on this form." });
      const dropped = await dropDraft(db, actor, { kind, name, revision: Number(revision), discarded: true });
      return dropped
        ? answerDone(intent, "Draft discarded: the editor shows the page as it is live.")
        : answerRefused(intent, 409, {
            form: "The draft changed since this page was opened (saved again, published or discarded): look at it again.",
          });
    },
  });
  if (answered instanceof Response) return answered;
  // A new article whose draft was discarded is gone: the site page, where it was started, says so.
  if (answered.data.ok && !(await pageExists(db, kind, name))) {
    const done = answerDone("discard-draft", "The new article was discarded.");
    return redirect(sitePath, { status: 303, headers: carryAnswer(request, done.data, NEW_ARTICLE_FORMS, sitePath) });
  }
  const editor = pageEditorPath(kind, name);
  return redirect(editor, { status: 303, headers: carryAnswer(request, answered.data, PAGE_CARRIED, editor) });
}

/** A GET has nothing to show: the page's editor holds the forms. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwner(request, context);
  if (!isPageKind(params.kind)) throw new Response("No such page.", { status: 404 });
  return redirect(pageEditorPath(params.kind, params.name), 303);
}
