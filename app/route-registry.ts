/**
 * Every public URL of the site, with what the sitemap says about it.
 *
 * `react-router.config.ts` prerenders these pages and `seo/sitemap.server.ts` publishes them;
 * `app/routes.ts` takes its aliases from here, and a test holds every other route of it to this
 * list: each page without parameters is in the sitemap, is an alias, or is named in
 * `unlistedRoutes` with the reason it is left out. Aliases render the same module as their primary
 * page and point their canonical link at it.
 */
import { services, type ServiceSlug } from "./content/services";

export type ChangeFrequency = "daily" | "weekly" | "monthly" | "yearly";

export interface SitemapEntry {
  path: string;
  changefreq: ChangeFrequency;
  priority: number;
  /** ISO date of the content's last change, when the content has one */
  lastmod?: string;
}

export const servicePath = (slug: ServiceSlug) => `/services/${slug}` as const;
export const articlePath = (slug: string) => `/blog/${slug}`;

/** Pages listed in the sitemap, in the order a visitor would meet them; `seo/sitemap.server.ts` adds the articles. */
export const sitemapEntries: readonly SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: 1.0 },
  { path: "/services", changefreq: "monthly", priority: 0.9 },
  ...services.map((service): SitemapEntry => ({
    path: servicePath(service.slug),
    changefreq: "monthly",
    priority: service.primary ? 0.9 : 0.8,
  })),
  { path: "/estimate", changefreq: "yearly", priority: 0.8 },
  { path: "/faq", changefreq: "monthly", priority: 0.7 },
  { path: "/blog", changefreq: "weekly", priority: 0.7 },
  { path: "/reviews", changefreq: "weekly", priority: 0.7 },
  { path: "/projects", changefreq: "weekly", priority: 0.8 },
  { path: "/privacy", changefreq: "yearly", priority: 0.6 },
];

/**
 * The pages and endpoints that take a form post, grouped by the action they perform. Each group
 * shares one rate-limit budget per client, whichever of its addresses a post is sent to. A `:name`
 * segment stands for any one segment.
 */
export const formActions = {
  estimate: ["/estimate", "/api/estimate"],
  newsletter: ["/newsletter", "/api/newsletter"],
  // A visit link's confirmation: a token is unguessable, but each guess still costs a lookup.
  visit: ["/visit/:token"],
  // A quote's link: accepting, cancelling and updating the total all post here.
  quote: ["/quote/:token"],
  // A job's page: signing or declining a change order.
  job: ["/job/:token"],
  // A homeowner's review (or the one-click unsubscribe from the request's email).
  review: ["/review/:token"],
  // A home watch plan's link: accepting posts here.
  watch: ["/watch/:token"],
  // The desk's ways in: emailed codes, setup links and passkey ceremonies share one budget, so a
  // script cannot spread its guesses over the three.
  "owner-sign-in": ["/owner/sign-in", "/owner/setup", "/owner/passkey"],
} as const satisfies Record<string, readonly string[]>;

export type FormAction = keyof typeof formActions;

/**
 * The addresses whose path is a credential: what follows the prefix is the token of a link mailed
 * to a homeowner (a visit time, a quote, a job with its photos and documents, a review request, a
 * home watch plan),
 * and opens their name, contract, money and photos. Every log hides it: the server's request and
 * error logs (`infra/request-log.server.ts`) and nginx's access log (`deploy/nginx.conf`). A test
 * holds this list to every route with a `:token` segment, and nginx's map to this list. Links
 * that carry their token in the query (`?token=`: an owner's setup link, the newsletter's) need no
 * entry: no log keeps a query.
 */
export const TOKEN_PATH_PREFIXES = ["/visit/", "/quote/", "/job/", "/review/", "/watch/"] as const;

/** Old or short addresses that show a page of the site; the key is the alias, the value its primary path. */
export const aliases: Readonly<Record<string, ServicePathOrPage>> = {
  "/windows-and-doors": "/services/andersen-windows",
  "/decks-and-stairs": "/services/decks-and-stairs",
  "/bathroom": "/services/bathroom-renovations",
  "/testimonials": "/faq",
  "/ground-level-remodeling": "/services/ground-level-remodeling",
  "/outdoor-showers": "/services/outdoor-showers",
  "/carpentry": "/services/carpentry",
};

