/**
 * /owner/site/preview-wide/:kind/:name: a page's draft as a wide screen shows it, on the desk: the
 * preview drawn 1280 px wide in a frame the phone pans across, so the owner sees the page's wide
 * layout (its columns, its cards side by side) from the phone too. The preview itself, at the
 * phone's own width, is a tap away.
 */
import { data, Link } from "react-router";
import { profile } from "~/content/profile";
import { pagePreviewPath } from "~/owner/paths";
import { requireOwner } from "~/owner/sessions.server";
import { isPageKind, pageEditorPath, pageExists } from "~/site-pages/page-editors.server";
import type { Route } from "./+types/owner.site-preview-wide";

export const meta: Route.MetaFunction = () => [
  { title: `Draft preview, wide | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

/** The width a laptop's window gives the page. */
const WIDE_PX = 1280;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const { kind, name } = params;
  if (!isPageKind(kind) || !(await pageExists(db, kind, name))) throw data("No such page.", { status: 404 });
  return { editor: pageEditorPath(kind, name), preview: pagePreviewPath(kind, name) };
}

export default function WidePreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to={loaderData.editor} className="inline-flex min-h-11 items-center font-semibold text-sea-700 underline">
          Back to the editor
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">Draft preview, wide</h1>
      <p className="mt-1">
        {`The draft as a ${WIDE_PX} px wide screen shows it. Pan across the frame to see all of it, or `}
        <a href={loaderData.preview} className="font-semibold text-sea-700 underline">
          see it at this screen&apos;s width
        </a>
        .
      </p>
      <div
        className="mt-4 max-h-[70vh] overflow-auto rounded-xl border border-slate-300"
        tabIndex={0}
        role="region"
        aria-label="Wide preview"
      >
        <iframe
          src={loaderData.preview}
          title="The draft at a wide screen's width"
          width={WIDE_PX}
          height={1600}
          className="block max-w-none"
        />
      </div>
    </>
  );
}
