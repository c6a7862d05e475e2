/**
 * POST /owner/sign-out: ends this session, or with `scope=everywhere` every session of the owner,
 * the devices their alerts go to (a lost phone), and their unused setup links. Answers with the
 * sign-in page either way. Signing out everywhere, like removing a passkey, needs a sign-in within
 * the last 10 minutes: a session found on an unlocked phone must not be able to shut the owner out
 * of every other device. An older one is sent to confirm it's them first, and nothing ends.
 */
import { redirect } from "react-router";
import { getDatabase } from "~/infra/db.server";
import { ACCOUNT_PATH } from "~/owner/account-changes.server";
import { deskChange } from "~/owner/desk-change.server";
import { signInPath } from "~/owner/paths";
import {
  clearSessionCookie,
  deskActor,
  endSession,
  readSession,
  signedInRecently,
  signOutEverywhere,
} from "~/owner/sessions.server";
import type { Route } from "./+types/owner.sign-out";
import { readSmallForm } from "~/infra/uploads.server";

export function loader() {
  return redirect("/owner");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  const form = await readSmallForm(request).catch(() => new FormData());
  if (session) {
    const everywhere = form.get("scope") === "everywhere";
    if (everywhere && !signedInRecently(session)) return redirect(signInPath(ACCOUNT_PATH, true));
    await deskChange(db, deskActor(session, context), new Date(), async ({ trx, audit }) => {
      let detail = "";
      if (everywhere) {
        const ended = await signOutEverywhere(trx, session.ownerId);
        detail = `sessions ended: ${ended.sessions}, notified devices removed: ${ended.devices}`;
        if (ended.setupLinks > 0) detail += `, setup links ended: ${ended.setupLinks}`;
      } else await endSession(trx, session.id);
      await audit(everywhere ? "signed-out-everywhere" : "signed-out", detail);
    });
  }
  return redirect("/owner/sign-in", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}
