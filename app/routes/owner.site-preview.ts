/**
 * /owner/site/preview/:kind/:name: the real public page rendered from a page's saved draft, for
 * the signed-in owner only: the service page, /faq with the category's draft, or the article, with
 * every list and structured data it feeds, exactly as publishing the draft would show it. Nothing is
 * stored or cached, search engines are told to keep out (as on every desk address), and the page
 * runs no script: it is
 * looked at, at the phone's width or a wide screen's, then the owner goes back to the editor.
 */
import { currentFacts } from "~/facts/facts-source.server";
import { escapeHtml } from "~/infra/mail-format.server";
import { requireOwner } from "~/owner/sessions.server";
import { renderPublicPage } from "~/server/live.server";
import { pageProblems } from "~/site-pages/copy-check.server";
import { readDraft } from "~/site-pages/page-drafts.server";
import { draftFile, isPageKind, pageEditorPath, pageExists, publicPagePath } from "~/site-pages/page-editors.server";
import { liveFiles, withDraftPage } from "~/site-pages/site-pages-source.server";
import { draftPhotos } from "~/site-pages/site-photos-source.server";
import { formatDateTime } from "~/time/business-time";
import type { Route } from "./+types/owner.site-preview";

const PREVIEW_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  // Framed by the desk's wide preview only.
  "X-Frame-Options": "SAMEORIGIN",
  // The page's own pictures and styles; no script runs in a preview, and only the desk may frame it.
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
};

/** A short desk page when there is no page to show: no draft, or one that does not read yet. */
function message(status: number, title: string, text: string, editor: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(editor)}">Back to the editor</a></p></main></body></html>`;
  return new Response(html, { status, headers: PREVIEW_HEADERS });
}

// Every script but structured data, which is the page's too and runs nothing.
const SCRIPT = /<script\b(?![^>]*type="application\/ld\+json")[\s\S]*?<\/script>/gi;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/gi;

/** The rendered page as a preview: no script, kept out of search, a banner saying whose draft it is. */
function asPreview(html: string, banner: string): string {
  return (
    html
      .replace(SCRIPT, "")
      .replace(MODULE_PRELOAD, "")
      .replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow">')
      // At the top of the page's main content, after the skip link that leads to it.
      .replace(/(<main\b[^>]*>)/, `$1${banner}`)
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const { kind, name } = params;
  if (!isPageKind(kind) || !(await pageExists(db, kind, name))) throw new Response("No such page.", { status: 404 });
  const editor = pageEditorPath(kind, name);
  const draft = await readDraft(db, kind, name);
  if (!draft) return message(404, "No draft to preview", "Save a draft on the editor, then preview it here.", editor);
  const markdown = await draftFile(db, kind, name, draft.fields, new Date());
  const problems = pageProblems(kind, { ...liveFiles(kind), [name]: markdown }, currentFacts());
  if (problems.length)
    return message(
      422,
      "The draft cannot be shown yet",
      `It would not publish as it is: ${problems.join("; ")}. Correct it on the editor and save it again.`,
      editor,
    );
  const photos = await draftPhotos(db, markdown);
  const rendered = withDraftPage({ kind, name, markdown, photos }, () => renderPublicPage(publicPagePath(kind, name)));
  if (!rendered)
    return message(503, "No preview here", "The preview is drawn by the built server (npm start).", editor);
  const page = await rendered;
  const banner =
    `<section aria-label="Draft preview" class="bg-sunset-500 px-4 py-3 text-navy-950"><p class="mx-auto max-w-7xl font-semibold">` +
    `Preview of the draft saved by ${escapeHtml(draft.savedBy)} on ${escapeHtml(formatDateTime(draft.savedAt))}: ` +
    `not on the site until it is published. <a class="underline" href="${escapeHtml(editor)}">Back to the editor</a></p></section>`;
  return new Response(asPreview(await page.text(), banner), { status: page.status, headers: PREVIEW_HEADERS });
}
