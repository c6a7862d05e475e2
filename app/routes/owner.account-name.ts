/**
 * POST /owner/account/name: the name the owner gives for home watch reports, from the account
 * page's form. A forms route of its own keeps the account page's intents to passkeys and devices;
 * a browser without JavaScript is sent back to the account page with the answer.
 */
import { redirect } from "react-router";
import { dispatchIntent } from "~/infra/intents.server";
import { answerDone, answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { readSmallForm } from "~/infra/uploads.server";
import { ACCOUNT_PATH } from "~/owner/account-changes.server";
import { deskChange } from "~/owner/desk-change.server";
import { OWNER_NAME_FORMS, OWNER_NAME_INTENT, readOwnerName } from "~/owner/owner-name";
import { setOwnerName } from "~/owner/owners.server";
import { requireOwner } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.account-name";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  return redirect(ACCOUNT_PATH, 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor, session } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const answered = await dispatchIntent(form, {
    [OWNER_NAME_INTENT]: async (intent: string) => {
      const raw = String(form.get("name") ?? "");
      const read = readOwnerName(raw);
      if (!read.ok) return answerRefused(intent, 400, { name: read.error }, { name: raw.slice(0, 200) });
      await deskChange(db, actor, new Date(), async ({ trx, audit }) => {
        await setOwnerName(trx, session.ownerId, read.name);
        await audit("owner-name-changed", read.name ? "name given" : "name taken away");
      });
      return answerDone(
        intent,
        read.name
          ? `Saved: your reports say "Checked by ${read.name}".`
          : "Saved: your reports name the business only.",
      );
    },
  });
  return answerFormsPost(request, answered, ACCOUNT_PATH, OWNER_NAME_FORMS);
}
