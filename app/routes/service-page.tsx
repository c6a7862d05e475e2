/**
 * A service page, for /services/:slug and the short aliases (/bathroom, /carpentry, …): the sections
 * its content file lists, in order. The copy arrives through the loader, so the browser downloads
 * only the page it shows.
 */
import { data } from "react-router";
import { Section } from "~/components/sections/service/section";
import { getService } from "~/content/service-details";
import { canonicalPath } from "~/route-registry";
import { breadcrumbJsonLd, serviceJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import { SERVICE_HERO_SIZES } from "~/components/sections/service/hero";
import { picturePreload } from "~/components/ui/picture";
import { readLive } from "~/live/snapshot.server";
import { ReviewsSection } from "~/reviews/review-list";
import { reviewSource } from "~/reviews/review-source.server";
import type { Route } from "./+types/service-page";

export async function loader({ params, request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const service = getService(params.slug ?? canonicalPath(path).replace("/services/", ""));
  if (!service) throw data("Service not found", { status: 404, statusText: "Not Found" });
  const { getServicePage } = await import("~/content/service-pages.server");
  const page = getServicePage(service.slug);
  const seo = pageMeta({
    title: page.metaTitle,
    description: page.metaDescription,
    path,
    keywords: page.keywords,
    jsonLd: [
      serviceJsonLd(service, page.metaDescription),
      breadcrumbJsonLd([
        { name: "Services", path: "/services" },
        { name: service.title, path: service.link },
      ]),
    ],
  });
  // The hero's picture is the largest paint: fetched with the HTML rather than after layout.
  // The newest reviews of jobs the owner marked as this service.
  const reviews = readLive(reviewSource)
    .reviews.filter((review) => review.service === service.slug)
    .slice(0, 3);
  return { service, page, reviews, seo: [...seo, picturePreload(service.image, SERVICE_HERO_SIZES)] };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, page, reviews } = loaderData;
  return (
    <>
      {page.sections.map((section) => (
        <Section key={section.id} section={section} heroImage={service.image} />
      ))}
      <ReviewsSection reviews={reviews} title={`Reviews of our ${service.navTitle} jobs`} />
    </>
  );
}
