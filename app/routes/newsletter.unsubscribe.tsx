/**
 * /newsletter/unsubscribe?token=…: the unsubscribe link of every newsletter email.
 * GET shows a button (mail scanners open links, and must not unsubscribe anyone); POST unsubscribes,
 * both from that button and from mail clients' one-click unsubscribe (RFC 8058), which posts
 * `List-Unsubscribe=One-Click` to this same address.
 */
import { data, Form, Link } from "react-router";
import { profile } from "~/content/profile";
import {
  checkUnsubscribeToken,
  tokenFromRequest,
  unsubscribeByToken,
  type UnsubscribeState,
} from "~/leads/newsletter.server";
import type { Route } from "./+types/newsletter.unsubscribe";

const copy: Record<UnsubscribeState, { title: string; text: string }> = {
  ready: {
    title: "Unsubscribe from our newsletter",
    text: `Press the button and we will stop sending you the ${profile.shortName} newsletter.`,
  },
  unsubscribed: {
    title: "You're unsubscribed",
    text: "You will not receive our newsletter any more. If you change your mind, you can sign up again on our blog.",
  },
  "already-unsubscribed": {
    title: "You're already unsubscribed",
    text: "This address receives no newsletter from us. There is nothing more to do.",
  },
  invalid: {
    title: "This link is not valid",
    text: `It may have been copied incompletely. To stop our emails, reply to one of them or write to ${profile.email}, and we will remove you.`,
  },
};

export const meta: Route.MetaFunction = () => [
  { title: `Unsubscribe | ${profile.shortName}` },
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
  const state: UnsubscribeState = await checkUnsubscribeToken(token);
  return { token: token ?? "", state };
}

export async function action({ request }: Route.ActionArgs) {
  const state = await unsubscribeByToken(await tokenFromRequest(request));
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
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
            Unsubscribe
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
