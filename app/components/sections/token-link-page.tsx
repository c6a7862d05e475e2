/**
 * The pages behind a link in an email. A newsletter's (confirm, unsubscribe): opening the link only
 * shows the page; its button posts, because mail scanners open every link and must not act for
 * anyone. And the dead-link notice every other link's page shows when its link opens nothing.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/ui/button";

interface TokenLinkPageProps {
  title: string;
  text: string;
  token: string;
  /** the button's label while the action is still to be taken; null once it has been */
  buttonLabel: string | null;
}

export function TokenLinkPage({ title, text, token, buttonLabel }: TokenLinkPageProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      {buttonLabel ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass("secondary")}>
            {buttonLabel}
          </button>
        </Form>
      ) : null}
      <BackToHomePage />
    </div>
  );
}

/**
 * A link that opens nothing, 404 or 410 alike: the page's title and its own words on what to do,
 * and nothing about the job or the person, which a stranger holding an old link must not learn.
 */
export function DeadLinkNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      {children}
    </>
  );
}

/** The way on from every page behind an emailed link, whatever the link's state. */
export function BackToHomePage() {
  return (
    <p className="mt-10">
      <Link to="/" className="font-medium text-sea-600 underline">
        Back to the home page
      </Link>
    </p>
  );
}
