/**
 * POST /owner/sign-out: ends this session, or with `scope=everywhere` every session of the owner,
 * the devices their alerts go to (a lost phone), and their unused setup links. Answers with the
 * sign-in page either way.
 */
import { redirect } from "react-router";
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { clientIpFrom } from "~/leads/request-context.server";
import { recordAudit } from "~/owner/audit.server";
import { clearSessionCookie, endSession, readSession, signOutEverywhere } from "~/owner/sessions.server";
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
    let detail = "";
    if (everywhere) {
      const ended = await signOutEverywhere(db, session.ownerId);
      detail = `sessions ended: ${ended.sessions}, notified devices removed: ${ended.devices}`;
      if (ended.setupLinks > 0) detail += `, setup links ended: ${ended.setupLinks}`;
    } else await endSession(db, session.id);
    await recordAudit(db, {
      actor: session.email,
      action: everywhere ? "signed-out-everywhere" : "signed-out",
      detail,
      client: clientKey(clientIpFrom(context)),
    });
  }
  return redirect("/owner/sign-in", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}
