/**
 * /newsletter/confirm?token=…: the link in the double opt-in email. Opening it changes nothing; the
 * button posts. Mail scanners open every link in a message, and a link that confirmed on GET would
 * subscribe addresses whose owners never clicked.
 */
import { data } from "react-router";
import { TokenLinkPage } from "~/components/sections/token-link-page";
import { profile } from "~/content/profile";
import { tokenLinkHeaders } from "~/infra/link-token.server";
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

export const headers: Route.HeadersFunction = tokenLinkHeaders;

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
    <TokenLinkPage
      title={copy[state].title}
      text={copy[state].text}
      token={token}
      buttonLabel={state === "ready" ? "Confirm my subscription" : null}
    />
  );
}
