/**
 * /watch/:token/visits/:visitId: a home watch visit's report, behind the plan's link. The date,
 * when we arrived and left, who checked, the summary (anything found or not), then every item
 * with its result and note, Issues first with what happens next. Plain HTML: it reads in full
 * without JavaScript and prints on one or two pages.
 */
import { data, Link } from "react-router";
import { PhoneLink } from "~/components/layout/phone-link";
import { BackToHomePage, DeadLinkNotice } from "~/components/sections/token-link-page";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import type { ShownReportPhoto } from "~/watch/visit-report";
import { watchReport } from "~/watch/visit-report.server";
import type { Route } from "./+types/watch-report";

export const meta: Route.MetaFunction = () => [
  { title: `Home watch report | ${profile.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = tokenLinkHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const report = await watchReport(db, params.token, params.visitId);
  return data(report, { status: report.state === "gone" ? report.status : 200 });
}

/** An item's photos, each opening its larger copy, with the time it was taken (or arrived). */
function PhotoColumn({ title, photos }: { title: string | null; photos: ShownReportPhoto[] }) {
  return (
    <div className="mt-2">
      {title ? <p className="text-sm font-semibold text-navy-900">{title}</p> : null}
      {photos.length === 0 ? <p className="text-sm text-slate-700">No photo.</p> : null}
      {/* Figures, not a list: the report's list holds the items, one entry each. */}
      <div className="mt-1 flex flex-wrap gap-2">
        {photos.map((photo) => (
          <figure key={photo.src} className="max-w-80">
            <a href={photo.href}>
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="h-auto w-full rounded border border-slate-300"
              />
            </a>
            <figcaption className="text-sm text-slate-700">{photo.caption}</figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}

export default function WatchReport({ loaderData: view }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      {view.state === "report" ? (
        <>
          <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Home watch report</h1>
          <p className="mt-1 text-lg">{view.address}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">Date</dt>
            <dd>
              {view.day} ({view.kind.toLowerCase()})
            </dd>
            <dt className="font-semibold">Arrived</dt>
            <dd>{view.arrived}</dd>
            <dt className="font-semibold">Left</dt>
            <dd>{view.left}</dd>
            <dt className="font-semibold">Checked by</dt>
            <dd>{view.checkedBy}</dd>
          </dl>
          <p
            className={`mt-6 rounded-lg border p-4 text-lg font-bold ${view.issues > 0 ? "border-red-800 text-red-800" : "border-navy-800 text-navy-900"}`}
          >
            {view.summary}
          </p>
          <h2 id="checked-heading" className="mt-8 text-xl font-bold text-navy-900">
            What we checked
          </h2>
          <ul aria-labelledby="checked-heading" className="mt-2 divide-y divide-slate-200 border-y border-slate-300">
            {view.lines.map((line) => (
              <li key={line.label} className="py-3 break-inside-avoid">
                <p className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-semibold break-words">{line.label}</span>
                  <span className={line.issue ? "font-bold text-red-800" : "text-slate-700"}>{line.result}</span>
                </p>
                {line.note ? <p className="mt-1 break-words whitespace-pre-line">{line.note}</p> : null}
                {line.next ? <p className="mt-1 font-semibold">Next: {line.next}.</p> : null}
                {line.baseline.length > 0 ? (
                  <div className="mt-2 grid grid-cols-2 gap-3">
                    <PhotoColumn title="Baseline" photos={line.baseline} />
                    <PhotoColumn title="This visit" photos={line.photos} />
                  </div>
                ) : line.photos.length > 0 ? (
                  <PhotoColumn title={null} photos={line.photos} />
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-8 print:hidden">
            <Link to={view.planPath} className="inline-flex min-h-11 items-center font-medium text-sea-600 underline">
              Your plan and every report
            </Link>
          </p>
        </>
      ) : (
        <DeadLinkNotice title="This link does not work">
          <p className="mt-4 text-lg">
            If you are looking for a home watch report, call <PhoneLink /> or reply to our email.
          </p>
        </DeadLinkNotice>
      )}
      <BackToHomePage />
    </div>
  );
}
