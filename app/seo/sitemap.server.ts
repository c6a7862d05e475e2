/** /sitemap.xml and /robots.txt, from the same route registry the router is built from. */
import { absoluteUrl } from "~/config";
import { articles } from "~/content/articles.server";
import { articlePath, sitemapEntries, type SitemapEntry } from "~/route-registry";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function allSitemapEntries(): SitemapEntry[] {
  const newest = articles.reduce((latest, a) => (a.dateModified > latest ? a.dateModified : latest), "");
  return [
    ...sitemapEntries.map((e) => (e.path === "/blog" && newest ? { ...e, lastmod: newest } : e)),
    ...articles.map((a): SitemapEntry => ({
      path: articlePath(a.slug),
      changefreq: "yearly",
      priority: 0.6,
      lastmod: a.dateModified,
    })),
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
