/**
 * The public shape of a published project, and the lists of /projects: newest first, twelve a page,
 * filtered by service or by town through plain links (every filter and page is an address of its
 * own, rendered once per change like every public page).
 */
import { PROJECTS_PER_PAGE } from "./project-rules";

export interface PublicPhoto {
  description: string;
  label: "before" | "after" | null;
  cover: boolean;
  width: number;
  height: number;
  avif: string;
  webp: string;
  /** The largest WebP: for structured data and social cards. */
  fallback: string;
}

export interface PublicProject {
  slug: string;
  title: string;
  service: string;
  serviceTitle: string;
  town: string;
  townSlug: string;
  finished: string;
  story: string;
  publishedAt: string;
  updatedAt: string;
  /** The cover first. */
  photos: PublicPhoto[];
}

export type ProjectFilter = { kind: "all" } | { kind: "service"; slug: string } | { kind: "town"; slug: string };

export const projectPath = (slug: string) => `/projects/${slug}`;

/** Where a photo's file is served, by its content-hashed name. */
export const photoPath = (name: string) => `/projects/photos/${name}`;

export function filterPath(filter: ProjectFilter, page = 1): string {
  const base =
    filter.kind === "all"
      ? "/projects"
      : filter.kind === "service"
        ? `/projects/service/${filter.slug}`
        : `/projects/town/${filter.slug}`;
  return page > 1 ? `${base}/page/${page}` : base;
}

export function filtered(projects: readonly PublicProject[], filter: ProjectFilter): PublicProject[] {
  if (filter.kind === "service") return projects.filter((p) => p.service === filter.slug);
  if (filter.kind === "town") return projects.filter((p) => p.townSlug === filter.slug);
  return [...projects];
}

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / PROJECTS_PER_PAGE));

export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * PROJECTS_PER_PAGE, page * PROJECTS_PER_PAGE);
}

/** The filters that have projects: each service and each town, with how many. */
export function filterChoices(projects: readonly PublicProject[]) {
  const services = new Map<string, { slug: string; title: string; count: number }>();
  const towns = new Map<string, { slug: string; title: string; count: number }>();
  for (const p of projects) {
    const s = services.get(p.service) ?? { slug: p.service, title: p.serviceTitle, count: 0 };
    s.count++;
    services.set(p.service, s);
    const t = towns.get(p.townSlug) ?? { slug: p.townSlug, title: p.town, count: 0 };
    t.count++;
    towns.set(p.townSlug, t);
  }
  return { services: [...services.values()], towns: [...towns.values()] };
}

/** Every address the published projects add to the site, beyond /projects itself (which the build makes). */
export function projectListPages(projects: readonly PublicProject[]): string[] {
  if (projects.length === 0) return [];
  const paths = projects.map((p) => projectPath(p.slug));
  const { services, towns } = filterChoices(projects);
  const lists: ProjectFilter[] = [
    { kind: "all" },
    ...services.map((s): ProjectFilter => ({ kind: "service", slug: s.slug })),
    ...towns.map((t): ProjectFilter => ({ kind: "town", slug: t.slug })),
  ];
  for (const filter of lists) {
    const pages = pageCount(filtered(projects, filter).length);
    for (let page = 1; page <= pages; page++) {
      const path = filterPath(filter, page);
      if (path !== "/projects") paths.push(path);
    }
  }
  return paths;
}