type ServicePathOrPage = ReturnType<typeof servicePath> | "/faq";

/** The primary path of a page reached at `pathname` (itself unless it is an alias). */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return aliases[trimmed] ?? trimmed;
}

/** Routes that are deliberately not in the sitemap, each with the reason. */
export const unlistedRoutes: Readonly<Record<string, string>> = {
  "/about-us": "redirects to the home page's about section",
  "/contact": "redirects to the home page's contact section",
  "/sitemap.xml": "a file for crawlers",
  "/robots.txt": "a file for crawlers",
  "/blog/rss.xml": "the blog's feed",
  "/newsletter": "answers the signup form posted without JavaScript",
  "/newsletter/confirm": "reached only from the confirmation email",
  "/newsletter/unsubscribe": "reached only from the newsletter's emails",
  "/visit/:token": "reached only from a site visit email; the link is a credential",
  "/quote/:token": "reached only from a quote email; the link is a credential",
  "/job/:token": "reached only from a job or accepted-quote email; the link is a credential",
  "/job/:token/documents/:documentId": "a job's contract PDFs, behind the same credential",
  "/job/:token/photos/:file": "a job's progress photos, behind the same credential",
  "/review/:token": "reached only from a review request email; the link is a credential",
  "/watch/:token": "reached only from a home watch plan's emails; the link is a credential",
  "/watch/:token/visits/:visitId": "a home watch visit's report, behind the plan's link",
  "/owner/reviews": "the desk: every review, hiding and replies",
  "/owner": "the owner's lead desk: signed-in, never indexed",
  "/owner/sign-in": "the desk's sign-in, for owners only",
  "/owner/setup": "reached only from a setup link printed by npm run owner",
  "/owner/account": "the desk: an owner's passkeys and sessions",
  "/owner/quarantine": "the desk: suspected spam",
  "/owner/subscribers": "the desk: newsletter subscribers",
  "/owner/stats": "the desk: the numbers",
  "/owner/site": "the desk: the notice and closed days the public site shows",
  "/owner/site/contract": "the desk: the contract facts form, also shown on the Site page",
  "/owner/site/facts": "the desk: the business facts (phone, email, address, hours) and their history",
  "/owner/site/faq": "the desk: the FAQ's categories, each to edit",
  "/owner/site/closed-days": "the desk: where the Site page's closed-day forms post; a visit goes to the Site page",
  "/owner/site/photos": "the desk: where the page editors' script sends a photo; a visit goes to the Site page",
  "/owner/site/articles/new": "the desk: where the Site page's new-article form posts; a visit goes to the Site page",
  "/owner/projects": "the desk: finished projects, drafts and published",
  "/owner/jobs": "the desk: jobs scheduled, under way and done, beside the site visits",
  "/owner/watch": "the desk: home watch plans and the requests waiting for one",
  "/owner/digest": "the desk's switch for the morning digest, not a page",
  "/owner/account/name": "the account page's form for the owner's name on reports, not a page",
  "/owner/export/leads.csv": "the desk's download of the leads",
  "/owner/export/subscribers.csv": "the desk's download of the subscribers",
  "/owner/export/invoices.csv": "the desk's download of a year's invoices, for the accountant",
  "/owner/export/payments.csv": "the desk's download of a year's payments, for the accountant",
  "/owner/passkey":
    "the desk's passkey endpoint for scripts, not a page; Add passkey posted without one is sent back to the Account page",
  "/owner/sign-out": "the desk's sign-out endpoint, not a page",
  "/owner/manifest.webmanifest": "the desk's web-app manifest",
  ...Object.fromEntries(
    Object.values(formActions)
      .flat()
      .filter((path) => path.startsWith("/api/"))
      .map((path) => [path, "a form's endpoint for scripts, not a page"]),
  ),
};

/**
 * Pages rendered to HTML at build time besides the articles (the build lists those from their files):
 * the sitemap's pages, the aliases and the pages kept out of the sitemap.
 */
export const prerenderedPaths: readonly string[] = [
  ...sitemapEntries.map((e) => e.path),
  ...Object.keys(aliases),
  "/about-us",
  "/sitemap.xml",
  "/robots.txt",
  "/blog/rss.xml",
];
