/**
 * The contact section (id "contact"): phone, web mail, reviews, hours and the estimate form card.
 * The home page, the FAQ and the blog end with it.
 */
import { Icon } from "~/ui/icon";
import { emailComposeHref, phoneHref } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { DeferredEstimateForm } from "~/leads/deferred-estimate-form";
import { BusinessHours } from "~/components/layout/business-hours";
import { useFacts } from "~/components/layout/site-live-data";

const rowClass = "flex min-h-11 items-center gap-3 rounded-lg p-2 font-semibold text-navy-900 hover:bg-sea-100";

export function ContactSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const facts = useFacts();
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-sea-50 px-4 py-16">
      <div className="mx-auto grid max-w-6xl gap-10 lg:grid-cols-2">
        <div>
          <Heading id="contact-heading" className="text-3xl font-bold text-navy-900">
            Contact Us
          </Heading>
          <p className="mt-3 text-lg text-slate-700">
            Call, email or send the form. We reply within {facts.figures.replyWithinHours} hours.
          </p>
          <ul className="mt-6 space-y-2">
            <li>
              <a href={phoneHref(facts)} className={rowClass}>
                <Icon name="phone" className="size-6 text-sea-600" />
                {facts.phoneDisplay}
              </a>
            </li>
            <li>
              <a
                href={emailComposeHref(facts)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${rowClass} break-all`}
              >
                <Icon name="mail" className="size-6 shrink-0 text-sea-600" />
                {facts.email}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={profile.reviewsUrl} target="_blank" rel="noopener noreferrer" className={rowClass}>
                <Icon name="star" className="size-6 text-sea-600" />
                Read our reviews: {profile.rating.value} of {profile.rating.best} from {profile.rating.countLabel}{" "}
                reviews
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
          <Heading className="mt-8 text-xl font-bold text-navy-900">Business hours</Heading>
          <BusinessHours className="mt-3 max-w-sm gap-y-2" />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <Heading className="text-2xl font-bold text-navy-900">Get Your Free Quote</Heading>
          <p className="mt-1 text-slate-700">Send us your project details for a quick estimate</p>
          <div className="mt-5">
            <DeferredEstimateForm idPrefix="contact" />
          </div>
          <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm font-medium text-slate-700">
            Serving Long Beach Island for {facts.figures.yearsOnIsland}+ years
          </p>
        </div>
      </div>
    </section>
  );
}
