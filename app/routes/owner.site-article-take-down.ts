/**
 * /owner/site/articles/:slug/take-down: takes an article off the site, on the version the editor
 * showed. The answer goes back to the article's editor page, which then shows its history to put a
 * version back. Refused while another page of the site links to the article.
 */
import { redirect } from "react-router";
import { carryAnswer } from "~/infra/carried-answer.server";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { dispatchIntent } from "~/infra/intents.server";
import { readSmallForm } from "~/infra/uploads.server";
import { articleEditorPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { articlePath } from "~/route-registry";
import { articleStatus } from "~/site-pages/article-edits.server";
import { PAGE_CARRIED } from "~/site-pages/page-editors.server";
import { addressesMovedTo } from "~/site-pages/site-pages-source.server";
import { takeDownSitePage } from "~/site-pages/site-pages-store.server";
import type { Route } from "./+types/owner.site-article-take-down";

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const { slug } = params;
  const status = await articleStatus(db, slug);
  // A new article is not on the site: 'Discard draft' is what drops it.
  if (!status || status.on === "moved" || status.on === "new") throw new Response("No such article.", { status: 404 });
  const form = await readSmallForm(request);
  const posted = String(form.get("basedOn") ?? "");
  const answered = await dispatchIntent(form, {
    "take-down": async (intent) => {
      if (!/^\d{1,9}$/.test(posted))
        return answerRefused(intent, 400, { form: "The form is incomplete: open the article again." });
      const outcome = await takeDownSitePage(
        db,
        actor,
        {
          kind: "article",
          name: slug,
          paths: [slug, ...addressesMovedTo(slug)].map(articlePath),
          basedOn: Number(posted),
        },
        new Date(),
      );
      if (outcome.ok)
        return answerDone(
          intent,
          "Taken off the site. The blog, the feed and the sitemap leave it out within a few seconds, and its address says it has been taken down.",
        );
      if (outcome.reason === "invalid")
        return answerRefused(intent, 400, { form: `It stays on the site: ${outcome.problems.join("; ")}.` });
      if (outcome.reason === "stale")
        return answerRefused(intent, 409, {
          form: "Another owner changed this article while it was open here: look at it again before taking it down.",
        });
      return answerDone(intent, "It is off the site already.");
    },
  });
  // The editor's page shows the answer, with or without the script.
  if (answered instanceof Response) return answered;
  const page = articleEditorPath(slug);
  return redirect(page, { status: 303, headers: carryAnswer(request, answered.data, PAGE_CARRIED, page) });
}

/** A GET has nothing to show: the article's editor holds the form. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(articleEditorPath(params.slug), 303);
}
