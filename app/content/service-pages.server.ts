/**
 * The service pages: `content/services/<slug>.md`, read and checked when the server bundle loads.
 * At build time the prerenderer is its first user, so a broken file stops the build with the file
 * and the field named. (Links and pictures, which the rest of the site must have, are checked by
 * the build's content step: `scripts/content-links.ts`.) The copy reaches the browser only
 * through each page's loader data.
 */
import { contentPath } from "./markdown";
import { parseServicePage, type ServicePage } from "./service-page-schema";
import { serviceSlugs, type ServiceSlug } from "./services";

const sources = import.meta.glob<string>("./services/*.md", { query: "?raw", import: "default", eager: true });

function load(): ReadonlyMap<ServiceSlug, ServicePage> {
  const pages = new Map<ServiceSlug, ServicePage>();
  for (const [key, source] of Object.entries(sources)) {
    const file = contentPath(key);
    const page = parseServicePage(file, source);
    pages.set(page.slug, page);
  }
  const missing = serviceSlugs.filter((slug) => !pages.has(slug));
  if (missing.length)
    throw new Error(`app/content/services/ has no file for ${missing.map((s) => `${s}.md`).join(", ")}`);
  return pages;
}

const pages = load();

export function getServicePage(slug: ServiceSlug): ServicePage {
  const page = pages.get(slug);
  // load() has checked that every service has its file.
  if (!page) throw new Error(`No content for the service ${slug}`);
  return page;
}
