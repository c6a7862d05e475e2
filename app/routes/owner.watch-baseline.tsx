/**
 * /owner/watch/:id/baseline: each checklist item's baseline photos, the house as it should look,
 * shown beside a later visit's photo of an Issue on the report. One card per item with its photos
 * and a camera; without JavaScript each card is a plain multipart form that posts here.
 */
import { randomUUID } from "node:crypto";
import { data, Link, useRevalidator } from "react-router";
import { profile } from "~/content/profile";
import { isId } from "~/forms/ids";
import { formContentKind } from "~/infra/uploads.server";
import { Notice } from "~/owner/desk-frame";
import { watchBaselinePath, watchPhotoPath, watchPlanPath } from "~/owner/paths";
import { wantsJson } from "~/owner/photo-form.server";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { formatDateTime } from "~/time/business-time";
import { AREA_LABELS, AREAS } from "~/watch/checklist";
import { ItemPhotos } from "~/watch/item-photos";
import { photoCaption } from "~/watch/visit-report";
import { receiveWatchPhoto } from "~/watch/watch-photo-post.server";
import { baselineDesk, watchPhotoFileName } from "~/watch/watch-photos.server";
import { MAX_ITEM_PHOTOS } from "~/watch/watch-rules";
import type { Route } from "./+types/owner.watch-baseline";

export const meta: Route.MetaFunction = () => [
  { title: `Baseline photos | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const GONE = "There is no such plan.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const found = await baselineDesk(db, params.id);
  if (!found) throw data(GONE, { status: 404 });
  return {
    planId: found.plan.id,
    address: found.plan.address,
    ended: found.plan.status === "ended",
    photoKey: randomUUID(),
    items: found.items.map((i) => ({ id: i.id, area: i.area, label: i.label })),
    photos: found.photos.map((p) => ({
      id: p.id,
      itemId: p.itemId,
      src: watchPhotoPath(watchPhotoFileName(p.id, "small")),
      href: watchPhotoPath(watchPhotoFileName(p.id, "large")),
      caption: photoCaption(p.takenFrom, formatDateTime(p.takenAt)),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The photo script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (wantsJson(request) ? requireOwnerOr401 : requireOwner)(request, context);
  if (!isId(params.id)) throw data(GONE, { status: 404 });
  if (formContentKind(request) !== "multipart") return data({ error: "Choose a photo to add." }, { status: 400 });
  const answer = await receiveWatchPhoto(request, db, actor, { planId: params.id }, watchBaselinePath(params.id));
  if (answer instanceof Response) return answer;
  return data({ error: answer.error }, { status: answer.status });
}

export default function WatchBaseline({ loaderData: d, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
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
      <h1 className="text-2xl font-bold text-navy-900">Baseline photos</h1>
      <p className="mt-1">
        {d.address}. How each item should look; the report shows it beside a visit&apos;s photo of an Issue. Up to{" "}
        {MAX_ITEM_PHOTOS} per item.
      </p>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {d.ended ? <p className="mt-4">This plan has ended: it takes no more photos.</p> : null}
      {AREAS.map((area) => {
        const items = d.items.filter((i) => i.area === area);
        if (items.length === 0) return null;
        return (
          <section key={area} aria-labelledby={`area-${area}`} className="mt-4 space-y-3">
            <h2 id={`area-${area}`} className="text-lg font-bold text-navy-900">
              {AREA_LABELS[area]}
            </h2>
            {items.map((item) => (
              <div key={item.id} className="rounded-lg border border-slate-300 bg-white p-3">
                <h3 className="font-semibold text-navy-900">{item.label}</h3>
                <ItemPhotos
                  itemId={item.id}
                  label={item.label}
                  photos={d.photos.filter((p) => p.itemId === item.id)}
                  pagePath={watchBaselinePath(d.planId)}
                  uploadKey={`${d.photoKey}-${item.id}`}
                  locked={d.ended}
                  onSending={() => undefined}
                  onStored={() => void revalidator.revalidate()}
                />
              </div>
            ))}
          </section>
        );
      })}
    </>
  );
}
