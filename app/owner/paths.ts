/**
 * Addresses of the owner's desk. Shared by the server entry, the routes and the browser: nothing
 * here may reach for Node.
 */

export const DESK_HOME = "/owner";

/**
 * The desk's service worker (public/owner/service-worker.js). Its file sits in /owner/, but it
 * serves the whole desk, /owner itself included: the server allows that wider scope.
 */
export const SERVICE_WORKER_PATH = "/owner/service-worker.js";
export const SERVICE_WORKER_SCOPE = "/owner";

/** True for every spelling the router sends to the desk (it ignores letter case and a trailing slash). */
export function isDeskPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: the router will refuse it too; judge it as written.
  }
  return /^\/+owner(?:[/.]|$)/i.test(decoded.replace(/\\/g, "/"));
}

/**
 * Where to go after signing in: a desk address, and nothing else. A `next` pointing at another
 * host would make the sign-in page a way to send the owner anywhere with our name on the link.
 */
export function safeNext(raw: string | null | undefined): string {
  const value = raw ?? "";
  if (!/^\/owner(?:[/?]|$)/.test(value) || /[\\\s]/.test(value) || value.includes("//")) return DESK_HOME;
  return value;
}

export function signInPath(next?: string, again = false): string {
  const params = new URLSearchParams();
  if (next && safeNext(next) !== DESK_HOME) params.set("next", safeNext(next));
  if (again) params.set("again", "1");
  const query = params.toString();
  return `/owner/sign-in${query ? `?${query}` : ""}`;
}

export const leadPath = (id: string) => `/owner/leads/${id}`;
export const photoPath = (leadId: string, photoId: string) => `/owner/leads/${leadId}/photos/${photoId}`;
export const quotePath = (leadId: string) => `/owner/leads/${leadId}/quote`;
export const contractDocumentPath = (leadId: string, documentId: string) =>
  `/owner/leads/${leadId}/documents/${documentId}`;
export const jobsPath = "/owner/jobs";
export const jobPath = (id: string) => `/owner/jobs/${id}`;
/** The job page's money forms post here: see `routes/owner.job-money.ts`. */
export const jobMoneyPath = (id: string) => `/owner/jobs/${id}/money`;
/** The lead page's visit forms post here: see `routes/owner.lead-visit.ts`. */
export const leadVisitPath = (id: string) => `/owner/leads/${id}/visit`;
/** The lead page's release and delete forms post here: see `routes/owner.lead-record.ts`. */
export const leadRecordPath = (id: string) => `/owner/leads/${id}/record`;
/** A project's photo forms post here: see `routes/owner.project-photos.ts`. */
export const projectPhotosPath = (id: string) => `/owner/projects/${id}/photos`;
export const sitePath = "/owner/site";
/** The site page's closed-day forms post here: see `routes/owner.site-closed-days.ts`. */
export const closedDaysPath = `${sitePath}/closed-days`;
/** The business facts: phone, email, address, hours, their history. */
export const factsPath = `${sitePath}/facts`;
/** The FAQ's categories, each edited on its own page. */
export const faqEditorPath = `${sitePath}/faq`;
export const faqCategoryEditorPath = (category: string) => `${faqEditorPath}/${category}`;
/** A service page's words and questions. */
export const servicePageEditorPath = (slug: string) => `${sitePath}/services/${slug}`;
/** An article's words, sections and blocks. */
export const articleEditorPath = (slug: string) => `${sitePath}/articles/${slug}`;
/** 'Write a new article' posts here: see `routes/owner.site-article-new.ts`. */
export const newArticlePath = `${sitePath}/articles/new`;
/** A written page's history ('Restore') and draft ('Discard') post here: see `routes/owner.site-page-versions.ts`. */
export const pageVersionsPath = (kind: string, name: string) => `${sitePath}/pages/${kind}/${name}`;
/** The real page drawn from a written page's draft. */
export const pagePreviewPath = (kind: string, name: string) => `${sitePath}/preview/${kind}/${name}`;
/** The same, 1280 px wide in a frame on the desk. */
export const widePreviewPath = (kind: string, name: string) => `${sitePath}/preview-wide/${kind}/${name}`;
/** 'Take this article off the site' posts here: see `routes/owner.site-article-take-down.ts`. */
export const articleTakeDownPath = (slug: string) => `${articleEditorPath(slug)}/take-down`;
export const watchPath = "/owner/watch";
export const watchPlanPath = (id: string) => `${watchPath}/${id}`;
export const watchVisitPath = (id: string) => `${watchPath}/visits/${id}`;
/** Where the visit screen's script sends each entry, answered in JSON. */
export const watchVisitEntriesPath = (id: string) => `${watchVisitPath(id)}/entries`;
/** An item's baseline photos on the plan. */
export const watchBaselinePath = (planId: string) => `${watchPlanPath(planId)}/baseline`;
/** A plan page's money forms post here: see `routes/owner.watch-money.ts`. */
export const watchMoneyPath = (planId: string) => `${watchPlanPath(planId)}/money`;
/** A home watch photo's file, for the signed-in owner. */
export const watchPhotoPath = (fileName: string) => `${watchPath}/photos/${fileName}`;
export const deskProjectsPath = "/owner/projects";
export const deskProjectPath = (id: string) => `${deskProjectsPath}/${id}`;
