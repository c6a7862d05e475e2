/**
 * The service pages: `content/services/<slug>.md`, read and checked when the server bundle loads,
 * and read again with each publish of their words or of the business facts their copy quotes
 * (`{phone}`). At build time the prerenderer is its first user, so a broken file stops the build
 * with the file and the field named; a publish that would break a page is refused before it lands.
 * (Links and pictures, which the rest of the site must have, are checked by the build's content
 * step: `scripts/content-links.ts`.) The copy reaches the browser only through each page's loader
 * data.
 */
import { firstFacts, type BusinessFacts, type WeekHours } from "./business-facts";
import { filesByName, type PageFiles } from "./markdown";
import { parseServicePage, type ServicePage } from "./service-page-schema";
import { serviceSlugs, type ServiceSlug } from "./services";
import { perCopyAndFacts, readWithFacts } from "./tokens";

/** The repository's service pages, by slug: what the build renders and the live layer starts from. */
export const serviceFiles: PageFiles = filesByName(
  import.meta.glob<string>("./services/*.md", { query: "?raw", import: "default", eager: true }),
);

/** The facts copy is read with: the published ones, and the week's hours in force. */
export interface FactsInForce {
  facts: BusinessFacts;
  week: WeekHours;
}

/** Where a service page's file lives, as the build's messages name it. */
export const servicePagePath = (slug: string) => `app/content/services/${slug}.md`;

function read(files: PageFiles): ReadonlyMap<ServiceSlug, ServicePage> {
  const pages = new Map<ServiceSlug, ServicePage>();
  for (const [name, source] of Object.entries(files)) {
    const page = parseServicePage(servicePagePath(name), source);
    pages.set(page.slug, page);
  }
  const missing = serviceSlugs.filter((slug) => !pages.has(slug));
  if (missing.length)
    throw new Error(`app/content/services/ has no file for ${missing.map((s) => `${s}.md`).join(", ")}`);
  return pages;
}

const first: FactsInForce = { facts: firstFacts, week: firstFacts.hours };
const pagesFor = perCopyAndFacts((files: PageFiles, inForce: FactsInForce) =>
  readWithFacts(inForce.facts, inForce.week, () => read(files)),
);
// Read once as the bundle loads: a broken file stops the build (and the server's start) at once.
pagesFor(serviceFiles, first);

/** A service page as `files` write it, with the facts in force put into its copy. */
export function getServicePage(
  slug: ServiceSlug,
  files: PageFiles = serviceFiles,
  inForce: FactsInForce = first,
): ServicePage {
  const page = pagesFor(files, inForce).get(slug);
  // read() has checked that every service has its file.
  if (!page) throw new Error(`No content for the service ${slug}`);
  return page;
}
