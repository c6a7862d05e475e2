/**
 * /projects/:slug, one finished job: the cover photo first, before and after side by side, the
 * story, the other photos, and links to the service and to other projects in the town. Rendered
 * once per change by the live layer; a project taken down or deleted answers 410.
 */
import { data, Link } from "react-router";
import { PageHero } from "~/components/sections/page-hero";
import { servicePath } from "~/route-registry";
import { EstimateButton } from "~/leads/estimate-button";
import { readLive } from "~/live/snapshot.server";
import { filterPath, projectPath, type PublicPhoto } from "~/projects/project-listing";
import { ProjectPicture, projectPhotoPreload } from "~/projects/project-picture";
import { finishedLabel, storyBlocks, type StoryBlock } from "~/projects/project-rules";
import { projectsSource } from "~/projects/projects-source.server";
import { breadcrumbJsonLd, projectJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { ServiceSlug } from "~/content/services";
import type { Route } from "./+types/project";

const COVER_SIZES = "(min-width: 1024px) 1024px, 100vw";
const PAIR_SIZES = "(min-width: 1024px) 500px, 50vw";
const GALLERY_SIZES = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw";

function summary(blocks: StoryBlock[], fallback: string): string {
  const first = blocks.find((b) => b.kind === "paragraph");
  const text = first?.kind === "paragraph" ? first.text : fallback;
  return text.length > 155 ? `${text.slice(0, 152).replace(/\s+\S*$/, "")}…` : text;
}

export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  const projects = readLive(projectsSource);
  const project = projects.find((p) => p.slug === slug);
  if (!project) {
    const { getDatabase } = await import("~/infra/db.server");
    const { isGoneProject } = await import("~/projects/projects.server");
    const { db } = await getDatabase();
    if (await isGoneProject(db, slug))
      return data(
        {
          gone: true as const,
          seo: [{ title: "This project is no longer shown" }, { name: "robots", content: "noindex" }],
        },
        { status: 410 },
      );
    throw data("Project not found", { status: 404, statusText: "Not Found" });
  }
  const path = projectPath(project.slug);
  const blocks = storyBlocks(project.story);
  const cover = project.photos[0];
  const description = summary(
    blocks,
    `${project.serviceTitle} in ${project.town}, finished ${finishedLabel(project.finished)}.`,
  );
  const seo = pageMeta({
    title: `${project.title}, ${project.town}`,
    description,
    path,
    image: cover?.fallback,
    imageAlt: cover?.description,
    jsonLd: [
      projectJsonLd({
        title: project.title,
        description,
        path,
        town: project.town,
        serviceTitle: project.serviceTitle,
        servicePath: servicePath(project.service as ServiceSlug),
        images: project.photos.map((p) => ({
          path: p.fallback,
          caption: p.description,
          width: p.width,
          height: p.height,
        })),
        datePublished: project.publishedAt,
        dateModified: project.updatedAt,
        finished: project.finished,
      }),
      breadcrumbJsonLd([
        { name: "Projects", path: "/projects" },
        { name: project.title, path },
      ]),
    ],
  });
  const sameTown = projects.filter((p) => p.townSlug === project.townSlug && p.slug !== project.slug).slice(0, 3);
  return {
    gone: false as const,
    project,
    blocks,
    sameTown: sameTown.map((p) => ({ slug: p.slug, title: p.title })),
    seo: cover ? [...seo, projectPhotoPreload(cover, COVER_SIZES)] : seo,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

function Story({ blocks }: { blocks: StoryBlock[] }) {
  return (
    <div className="space-y-4 text-lg text-slate-800">
      {blocks.map((block, i) =>
        block.kind === "paragraph" ? (
          <p key={i}>{block.text}</p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function Gone() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">This project is no longer shown</h1>
      <p className="mt-4 text-lg">We have taken this project off the site.</p>
      <p className="mt-6">
        <Link to="/projects" className="font-semibold text-sea-600 underline">
          See our other projects
        </Link>
      </p>
    </div>
  );
}

export default function Project({ loaderData }: Route.ComponentProps) {
  if (loaderData.gone) return <Gone />;
  const { project, blocks, sameTown } = loaderData;
  const [cover, ...rest] = project.photos;
  const before = rest.find((p) => p.label === "before");
  const after = rest.find((p) => p.label === "after");
  const paired = before && after ? [before, after] : [];
  const others = rest.filter((p) => !paired.includes(p));
  const caption = (photo: PublicPhoto) => (photo.label === "before" ? "Before" : "After");
  return (
    <article>
      {cover ? (
        <div className="mx-auto max-w-5xl">
          <ProjectPicture
            photo={cover}
            sizes={COVER_SIZES}
            priority
            className="aspect-[4/3] w-full object-cover md:aspect-[16/9]"
          />
        </div>
      ) : null}
      <PageHero
        eyebrow={`${project.serviceTitle} · ${project.town}`}
        title={project.title}
        intro={<p>Finished {finishedLabel(project.finished)}.</p>}
      >
        <EstimateButton variant="light">Get a free estimate for a project like this</EstimateButton>
      </PageHero>
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-12">
        {paired.length === 2 ? (
          <section aria-labelledby="before-after">
            <h2 id="before-after" className="text-2xl font-bold text-navy-900">
              Before and after
            </h2>
            <div className="mt-4 grid grid-cols-2 gap-3">
              {paired.map((photo) => (
                <figure key={photo.avif}>
                  <ProjectPicture
                    photo={photo}
                    sizes={PAIR_SIZES}
                    className="aspect-[4/3] w-full rounded-lg object-cover"
                  />
                  <figcaption className="mt-1 text-sm font-semibold text-slate-800">{caption(photo)}</figcaption>
                </figure>
              ))}
            </div>
          </section>
        ) : null}
        <section aria-labelledby="story">
          <h2 id="story" className="sr-only">
            The job
          </h2>
          <Story blocks={blocks} />
        </section>
        {others.length > 0 ? (
          <section aria-labelledby="more-photos">
            <h2 id="more-photos" className="text-2xl font-bold text-navy-900">
              More photos
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {others.map((photo) => (
                <li key={photo.avif}>
                  <figure>
                    <ProjectPicture
                      photo={photo}
                      sizes={GALLERY_SIZES}
                      className="aspect-[4/3] w-full rounded-lg object-cover"
                    />
                    {photo.label ? (
                      <figcaption className="mt-1 text-sm text-slate-800">{caption(photo)}</figcaption>
                    ) : null}
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <nav aria-label="Related" className="space-y-2 border-t border-slate-200 pt-6">
          <p>
            <Link to={servicePath(project.service as ServiceSlug)} className="font-semibold text-sea-600 underline">
              About our {project.serviceTitle.toLowerCase()} work
            </Link>
          </p>
          <p>
            <Link
              to={filterPath({ kind: "town", slug: project.townSlug })}
              className="font-semibold text-sea-600 underline"
            >
              All our projects in {project.town}
            </Link>
          </p>
          {sameTown.length > 0 ? (
            <ul className="list-disc pl-6">
              {sameTown.map((p) => (
                <li key={p.slug}>
                  <Link to={projectPath(p.slug)} className="text-sea-600 underline">
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <Link to="/projects" className="font-semibold text-sea-600 underline">
              All projects
            </Link>
          </p>
        </nav>
        <p>
          <EstimateButton>Get a free estimate for a project like this</EstimateButton>
        </p>
      </div>
    </article>
  );
}
