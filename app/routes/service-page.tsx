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
  return { service, page, seo: [...seo, picturePreload(service.image, SERVICE_HERO_SIZES)] };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, page } = loaderData;
  return page.sections.map((section) => <Section key={section.id} section={section} heroImage={service.image} />);
}
