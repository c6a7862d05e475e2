/**
 * /owner/site/faq: the FAQ's categories in the page's order, each with how many questions it holds
 * and a link to edit them.
 */
import { Link } from "react-router";
import { profile } from "~/content/profile";
import { faqCategoryEditorPath, sitePath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { liveFaqCategories } from "~/site-pages/site-pages-source.server";
import type { Route } from "./+types/owner.site-faq";

export const meta: Route.MetaFunction = () => [
  { title: `FAQ | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  return {
    categories: liveFaqCategories().map((c) => ({ id: c.id, name: c.name, questions: c.questions.length })),
  };
}

export default function FaqCategoriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to={sitePath} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          Site
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">FAQ</h1>
      <p className="mt-1">
        The questions on the FAQ page, by category. Choose one to add, edit, move or remove its questions.
      </p>
      <ul className="mt-4 grid gap-2">
        {loaderData.categories.map((c) => (
          <li key={c.id}>
            <Link
              to={faqCategoryEditorPath(c.id)}
              className="flex min-h-14 items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-navy-900 hover:bg-sea-50"
            >
              <span>{c.name}</span>
              <span className="text-sm font-normal text-slate-700">{`${c.questions} questions`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
