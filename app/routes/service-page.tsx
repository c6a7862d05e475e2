/**
 * A service page (spec §2 'Service pages'), for /services/:slug and the short aliases
 * (/bathroom, /carpentry, …). The copy comes from content/service-pages.ts through the loader, so
 * the browser downloads only the page it shows.
 */
import { data } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Picture } from "~/components/ui/picture";
import { buttonClass } from "~/components/ui/button";
import { getServicePage, type CopyCard } from "~/content/service-pages";
import { getService } from "~/content/service-details";
import type { ServiceSlug } from "~/content/services";
import { phoneHref, profile } from "~/content/profile";
import { EstimateButton } from "~/leads/estimate-button";
import { canonicalPath } from "~/route-registry";
import { breadcrumbJsonLd, serviceJsonLd } from "~/seo/json-ld";
import { pageMeta } from "~/seo/meta";
import { seoFrom } from "~/seo/route-meta";
import type { Route } from "./+types/service-page";

export function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug ?? canonicalPath(new URL(request.url).pathname).replace("/services/", "");
  const service = getService(slug);
  if (!service) throw data("Service not found", { status: 404, statusText: "Not Found" });
  const copy = getServicePage(service.slug as ServiceSlug);
  const seo = pageMeta({
    title: copy.metaTitle,
    description: copy.metaDescription,
    path: new URL(request.url).pathname,
    keywords: copy.keywords,
    jsonLd: [
      serviceJsonLd(service, copy.metaDescription),
      breadcrumbJsonLd([
        { name: "Services", path: "/services" },
        { name: service.title, path: service.link },
      ]),
    ],
  });
  return { service, copy, seo };
}

export const meta: Route.MetaFunction = ({ data }) => seoFrom(data);

const sectionClass = "mx-auto max-w-6xl px-4 py-12";
const h2Class = "text-2xl font-bold text-navy-900 md:text-3xl";

