/**
 * The composition of the live layer (`app/live/`): every source of published content public pages
 * show, the files routes make that show it, and this process's one live site, which server.ts
 * starts before it opens its port and the scheduler polls (`jobs.server.ts`).
 */
import { closedDaysSource } from "~/closed-days/closed-days-source.server";
import { factsSource } from "~/facts/facts-source.server";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/settings/env.server";
import { startLiveSite as startLiveSiteOn, type LiveSite, type RefreshOutcome } from "~/live/live-site.server";
import type { RenderRequest } from "~/live/render-page.server";
import type { LiveSource } from "~/live/snapshot.server";
import { noticeSource } from "~/notices/notice-source.server";
import { projectsSource } from "~/projects/projects-source.server";
import { reviewSource } from "~/reviews/review-source.server";
import { sitePageSources } from "~/site-pages/site-pages-source.server";

/** Everything the owner publishes that public pages show. */
const liveSources: readonly LiveSource<unknown>[] = [
  factsSource,
  noticeSource,
  closedDaysSource,
  reviewSource,
  projectsSource,
  ...sitePageSources,
];

/** Files made by routes that may show published content, rendered again with the pages. */
const liveResources: readonly string[] = ["/sitemap.xml", "/blog/rss.xml"];

const LIVE_KEY = "__causewayLiveSite";
const RENDER_KEY = "__causewayLiveRender";
const liveShared = globalThis as typeof globalThis & { [LIVE_KEY]?: LiveSite; [RENDER_KEY]?: RenderRequest };

/**
 * Starts keeping the public pages in step with the database and renders them once from it; rejects
 * when the database cannot be opened or migrated. A failed first render leaves the build's pages in
 * place, and the poll tries again.
 */
export async function startLiveSite(options: {
  /** Absent in development, where pages render per request and only the snapshot is kept. */
  render?: RenderRequest;
  pages: readonly string[];
  builtBody(urlPath: string): Buffer | undefined;
  chatOrigin: string;
}): Promise<void> {
  if (liveShared[LIVE_KEY]) return;
  const handle = await getDatabase();
  const site = startLiveSiteOn({
    ...options,
    db: handle.db,
    databaseUrl: handle.dialect === "postgres" ? getEnv().databaseUrl : undefined,
    sources: liveSources,
    resources: liveResources,
  });
  liveShared[LIVE_KEY] = site;
  liveShared[RENDER_KEY] = options.render;
  await site.refresh();
}

/** One poll of the version, for the scheduler; nothing when no live site runs (the tests' harness). */
export async function refreshLiveSite(): Promise<RefreshOutcome | undefined> {
  return liveShared[LIVE_KEY]?.refresh();
}

export async function stopLiveSite(): Promise<void> {
  const site = liveShared[LIVE_KEY];
  liveShared[LIVE_KEY] = undefined;
  await site?.stop();
}

/** The live answer for a URL path, when what the owner published changed it. */
export function liveFile(urlPath: string) {
  return liveShared[LIVE_KEY]?.file(urlPath);
}

/**
 * Renders a public page through the server build, as the live layer does, for the desk's preview of
 * a draft; undefined in development, where no build renders.
 */
export function renderPublicPage(path: string): Promise<Response> | undefined {
  return liveShared[RENDER_KEY]?.(new Request(`http://localhost${path}`));
}
