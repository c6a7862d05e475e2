/** The home page's six featured services as cards, with a way on to the full list. */
import { Link } from "react-router";
import { buttonClass } from "~/ui/button";
import { ServiceCard } from "~/components/sections/service-card";
import { withDetails } from "~/content/service-details";
import { featuredServices, services } from "~/content/services";
import { SectionHeading } from "./section-heading";

export function ServicesGridSection() {
  return (
    <section aria-labelledby="home-services-heading" className="mx-auto max-w-7xl px-4 py-16 md:py-20">
      <SectionHeading
        id="home-services-heading"
        eyebrow="What we do"
        title="Services for shore homes"
        className="max-w-3xl"
      >
        <p>
          One local crew for the jobs an island house keeps asking for, from a rotted stair tread to a new bathroom,
          built with materials chosen for salt air, sun and wind-driven rain.
        </p>
      </SectionHeading>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {featuredServices.map(withDetails).map((service, index) => (
          <li key={service.slug}>
            <ServiceCard service={service} index={index} />
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link to="/services" className={buttonClass("secondary", "px-6")}>
          View all {services.length} services
        </Link>
      </div>
    </section>
  );
}
