/**
 * /newsletter: where the signup form posts without JavaScript, answered as a page. With JavaScript
 * the form posts to /api/newsletter instead; both call the same handler.
 */
import { data, Link } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { NewsletterForm, NEWSLETTER_SUCCESS } from "~/leads/newsletter-form";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter" }, { name: "robots", content: "noindex" }];

export async function action({ request }: Route.ActionArgs) {
  const { handleNewsletterSignup } = await import("~/leads/newsletter.server");
  const outcome = await handleNewsletterSignup(request);
  return data(
    { ok: outcome.status < 400, error: "error" in outcome.body ? outcome.body.error : undefined },
    { status: outcome.status },
  );
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Newsletter" />
      <div className="mx-auto max-w-2xl px-4 py-12 text-lg">
        {actionData?.ok ? (
          <div role="status">
            <h2 className="text-2xl font-bold text-navy-900">{NEWSLETTER_SUCCESS.title}</h2>
            <p className="mt-2">{NEWSLETTER_SUCCESS.description}</p>
          </div>
        ) : (
          <>
            {actionData?.error ? (
              <p role="alert" className="mb-6 rounded-lg border border-red-700 bg-red-50 p-4 font-medium text-red-800">
                {actionData.error}
              </p>
            ) : null}
            <h2 className="mb-4 text-2xl font-bold text-navy-900">Sign up for shore home tips</h2>
            <NewsletterForm idPrefix="newsletter-page" />
          </>
        )}
        <p className="mt-8">
          <Link to="/blog" className="font-medium text-sea-600 underline">
            Back to the blog
          </Link>
        </p>
      </div>
    </>
  );
}
