/**
 * /owner/watch/visits/:id: the visit screen. The house, the homeowner's phone, the access notes
 * (for the signed-in owner, here and on the plan's page alone), then the visit itself
 * (`watch/visit-screen.tsx`). The script sends each tap to `/entries`; without it each form posts
 * here, and the page is drawn again from what is stored. Once finished, 'Quote this repair' on an
 * Issue opens a lead for the homeowner and goes to its quote.
 */
import { randomUUID } from "node:crypto";
import { data, Link, redirect } from "react-router";
import { profile } from "~/content/profile";
import { isId } from "~/forms/ids";
import { formContentKind, readSmallForm } from "~/infra/uploads.server";
import { toDate } from "~/infra/schema.server";
import { Notice } from "~/owner/desk-frame";
import { quotePath, watchPhotoPath, watchPlanPath, watchVisitEntriesPath, watchVisitPath } from "~/owner/paths";
import { wantsJson } from "~/owner/photo-form.server";
import { getEnv, mailContext } from "~/settings/env.server";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { dayOf, formatTime } from "~/time/business-time";
import { dayText } from "~/paperwork/document";
import { readEntry } from "~/watch/visit-entries";
import { quoteRepair } from "~/watch/repair-leads.server";
import { VisitScreen, type VisitScreenData } from "~/watch/visit-screen";
import { photoCaption } from "~/watch/visit-report";
import { receiveWatchPhoto } from "~/watch/watch-photo-post.server";
import { visitPhotos, watchPhotoFileName } from "~/watch/watch-photos.server";
import { isLateVisit, recordEntry, visitForDesk } from "~/watch/watch-visits.server";
import type { Route } from "./+types/owner.watch-visit";

export const meta: Route.MetaFunction = () => [
  { title: `Visit | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const GONE = "This visit is not on any plan.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  if (!isId(params.id)) throw data(GONE, { status: 404 });
  const found = await visitForDesk(db, params.id);
  if (!found) throw data(GONE, { status: 404 });
  const { visit } = found;
  const photos = await visitPhotos(db, visit.id);
  const time = (value: Date | string | null) => (value ? formatTime(toDate(value)) : null);
  const screen: VisitScreenData = {
    id: visit.id,
    status: visit.status,
    entriesUrl: watchVisitEntriesPath(visit.id),
    items: found.items.map((i) => ({ id: i.id, area: i.area, label: i.label })),
    results: found.results,
    photosUrl: watchVisitPath(visit.id),
    photoKey: randomUUID(),
    photos: photos.map((p) => ({
      id: p.id,
      itemId: p.itemId,
      src: watchPhotoPath(watchPhotoFileName(p.id, "small")),
      href: watchPhotoPath(watchPhotoFileName(p.id, "large")),
      caption: photoCaption(p.takenFrom, formatTime(p.takenAt)),
    })),
    startedAt: time(visit.started_at),
    finishedAt: time(visit.finished_at),
  };
  return {
    planId: visit.plan_id,
    day: dayText(visit.day),
    kind: visit.due_by ? `Storm check, by ${formatTime(toDate(visit.due_by))}` : "Visit",
    late: isLateVisit(visit, dayOf(new Date())),
    cancelled: visit.status === "cancelled",
    homeowner: visit.homeowner_name,
    phone: visit.phone,
    address: visit.address,
    town: visit.town,
    access: found.access,
    screen,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The photo script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (wantsJson(request) ? requireOwnerOr401 : requireOwner)(request, context);
  if (!isId(params.id)) throw data(GONE, { status: 404 });
  // A photo comes as a multipart form, from the script through `/photos` or from the plain form.
  if (formContentKind(request) === "multipart") {
    const answer = await receiveWatchPhoto(request, db, actor, { visitId: params.id }, watchVisitPath(params.id));
    if (answer instanceof Response) return answer;
    return data({ error: answer.error, problems: [] as string[] }, { status: answer.status });
  }
  const form = await readSmallForm(request);
  if (form.get("intent") === "quote-repair") {
    const repair = await quoteRepair(db, params.id, String(form.get("item") ?? "").slice(0, 40), actor);
    if (!repair.ok) return data({ error: repair.error, problems: [] as string[] }, { status: repair.status });
    return redirect(quotePath(repair.leadId), 303);
  }
  const read = readEntry((name) => String(form.get(name) ?? ""));
  if (!read.ok) return data({ error: read.error, problems: [] as string[] }, { status: 400 });
  const outcome = await recordEntry(db, params.id, read.entry, actor, mailContext(getEnv()));
  if (outcome.ok) return { error: null, problems: [] as string[] };
  return data({ error: outcome.error, problems: outcome.problems ?? [] }, { status: outcome.status });
}

export default function WatchVisit({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link
          to={watchPlanPath(d.planId)}
          className="inline-flex min-h-11 items-center font-medium text-sea-600 underline"
        >
          The plan
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{d.address}</h1>
      <p className="mt-1">
        {d.kind} · {d.day}
        {d.late ? <strong className="ml-2 rounded bg-red-800 px-1.5 py-0.5 text-white">Late</strong> : null}
      </p>
      <p className="mt-1">
        {d.homeowner} ·{" "}
        <a href={`tel:${d.phone.replace(/[^\d+]/g, "")}`} className="text-sea-600 underline">
          {d.phone}
        </a>
      </p>
      {actionData?.error ? (
        <Notice tone="error">
          {actionData.error} {actionData.problems.join(" ")}
        </Notice>
      ) : null}
      <section aria-labelledby="access-heading" className="mt-4 rounded-lg border border-navy-800 bg-white p-3">
        <h2 id="access-heading" className="font-bold text-navy-900">
          Access (only you see this)
        </h2>
        <p className="mt-1 whitespace-pre-line">{d.access || "No access notes on the plan."}</p>
      </section>
      {d.cancelled ? <p className="mt-4">This visit was cancelled.</p> : <VisitScreen data={d.screen} />}
    </>
  );
}