function Cards({ cards, columns }: { cards: readonly CopyCard[]; columns: string }) {
  return (
    <ul className={`grid gap-5 ${columns}`}>
      {cards.map((c) => (
        <li key={c.title} data-reveal className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-sea-100 text-navy-800">
            <Icon name={c.icon} />
          </span>
          <h3 className="mt-3 text-lg font-bold text-navy-900">{c.title}</h3>
          <p className="mt-2 text-slate-700">{c.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A titled section of cards; pages without those cards render nothing. */
function CardSection({ id, title, cards, columns }: { id: string; title: string; cards: readonly CopyCard[] | undefined; columns: string }) {
  if (!cards) return null;
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 id={id} className={h2Class}>
        {title}
      </h2>
      <div className="mt-6">
        <Cards cards={cards} columns={columns} />
      </div>
    </section>
  );
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, copy } = loaderData;
  const isHomeWatch = service.slug === "home-watch";
  return (
    <>
      <section className="relative isolate overflow-hidden bg-navy-900 text-white">
        <Picture name={service.image} alt="" sizes="100vw" priority className="absolute inset-0 -z-10" imgClassName="h-full w-full object-cover opacity-30" />
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
          <p className="text-sm font-semibold tracking-wider text-sand-200 uppercase">{copy.hero.eyebrow}</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold text-balance md:text-5xl">{copy.hero.heading}</h1>
          <p className="mt-4 max-w-2xl text-lg text-sea-100">{copy.hero.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <EstimateButton>{copy.cta.button}</EstimateButton>
            {isHomeWatch ? (
              <a href={phoneHref} className={buttonClass("light")}>
                <Icon name="phone" className="size-4" /> Call {profile.phone.display}
              </a>
            ) : null}
          </div>
          {isHomeWatch ? (
            <p className="mt-6 flex items-center gap-2 text-sand-200">
              <Icon name="star" className="size-5" />
              <span>
                <strong className="text-white">{profile.rating.value.toFixed(1)}</strong> of {profile.rating.best} from {profile.rating.countLabel} reviews
              </span>
            </p>
          ) : null}
        </div>
      </section>

      {copy.certifiedBanner ? (
        <section aria-labelledby="certified" className="bg-sunset-500 text-navy-950">
          <div className="mx-auto flex max-w-6xl items-start gap-4 px-4 py-6">
            <Icon name="award" className="size-8 shrink-0" />
            <div>
              <h2 id="certified" className="text-xl font-bold">{copy.certifiedBanner.title}</h2>
              <p className="mt-1">{copy.certifiedBanner.text}</p>
            </div>
          </div>
        </section>
      ) : null}

      <CardSection id="home-watch-services" title="Home watch services" cards={copy.serviceCards} columns="sm:grid-cols-2 lg:grid-cols-4" />

      <CardSection id="benefits" title="Why an outdoor shower pays off" cards={copy.benefitCards} columns="md:grid-cols-2" />

      <section className={sectionClass} aria-labelledby="features">
        <h2 id="features" className={h2Class}>{copy.features.heading}</h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-700">{copy.features.intro}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {copy.features.items.map((f) => (
            <li key={f.title} className="flex gap-3">
              <Icon name="check" className="mt-1 size-5 shrink-0 text-sea-600" />
              <div>
                <h3 className="font-semibold text-navy-900">{f.title}</h3>
                <p className="text-slate-700">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CardSection id="ground-level" title="Built for the flood zone" cards={copy.featureCards} columns="sm:grid-cols-2 lg:grid-cols-4" />

      <CardSection id="popular" title="Popular handyman services" cards={copy.popularServices} columns="sm:grid-cols-2 lg:grid-cols-4" />

      {copy.benefits ? (
        <section className={sectionClass} aria-labelledby="hw-benefits">
          <h2 id="hw-benefits" className={h2Class}>Benefits of home watch</h2>
          <ul className="mt-5 grid gap-3 md:grid-cols-2">
            {copy.benefits.map((b) => (
              <li key={b} className="flex gap-3">
                <Icon name="check" className="mt-1 size-5 shrink-0 text-sea-600" />
                {b}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {isHomeWatch ? (
        <section className={sectionClass} aria-labelledby="areas">
          <h2 id="areas" className={h2Class}>Service areas</h2>
          <ul className="mt-5 flex flex-wrap gap-3">
            {profile.homeWatchAreas.map((a) => (
              <li key={a} className="flex items-center gap-2 rounded-full bg-sea-100 px-4 py-2 font-medium text-navy-900">
                <Icon name="map-pin" className="size-4" />
                {a}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={sectionClass} aria-labelledby="why">
        <div className="rounded-2xl bg-sand-100 p-6 md:p-10">
          <h2 id="why" className={h2Class}>{copy.whyChoose.heading}</h2>
          <ul className="mt-5 grid gap-3 md:grid-cols-2">
            {copy.whyChoose.points.map((p) => (
              <li key={p} className="flex gap-3">
                <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-navy-800" />
                {p}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {copy.gallery ? (
        <section className={sectionClass} aria-labelledby="gallery">
          <h2 id="gallery" className={h2Class}>{copy.gallery.heading}</h2>
          <ul className={`mt-6 grid gap-4 sm:grid-cols-2 ${copy.gallery.items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
            {copy.gallery.items.map((g) => (
              <li key={g.image}>
                <figure>
                  <Picture name={g.image} alt={g.alt} protect badge="Protected" sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" imgClassName="aspect-[4/3] w-full rounded-lg object-cover" />
                  <figcaption className="mt-2 text-sm text-slate-700">{g.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {copy.faq?.length ? (
        <section className={sectionClass} aria-labelledby="service-faq">
          <h2 id="service-faq" className={h2Class}>Questions we hear</h2>
          <dl className="mt-5 space-y-5">
            {copy.faq.map((q) => (
              <div key={q.question}>
                <dt className="font-semibold text-navy-900">{q.question}</dt>
                <dd className="mt-1 text-slate-700">{q.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="cta" className="bg-navy-800 px-4 py-14 text-center text-white">
        <h2 id="cta" className="text-2xl font-bold md:text-3xl">{copy.cta.heading}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-sea-100">{copy.cta.text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <EstimateButton>{copy.cta.button}</EstimateButton>
          <a href={phoneHref} className={buttonClass("light")}>
            <Icon name="phone" className="size-4" /> {profile.phone.display}
          </a>
        </div>
      </section>
    </>
  );
}
