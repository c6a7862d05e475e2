/** Projects as cards: the lists of /projects, and "Recent projects" on the home page and a service page. */
import { Link } from "react-router";
import { finishedLabel } from "./project-rules";
import { projectPath, type PublicProject } from "./project-listing";
import { ProjectPicture } from "./project-picture";

export const CARD_SIZES = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw";

export function ProjectCard({ project, priority = false }: { project: PublicProject; priority?: boolean }) {
  const cover = project.photos[0];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {cover ? (
        <ProjectPicture
          photo={cover}
          sizes={CARD_SIZES}
          priority={priority}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-700">
          {project.serviceTitle} · {project.town} · {finishedLabel(project.finished)}
        </p>
        <h3 className="mt-2 text-xl font-bold text-navy-900">
          <Link to={projectPath(project.slug)} className="hover:underline">
            {project.title}
          </Link>
        </h3>
      </div>
    </article>
  );
}

export function ProjectGrid({
  projects,
  firstPriority = false,
}: {
  projects: readonly PublicProject[];
  firstPriority?: boolean;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p, i) => (
        <li key={p.slug}>
          <ProjectCard project={p} priority={firstPriority && i === 0} />
        </li>
      ))}
    </ul>
  );
}

/** The three newest projects, with a link to the rest; nothing when there are none. */
export function RecentProjects({
  projects,
  heading = "Recent projects",
  moreHref = "/projects",
}: {
  projects: readonly PublicProject[];
  heading?: string;
  moreHref?: string;
}) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="recent-projects" className="render-when-near mx-auto max-w-6xl px-4 py-12">
      <h2 id="recent-projects" className="text-2xl font-bold text-navy-900 md:text-3xl">
        {heading}
      </h2>
      <div className="mt-6">
        <ProjectGrid projects={projects.slice(0, 3)} />
      </div>
      <p className="mt-6">
        <Link to={moreHref} className="font-semibold text-sea-600 underline">
          See all our projects
        </Link>
      </p>
    </section>
  );
}
