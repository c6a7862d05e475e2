/**
 * /owner/watch/visits/:id/entries: one entry of the visit screen (the arrival, an item's result,
 * the departure), as its script sends it, answered in JSON: `{ ok: true }`, or a refusal with its
 * message (and, for a departure, what is still unmarked). The script keeps an entry until it has an
 * answer; a refusal ends it, a lost connection does not. A foreign Origin is refused before this
 * runs, as for every post (`server/http.server.ts`).
 */
import { redirect } from "react-router";
import { isId } from "~/forms/ids";
import { readSmallForm } from "~/infra/uploads.server";
import { watchVisitPath } from "~/owner/paths";
import { getEnv, mailContext } from "~/settings/env.server";
import { requireOwnerOr401 } from "~/owner/sessions.server";
import { readEntry } from "~/watch/visit-entries";
import { recordEntry } from "~/watch/watch-visits.server";
import type { Route } from "./+types/owner.watch-visit-entries";

export async function action({ request, params, context }: Route.ActionArgs) {
  // A script cannot follow a redirect to sign in: it is told, and keeps its entries.
  const { db, actor } = await requireOwnerOr401(request, context);
  if (!isId(params.id)) return Response.json({ ok: false, error: "This visit is not on any plan." }, { status: 404 });
  const form = await readSmallForm(request);
  const read = readEntry((name) => String(form.get(name) ?? ""));
  if (!read.ok) return Response.json({ ok: false, error: read.error }, { status: 400 });
  const outcome = await recordEntry(db, params.id, read.entry, actor, mailContext(getEnv()));
  return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status });
}

/** A GET has nothing to show: the visit screen is one level up. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? watchVisitPath(params.id) : "/owner/watch", 303);
}
