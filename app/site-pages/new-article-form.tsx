/**
 * 'Write a new article' on the site page: a title, from which the article's address is made, and the
 * articles started and not yet published, each a link to its editor.
 */
import { Form, Link } from "react-router";
import type { CarriedForms } from "~/forms/carried-answer";
import type { RefusedAnswer } from "~/forms/change-answer";
import { DeskInput } from "~/owner/desk-field";
import { primaryButton } from "~/owner/desk-frame";
import { articleEditorPath, newArticlePath } from "~/owner/paths";

/** The answers the site page takes back: a title refused, and a new article's draft discarded. */
export const NEW_ARTICLE_FORMS: CarriedForms = { intents: ["start-article", "discard-draft"], fields: ["title"] };

export function NewArticleForm({
  refused,
  started,
  busy,
}: {
  refused: RefusedAnswer | undefined;
  started: readonly { slug: string; title: string }[];
  busy: boolean;
}) {
  return (
    <>
      {started.length ? (
        <>
          <h3 className="mt-4 font-semibold text-navy-900">Started, not yet on the site</h3>
          <ul className="mt-1">
            {started.map((article) => (
              <li key={article.slug}>
                <Link
                  to={articleEditorPath(article.slug)}
                  className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline"
                >
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Form method="post" action={newArticlePath} className="mt-4 max-w-xl space-y-3" aria-label="New article">
        <input type="hidden" name="intent" value="start-article" />
        <DeskInput
          id="new-article-title"
          name="title"
          label="Title of a new article"
          hint="Its address on the blog is made from the title; you can change it before publishing."
          defaultValue={refused?.values.title ?? ""}
          error={refused?.errors.title}
          autoComplete="off"
          maxLength={120}
        />
        <button type="submit" disabled={busy} className={primaryButton}>
          Write a new article
        </button>
      </Form>
    </>
  );
}
