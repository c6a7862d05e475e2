/**
 * /owner/site/articles/new: 'Write a new article' on the site page posts its title here. The article
 * is started as a draft under a free address made from the title, and the browser goes to its
 * editor; a title refused goes back to the site page with the answer at its field.
 */
import { redirect } from "react-router";
import { dispatchIntent } from "~/infra/intents.server";
import { answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { readSmallForm } from "~/infra/uploads.server";
import { articleEditorPath, sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { NEW_ARTICLE_FORMS } from "~/site-pages/new-article-form";
import { startArticle } from "~/site-pages/new-articles.server";
import type { Route } from "./+types/owner.site-article-new";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const title = String(form.get("title") ?? "").slice(0, 1000);
  const answered = await dispatchIntent(form, {
    "start-article": async (intent) => {
      const started = await startArticle(db, actor, title);
      if (!started.ok) return answerRefused(intent, 400, started.errors, { title });
      return redirect(articleEditorPath(started.slug), 303);
    },
  });
  return answerFormsPost(request, answered, sitePath, NEW_ARTICLE_FORMS);
}

/** A GET has nothing to show: the site page holds the form. */
export function loader() {
  return redirect(sitePath, 303);
}
