/**
 * A service page, for /services/:slug and the short aliases (/bathroom, /carpentry, …): the sections
 * its content file lists, in order. The copy arrives through the loader, so the browser downloads
 * only the page it shows.
 */
import { Fragment } from "react";
import { data } from "react-router";
import { Hero } from "~/components/sections/service/hero";
import { getService } from "~/content/service-details";
import { canonicalPath } from "~/route-registry";
import { breadcrumbJsonLd, serviceJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import { SERVICE_HERO_SIZES } from "~/components/sections/service/hero";
import { later, partsReady, withParts } from "~/ui/later";
import { firstPicture, firstPictureOf } from "~/ui/first-picture.server";
import { withOwnerPhotos } from "~/site-pages/page-photos.server";
import { readLive } from "~/live/snapshot.server";
import { reviewSource } from "~/reviews/review-source.server";
import { filterPath } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import type { Route } from "./+types/service-page";

// Below the hero, the page's sections and the newest projects and reviews: their code arrives after
// the page starts.
const sections = later(() => import("~/components/sections/service/section"));
const recentWork = later(() => import("~/components/sections/recent-work"));

export async function loader({ params, request }: Route.LoaderArgs) {
  await partsReady(sections, recentWork);
  const path = new URL(request.url).pathname;
  const service = getService(params.slug ?? canonicalPath(path).replace("/services/", ""));
  if (!service) throw data("Service not found", { status: 404, statusText: "Not Found" });
  const { liveServicePage, livePhotos } = await import("~/site-pages/site-pages-source.server");
  const { liveFacts } = await import("~/facts/facts-source.server");
  const { page, photos } = withOwnerPhotos(liveServicePage(service.slug), livePhotos);
  const seo = pageMeta({
    title: page.metaTitle,
    description: page.metaDescription,
    path,
    keywords: page.keywords,
    jsonLd: [
      serviceJsonLd(service, page.metaDescription, liveFacts().facts),
      breadcrumbJsonLd([
        { name: "Services", path: "/services" },
        { name: service.title, path: service.link },
      ]),
    ],
  });
  // The newest reviews of jobs the owner marked as this service.
  const reviews = readLive(reviewSource)
    .reviews.filter((review) => review.service === service.slug)
    .slice(0, 3);
  const projects = readLive(projectsSource)
    .filter((p) => p.service === service.slug)
    .slice(0, 3);
  const moreProjects = filterPath({ kind: "service", slug: service.slug });
  // The hero's picture is the largest paint: in the HTML on a phone, fetched with it elsewhere.
  // An owner's photo there is the live layer's, or the build's once written back to the repository.
  const heroPhoto = page.sections.find((s) => s.kind === "hero")?.photo;
  const ownHero = heroPhoto ? photos[heroPhoto] : undefined;
  const heroImage = heroPhoto && !ownHero ? heroPhoto : service.image;
  const hero = ownHero
    ? firstPictureOf(ownHero, ownHero.phoneCopy, SERVICE_HERO_SIZES)
    : firstPicture(heroImage, SERVICE_HERO_SIZES);
  return {
    service,
    heroImage,
    page,
    // The files only: a phone copy travels once, the hero's.
    photos: Object.fromEntries(Object.entries(photos).map(([ref, { phoneCopy: _, ...files }]) => [ref, files])),
    reviews,
    projects,
    moreProjects,
    heroPhoneCopy: hero.phoneCopy,
    seo: [...seo, hero.preload],
  };
}

/** On a client-side navigation, the page renders with its recent work instead of showing it late. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withParts(serverLoader(), sections, recentWork);
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, heroImage, page, photos, reviews, projects, moreProjects, heroPhoneCopy } = loaderData;
  const recent = <recentWork.Later pick={(m) => m.RecentProjects} props={{ projects, moreHref: moreProjects }} />;
  // Real jobs replace the illustrated gallery once there are any for this service; a page without
  // a gallery shows them before its last section.
  const hasGallery = page.sections.some((s) => s.kind === "gallery");
  return (
    <>
      {page.sections.map((section, i) => (
        <Fragment key={section.id}>
          {!hasGallery && i === page.sections.length - 1 ? recent : null}
          {section.kind === "gallery" && projects.length > 0 ? (
            recent
          ) : section.kind === "hero" ? (
            // The first screen: hydrated with the page, its picture the largest paint.
            <Hero
              section={section}
              image={heroImage}
              photo={section.photo ? photos[section.photo] : undefined}
              phoneCopy={heroPhoneCopy}
            />
          ) : (
            <sections.Later pick={(m) => m.Section} props={{ section, heroImage, photos }} />
          )}
        </Fragment>
      ))}
      <recentWork.Later
        pick={(m) => m.ReviewsSection}
        props={{ reviews, title: `Reviews of our ${service.navTitle} jobs` }}
      />
    </>
  );
}
