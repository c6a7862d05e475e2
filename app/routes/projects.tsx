/**
 * /projects and its lists: every published project newest first, twelve a page, or those of one
 * service (/projects/service/:service) or one town (/projects/town/:town). Filters and pages are
 * plain links to addresses of their own, each rendered once per change by the live layer.
 */
import { data, Link } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { readLive } from "~/live/snapshot.server";
import { CARD_SIZES, ProjectGrid } from "~/projects/project-cards";
import { filterChoices, filtered, filterPath, pageCount, pageOf, type ProjectFilter } from "~/projects/project-listing";
import { projectPhotoPreload } from "~/projects/project-picture";
import { projectsSource } from "~/projects/projects-source.server";
import { breadcrumbJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/projects";

const notFound = () => data("Page not found", { status: 404, statusText: "Not Found" });

const SEGMENT = "[a-z0-9]+(?:-[a-z0-9]+)*";
const LIST = new RegExp(`^(?:(service|town)/(${SEGMENT}))?(?:(?:^|/)page/([^/]+))?$`);

/** The list a path under /projects/ names ("service/carpentry/page/2"); undefined for any other path. */
function listOf(rest: string | undefined): { filter: ProjectFilter; pageParam?: string } | undefined {
  if (rest === undefined || rest === "") return { filter: { kind: "all" } };
  const match = LIST.exec(rest);
  if (!match) return undefined;
  const [, kind, slug, page] = match;
  if (!kind && page === undefined) return undefined;
  const filter: ProjectFilter = kind === "service" || kind === "town" ? { kind, slug: slug ?? "" } : { kind: "all" };
  return { filter, pageParam: page };
}

export async function loader({ params }: Route.LoaderArgs) {
  const projects = readLive(projectsSource);
  const choices = filterChoices(projects);
  const list = listOf(params["*"]);
  if (!list) throw notFound();
  const { filter, pageParam } = list;
  const page = pageParam === undefined ? 1 : /^[1-9]\d{0,3}$/.test(pageParam) ? Number(pageParam) : NaN;
  const shown = filtered(projects, filter);
  const pages = pageCount(shown.length);
  // Page 1 has one address only; a filter nobody can reach is no page.
  if (!Number.isInteger(page) || page > pages || pageParam === "1") throw notFound();
  if (filter.kind !== "all" && shown.length === 0) throw notFound();
  const label =
    filter.kind === "service"
      ? (choices.services.find((s) => s.slug === filter.slug)?.title ?? "")
      : filter.kind === "town"
        ? (choices.towns.find((t) => t.slug === filter.slug)?.title ?? "")
        : "";
  const heading =
    filter.kind === "service" ? `${label} projects` : filter.kind === "town" ? `Projects in ${label}` : "Our projects";
  const path = filterPath(filter, page);
  const onPage = pageOf(shown, page);
  const first = onPage[0]?.photos[0];
  const seo = pageMeta({
    title: page > 1 ? `${heading}, page ${page}` : heading,
    description:
      "Finished home repair and renovation jobs on Long Beach Island and nearby, with photos: bathrooms, decks and stairs, windows, carpentry and more.",
    path,
    jsonLd: [breadcrumbJsonLd([{ name: "Projects", path: "/projects" }])],
  });
  return {
    heading,
    filter,
    page,
    pages,
    projects: onPage,
    choices,
    seo: first ? [...seo, projectPhotoPreload(first, CARD_SIZES)] : seo,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

function FilterLinks({
  title,
  items,
  current,
  kind,
}: {
  title: string;
  items: { slug: string; title: string; count: number }[];
  current: ProjectFilter;
  kind: "service" | "town";
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-slate-700 uppercase">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => {
          const active = current.kind === kind && current.slug === item.slug;
          return (
            <li key={item.slug}>
              <Link
                to={filterPath({ kind, slug: item.slug })}
                aria-current={active ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 ${active ? "border-navy-800 bg-navy-800 text-white" : "border-slate-400 bg-white text-navy-900 hover:bg-sea-50"}`}
              >
                {item.title} ({item.count})
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { heading, filter, page, pages, projects, choices } = loaderData;
  return (
    <>
      <PageHero
        title={heading}
        intro="Real jobs by our crew, each with photos from the site: what was wrong, what we did, and how it turned out."
      />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-12">
        {choices.services.length > 0 ? (
          <nav aria-label="Filter projects" className="space-y-4">
            {filter.kind !== "all" ? (
              <p>
                <Link to="/projects" className="font-semibold text-sea-600 underline">
                  All projects
                </Link>
              </p>
            ) : null}
            <FilterLinks title="By service" items={choices.services} current={filter} kind="service" />
            <FilterLinks title="By town" items={choices.towns} current={filter} kind="town" />
          </nav>
        ) : null}
        {projects.length > 0 ? (
          <ProjectGrid projects={projects} firstPriority />
        ) : (
          <p className="text-lg">
            Our first projects will be here soon. Meanwhile, our services pages show the kind of work we do.
          </p>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="flex flex-wrap gap-3">
            {page > 1 ? (
              <Link to={filterPath(filter, page - 1)} rel="prev" className="font-semibold text-sea-600 underline">
                Newer projects
              </Link>
            ) : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link to={filterPath(filter, page + 1)} rel="next" className="font-semibold text-sea-600 underline">
                Older projects
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}
