/**
 * POST /owner/digest: the account page's switch for the morning digest. Answers with a redirect
 * back to the account page, so it works as a plain form without JavaScript.
 */
import { redirect } from "react-router";
import { readSmallForm } from "~/infra/uploads.server";
import { requireOwner } from "~/owner/sessions.server";
import { setDigestChoice } from "~/alerts/digest.server";
import type { Route } from "./+types/owner.digest";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  return redirect("/owner/account");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const choice = form.get("digest");
  if (choice !== "on" && choice !== "off") throw new Response("Choose on or off.", { status: 400 });
  await setDigestChoice(db, session.ownerId, choice === "on");
  return redirect(`/owner/account?digest=${choice}`);
}
