/**
 * The service pages: `content/services/<slug>.md`, read and checked when the server bundle loads.
 * At build time the prerenderer is its first user, so a broken file stops the build with the file
 * and the field named. The copy reaches the browser only through each page's loader data.
 */
import manifest from "../generated/image-manifest.json";
import { ContentError, contentPath, unknownLinks } from "./markdown";
import { parseServicePage, type ServicePage } from "./service-page-schema";
import { serviceSlugs, type ServiceSlug } from "./services";
import { sitePaths } from "./site-paths.server";

const sources = import.meta.glob<string>("./services/*.md", { query: "?raw", import: "default", eager: true });

/** What only the build knows: the pictures that exist and the pages links may lead to. */
function problemsWithSite(page: ServicePage): string[] {
  return page.sections.flatMap((section, i) => {
    if (section.kind === "questions") return unknownLinks(section.questions, sitePaths);
    if (section.kind !== "gallery") return [];
    return section.items
      .map((item, j) => ({ item, j }))
      .filter(({ item }) => !Object.hasOwn(manifest, item.image))
      .map(({ item, j }) => `sections.${i}.items.${j}.image: no picture named ${item.image} in images/src`);
  });
}

function load(): ReadonlyMap<ServiceSlug, ServicePage> {
  const pages = new Map<ServiceSlug, ServicePage>();
  for (const [key, source] of Object.entries(sources)) {
    const file = contentPath(key);
    const page = parseServicePage(file, source);
    const problems = problemsWithSite(page);
    if (problems.length) throw new ContentError(file, problems);
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
