/**
 * /newsletter/unsubscribe?token=…: the unsubscribe link of every newsletter email.
 * GET shows a button (mail scanners open links, and must not unsubscribe anyone); POST unsubscribes,
 * both from that button and from mail clients' one-click unsubscribe (RFC 8058), which posts
 * `List-Unsubscribe=One-Click` to this same address.
 */
import { data } from "react-router";
import { TokenLinkPage } from "~/components/sections/token-link-page";
import { useFacts } from "~/components/layout/site-live-data";
import { profile } from "~/content/profile";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import {
  checkUnsubscribeToken,
  tokenFromRequest,
  unsubscribeByToken,
  type UnsubscribeState,
} from "~/leads/newsletter.server";
import type { Route } from "./+types/newsletter.unsubscribe";

const copyOf = (email: string): Record<UnsubscribeState, { title: string; text: string }> => ({
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
    text: `It may have been copied incompletely. To stop our emails, reply to one of them or write to ${email}, and we will remove you.`,
  },
});

export const meta: Route.MetaFunction = () => [
  { title: `Unsubscribe | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

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
  const copy = copyOf(useFacts().email);
  return (
    <TokenLinkPage
      title={copy[state].title}
      text={copy[state].text}
      token={token}
      buttonLabel={state === "ready" ? "Unsubscribe" : null}
    />
  );
}
