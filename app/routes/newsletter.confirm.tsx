/**
 * /newsletter/confirm?token=…: the link in the double opt-in email. Opening it changes nothing; the
 * button posts. Mail scanners open every link in a message, and a link that confirmed on GET would
 * subscribe addresses whose owners never clicked.
 */
import { data, Form, Link } from "react-router";
import { profile } from "~/content/profile";
import { checkConfirmToken, confirmSubscription, tokenFromRequest, type ConfirmState } from "~/leads/newsletter.server";
import type { Route } from "./+types/newsletter.confirm";

const copy: Record<ConfirmState, { title: string; text: string }> = {
  ready: {
    title: "Confirm your subscription",
    text: `Press the button to start receiving the ${profile.shortName} newsletter: seasonal maintenance tips for your shore home, a few times a year.`,
  },
  confirmed: {
    title: "You're subscribed",
    text: "Thank you for confirming. We have sent you a welcome email, and every newsletter has a link to unsubscribe.",
  },
  "already-confirmed": {
    title: "You're already subscribed",
    text: "This address is confirmed. There is nothing more to do.",
  },
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for a week. Please sign up again and use the link in the new email.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been replaced by a newer confirmation email, or copied incompletely. Please sign up again or use the link in the latest email.",
  },
};

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your subscription | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

// The token is a credential: keep it out of caches and out of Referer headers.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
});

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state: ConfirmState = await checkConfirmToken(token);
  return { token: token ?? "", state };
}

export async function action({ request }: Route.ActionArgs) {
  const state = await confirmSubscription(await tokenFromRequest(request));
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const state = actionData?.state ?? loaderData.state;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">{copy[state].title}</h1>
      <p className="mt-4 text-lg text-slate-700">{copy[state].text}</p>
      {state === "ready" ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="rounded-md bg-sky-800 px-5 py-3 font-semibold text-white hover:bg-sky-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-800"
          >
            Confirm my subscription
          </button>
        </Form>
      ) : null}
      <p className="mt-10">
        <Link to="/" className="font-medium text-sky-800 underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
