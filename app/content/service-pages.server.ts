/**
 * The service pages: `content/services/<slug>.md`, read and checked when the server bundle loads,
 * and read again with each publish of the business facts, which their copy quotes (`{phone}`). At
 * build time the prerenderer is its first user, so a broken file stops the build with the file and
 * the field named; a publish whose facts would break a page is refused before it lands
 * (`facts/facts-content.server.ts`). (Links and pictures, which the rest of the site must have, are checked by
 * the build's content step: `scripts/content-links.ts`.) The copy reaches the browser only
 * through each page's loader data.
 */
import { firstFacts, type BusinessFacts, type WeekHours } from "./business-facts";
import { contentPath } from "./markdown";
import { parseServicePage, type ServicePage } from "./service-page-schema";
import { serviceSlugs, type ServiceSlug } from "./services";
import { perFacts, readWithFacts } from "./tokens";

const sources = import.meta.glob<string>("./services/*.md", { query: "?raw", import: "default", eager: true });

/** The facts copy is read with: the published ones, and the week's hours in force. */
export interface FactsInForce {
  facts: BusinessFacts;
  week: WeekHours;
}

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

const first: FactsInForce = { facts: firstFacts, week: firstFacts.hours };
const pagesFor = perFacts((inForce: FactsInForce) => readWithFacts(inForce.facts, inForce.week, load));
// Read once as the bundle loads: a broken file stops the build (and the server's start) at once.
pagesFor(first);

export function getServicePage(slug: ServiceSlug, inForce: FactsInForce = first): ServicePage {
  const page = pagesFor(inForce).get(slug);
  // load() has checked that every service has its file.
  if (!page) throw new Error(`No content for the service ${slug}`);
  return page;
}
