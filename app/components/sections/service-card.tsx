/** A service card: picture, icon, title, description, four features and a Learn More link. */
import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";
import { scrollToTop } from "~/ui/scroll";
import type { Service } from "~/content/service-details";
import { buttonClass } from "~/ui/button";

/** How wide a card's picture is drawn at each viewport; a page preloading a card's picture says the same. */
export const SERVICE_CARD_SIZES = "(min-width: 1280px) 22vw, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw";

/** `phoneCopy`: the card's picture is the page's largest paint (the first card at the top of /services). */
export function ServiceCard({
  service,
  index,
  headingLevel = 3,
  phoneCopy,
}: {
  /** With its details: the page's loader adds them, so they travel as data, not as script. */
  service: Service;
  index: number;
  headingLevel?: 2 | 3;
  /** see `firstPicture` */
  phoneCopy?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-reveal
      style={{ transitionDelay: `${(index % 4) * 150}ms` }}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <Picture
        name={service.image}
        alt={service.alt}
        sizes={SERVICE_CARD_SIZES}
        phoneCopy={phoneCopy}
        imgClassName="aspect-[3/2] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-lg bg-sea-100 text-navy-800">
            <Icon name={service.icon} />
          </span>
          <Heading className="text-lg font-bold text-navy-900">{service.title}</Heading>
        </div>
        <p className="mt-3 text-slate-700">{service.description}</p>
        <ul className="mt-4 flex-1 space-y-1.5 text-sm">
          {service.features.map((f) => (
            <li key={f} className="flex gap-2">
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-sea-600" />
              {f}
            </li>
          ))}
        </ul>
        <Link to={service.link} onClick={scrollToTop} className={buttonClass("secondary", "mt-5 w-full")}>
          Learn More<span className="sr-only"> about {service.title}</span>
        </Link>
      </div>
    </article>
  );
}
