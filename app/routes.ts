import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { aliases } from "./route-registry";

// Each alias renders its primary page's module under its own route id; the page reads the canonical
// path from `route-registry.ts`, so search engines see one address per page.
const aliasRoutes = Object.entries(aliases).map(([alias, primary]) =>
  route(alias.slice(1), primary === "/faq" ? "routes/faq.tsx" : "routes/service-page.tsx", { id: `alias${alias}` }),
);

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service-page.tsx"),
  route("estimate", "routes/estimate.tsx"),
  route("faq", "routes/faq.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/article.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("contact", "routes/contact.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("visit/:token", "routes/visit.tsx"),
  route("quote/:token", "routes/quote.tsx"),
  route("job/:token", "routes/job.tsx"),
  route("review/:token", "routes/review.tsx"),
  route("reviews", "routes/reviews.tsx"),
  // Finished projects: the lists (every filter and page an address of its own), a photo, a project.
  // One route for the lists beyond /projects (page/2, service/<slug>, town/<slug>, and their pages):
  // every route adds to the manifest each page's start-up script carries.
  route("projects", "routes/projects.tsx"),
  route("projects/*", "routes/projects.tsx", { id: "projects-lists" }),
  route("projects/photos/:name", "routes/project-photo.ts"),
  route("projects/:slug", "routes/project.tsx"),
  route("api/estimate", "routes/api.estimate.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  // The owner's desk: server-rendered only, never prerendered, kept out of the sitemap.
  route("owner", "routes/owner.tsx", [
    index("routes/owner._index.tsx"),
    route("sign-in", "routes/owner.sign-in.tsx"),
    route("setup", "routes/owner.setup.tsx"),
    route("account", "routes/owner.account.tsx"),
    route("quarantine", "routes/owner.quarantine.tsx"),
    route("subscribers", "routes/owner.subscribers.tsx"),
    route("leads/:id", "routes/owner.lead.tsx"),
    route("stats", "routes/owner.stats.tsx"),
    route("site", "routes/owner.site.tsx"),
    route("site/contract", "routes/owner.site-contract.tsx"),
    route("leads/:id/quote", "routes/owner.quote.tsx"),
    route("jobs", "routes/owner.jobs.tsx"),
    route("jobs/:id", "routes/owner.job.tsx"),
    route("reviews", "routes/owner.reviews.tsx"),
    route("projects", "routes/owner.projects.tsx"),
    route("projects/:id", "routes/owner.project.tsx"),
  ]),
  route("owner/digest", "routes/owner.digest.ts"),
  route("owner/leads/:id/photos/:photoId", "routes/owner.photo.ts"),
  route("owner/leads/:id/documents/:documentId", "routes/owner.contract-document.ts"),
  route("job/:token/documents/:documentId", "routes/job-document.ts"),
  route("job/:token/photos/:file", "routes/job-photo.ts"),
  route("owner/jobs/:id/photos", "routes/owner.job-photos.ts"),
  route("owner/jobs/:id/photos/:file", "routes/owner.job-photo.ts"),
  route("owner/jobs/:id/link", "routes/owner.job-link.ts"),
  route("owner/projects/:id/photos", "routes/owner.project-photos.ts"),
  route("owner/export/leads.csv", "routes/owner.export-leads.ts"),
  route("owner/export/subscribers.csv", "routes/owner.export-subscribers.ts"),
  route("owner/export/invoices.csv", "routes/owner.export-invoices.ts"),
  route("owner/export/payments.csv", "routes/owner.export-payments.ts"),
  route("owner/records/:documentId", "routes/owner.kept-record.ts"),
  route("owner/passkey", "routes/owner.passkey.ts"),
  route("owner/sign-out", "routes/owner.sign-out.ts"),
  route("owner/manifest.webmanifest", "routes/owner.manifest.ts"),
  ...aliasRoutes,
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
