/** /services: every service as a card. */
import { PageHero } from "~/components/sections/page-hero";
import { SERVICE_CARD_SIZES, ServiceCard } from "~/components/sections/service-card";
import { firstPicture } from "~/ui/first-picture.server";
import { withDetails } from "~/content/service-details";
import { services } from "~/content/services";
import { EstimateButton } from "~/leads/estimate-button";
import { breadcrumbJsonLd, serviceListJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/services";

export function loader() {
  // On a phone the first card's picture, just below the banner, is the largest paint.
  const first = services[0] ? firstPicture(withDetails(services[0]).image, SERVICE_CARD_SIZES) : undefined;
  return {
    services: services.map(withDetails),
    firstPhoneCopy: first?.phoneCopy,
    seo: [
      ...pageMeta({
        title: "Home Services for Long Beach Island",
        description:
          "Bathroom renovations, decks and stairs, Andersen windows, carpentry, ground level remodeling, outdoor showers, handyman work and home watch on LBI.",
        path: "/services",
        keywords: ["LBI contractor services", "Long Beach Island remodeling", "shore home repair"],
        jsonLd: [serviceListJsonLd(), breadcrumbJsonLd([{ name: "Services", path: "/services" }])],
      }),
      ...(first ? [first.preload] : []),
    ],
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Complete Home Services for Long Beach Island"
        intro="From a loose stair tread to a full bathroom, one family crew handles the work that shore homes need."
      >
        <EstimateButton>Get Free Estimate</EstimateButton>
      </PageHero>
      <section aria-labelledby="all-services" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="all-services" className="sr-only">
          All services
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {loaderData.services.map((s, i) => (
            <li key={s.slug}>
              <ServiceCard service={s} index={i} phoneCopy={i === 0 ? loaderData.firstPhoneCopy : undefined} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
