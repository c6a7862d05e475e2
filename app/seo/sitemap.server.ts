/** /sitemap.xml and /robots.txt, from the same route registry the router is built from. */
import { absoluteUrl } from "~/settings/site";
import { liveFacts } from "~/facts/facts-source.server";
import { liveArticles } from "~/site-pages/site-pages-source.server";
import { readLive } from "~/live/snapshot.server";
import { dayOf } from "~/time/business-time";
import { projectListPages, projectPath } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import { articlePath, sitemapEntries, type SitemapEntry } from "~/route-registry";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The published projects' pages, each with the day it last changed; the lists beyond /projects without. */
function projectEntries(): SitemapEntry[] {
  const projects = readLive(projectsSource);
  const own = new Set(projects.map((p) => projectPath(p.slug)));
  return [
    ...projects.map((p): SitemapEntry => ({
      path: projectPath(p.slug),
      changefreq: "yearly",
      priority: 0.7,
      lastmod: p.updatedAt.slice(0, 10),
    })),
    ...projectListPages(projects)
      .filter((path) => !own.has(path))
      .map((path): SitemapEntry => ({ path, changefreq: "weekly", priority: 0.5 })),
  ];
}

/**
 * Every page shows the business facts (the header's phone, the footer's hours), so a publish of
 * them changes every page: its day is each page's last change when it is later than the page's own.
 */
function withFactsDay(entries: SitemapEntry[]): SitemapEntry[] {
  const publishedAt = liveFacts().publishedAt;
  if (!publishedAt) return entries;
  const day = dayOf(new Date(publishedAt));
  return entries.map((e) => (e.lastmod && e.lastmod >= day ? e : { ...e, lastmod: day }));
}

export function allSitemapEntries(): SitemapEntry[] {
  return withFactsDay(ownSitemapEntries());
}

function ownSitemapEntries(): SitemapEntry[] {
  const articles = liveArticles();
  const newest = articles.reduce((latest, a) => (a.dateModified > latest ? a.dateModified : latest), "");
  const newestProject = readLive(projectsSource)
    .reduce((l, p) => (p.updatedAt > l ? p.updatedAt : l), "")
    .slice(0, 10);
  return [
    ...sitemapEntries.map((e) =>
      e.path === "/blog" && newest
        ? { ...e, lastmod: newest }
        : e.path === "/projects" && newestProject
          ? { ...e, lastmod: newestProject }
          : e,
    ),
    ...articles.map((a): SitemapEntry => ({
      path: articlePath(a.slug),
      changefreq: "yearly",
      priority: 0.6,
      lastmod: a.dateModified,
    })),
    ...projectEntries(),
  ];
}

export function sitemapXml(): string {
  const urls = allSitemapEntries()
    .map((e) =>
      [
        "  <url>",
        `    <loc>${escapeXml(absoluteUrl(e.path))}</loc>`,
        e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>` : "",
        `    <changefreq>${e.changefreq}</changefreq>`,
        `    <priority>${e.priority.toFixed(1)}</priority>`,
        "  </url>",
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  // The desk answers only owners and says noindex anyway; this keeps polite crawlers from asking.
  return `User-agent: *\nAllow: /\nDisallow: /owner\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
}
