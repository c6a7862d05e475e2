/**
 * The site footer: contact facts, hours, service links, social links and the New Jersey Home
 * Improvement Contractor registration number, which state law requires on every advertisement.
 */
import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import { aboutNavigation, serviceNavigation } from "~/content/navigation";
import { emailComposeHref, phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { BusinessHours } from "~/components/layout/business-hours";
import { useFacts } from "~/components/layout/site-live-data";
import { LogoMark, LogoName } from "./logo";
import { SocialLinks } from "./social-links";

const headingClass = "mb-3 text-sm font-semibold tracking-wider text-sand-200 uppercase";
const linkClass = "inline-flex min-h-8 items-center text-sea-100 hover:text-white hover:underline";

export function Footer() {
  const facts = useFacts();
  const { figures } = facts;
  const year = figures.foundingYear;
  return (
    <footer className="bg-navy-950 text-sea-100" id="footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-3 text-white">
            <LogoMark className="size-12" />
            <LogoName />
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            Family-owned since {year}. {figures.yearsExperience}+ years of experience and {figures.yearsOnIsland}+ years
            on Long Beach Island. Licensed and insured; work guaranteed; free estimates.
          </p>
          <p className="mt-4 text-sm">NJ Home Improvement Contractor Reg. #{facts.hicRegistration}</p>
          <div className="mt-4 flex gap-2">
            <SocialLinks linkClassName="inline-flex size-11 items-center justify-center rounded-md hover:bg-navy-800" />
          </div>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={headingClass}>
            Services
          </h2>
          <ul className="space-y-1 text-sm">
            {serviceNavigation.map((item) => (
              <li key={item.url}>
                <Link to={item.url} className={linkClass}>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company" id="footer-nav">
          <h2 id="footer-company" className={headingClass}>
            Company
          </h2>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to="/services" className={linkClass}>
                All services
              </Link>
            </li>
            {aboutNavigation.map((item) => (
              <li key={item.url}>
                <Link to={item.url} className={linkClass}>
                  {item.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/estimate" className={linkClass}>
                Request a free estimate
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <a href={phoneHref(facts)} className={linkClass}>
                <Icon name="phone" className="mr-2 size-4" />
                {facts.phoneDisplay}
              </a>
            </li>
            <li>
              <a
                href={emailComposeHref(facts)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} break-all`}
              >
                <Icon name="mail" className="mr-2 size-4 shrink-0" />
                {facts.email}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="flex">
              <Icon name="map-pin" className="mt-0.5 mr-2 size-4 shrink-0" />
              <address className="not-italic">
                {facts.address.street}
                <br />
                {facts.address.locality}, {profile.region} {facts.address.postalCode}
              </address>
            </li>
          </ul>
          <h2 className={`${headingClass} mt-6`}>Hours</h2>
          <BusinessHours className="text-sm" termClassName="font-medium text-white" />
        </div>
      </div>
      <div className="border-t border-navy-800 px-4 py-5 text-center text-xs">
        <p>© {profile.legalName}. Serving Long Beach Island and Manahawkin, NJ.</p>
      </div>
    </footer>
  );
}
