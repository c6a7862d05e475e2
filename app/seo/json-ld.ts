/**
 * Structured data for each kind of page, built from the business profile, the published business
 * facts and content lists so it always says what the page shows (search engines penalise
 * structured data that disagrees with it).
 */
import type {
  BlogPosting,
  BreadcrumbList,
  FAQPage,
  GeneralContractor,
  CreativeWork,
  ItemList,
  OpeningHoursSpecification,
  Service,
  WithContext,
} from "schema-dts";
import { absoluteUrl, siteUrl } from "~/settings/site";
import { openingSpans, WEEK, type BusinessFacts, type DayName, type SpecialHours } from "~/content/business-facts";
import { profile } from "~/content/profile";
import type { Service as SiteService } from "~/content/service-details";
import { services } from "~/content/services";

const businessId = `${siteUrl}/#business`;

/** The business as other documents refer to it. */
const businessRef = { "@type": "GeneralContractor", "@id": businessId, name: profile.name } as const;

const postalAddress = (facts: BusinessFacts) =>
  ({
    "@type": "PostalAddress",
    streetAddress: facts.address.street,
    addressLocality: facts.address.locality,
    addressRegion: profile.region,
    postalCode: facts.address.postalCode,
    addressCountry: profile.country,
  }) as const;

const areaServed = [
  {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude: profile.geo.latitude, longitude: profile.geo.longitude },
    geoRadius: String(profile.areaServed.radiusMeters),
  },
  ...profile.areaServed.places.map((name) => ({ "@type": "Place", name }) as const),
] as const;

/** A closure the owner entered: New Jersey days, first to last. */
export interface Closure {
  firstDay: string;
  lastDay: string;
}

/** Opening and closing at midnight is how structured data says a day is closed. */
const closedSpec = (validFrom: string, validThrough: string, dayOfWeek?: DayName[]): OpeningHoursSpecification =>
  ({
    "@type": "OpeningHoursSpecification",
    ...(dayOfWeek ? { dayOfWeek } : {}),
    validFrom,
    validThrough,
    opens: "00:00",
    closes: "00:00",
  }) as const;

/** A special range's hours, each run of days with the same times, and its closed days, for its dates. */
function rangeSpecs(range: SpecialHours): OpeningHoursSpecification[] {
  const spans = openingSpans(range.hours).map((span): OpeningHoursSpecification => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: [...span.days],
    validFrom: range.firstDay,
    validThrough: range.lastDay,
    opens: span.opens,
    closes: span.closes,
  }));
  const closedDays = WEEK.filter((day) => typeof range.hours[day] !== "object");
  if (spans.length === 0) return [closedSpec(range.firstDay, range.lastDay)];
  return closedDays.length > 0 ? [...spans, closedSpec(range.firstDay, range.lastDay, closedDays)] : spans;
}

/**
 * The business under the published facts, with the special ranges not yet over and the closures
 * ahead as special opening hours.
 */
export function businessJsonLd(
  facts: BusinessFacts,
  ranges: readonly SpecialHours[] = [],
  closures: readonly Closure[] = [],
): WithContext<GeneralContractor> {
  const special = [...ranges.flatMap(rangeSpecs), ...closures.map((c) => closedSpec(c.firstDay, c.lastDay))];
  return {
    "@context": "https://schema.org",
    // GeneralContractor is schema.org's HomeAndConstructionBusiness for builders.
    "@type": "GeneralContractor",
    "@id": businessId,
    name: profile.name,
    legalName: profile.legalName,
    description: profile.description,
    url: siteUrl,
    logo: absoluteUrl("/logo.svg"),
    image: absoluteUrl("/social-card.jpg"),
    telephone: facts.phone,
    email: facts.email,
    address: postalAddress(facts),
    geo: { "@type": "GeoCoordinates", latitude: profile.geo.latitude, longitude: profile.geo.longitude },
    areaServed: [...areaServed],
    foundingDate: String(facts.figures.foundingYear),
    knowsAbout: services.map((s) => s.serviceType),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Home repair and renovation services",
      itemListElement: services
        .filter((s) => s.featuredOnHome)
        .map((s) => ({
          "@type": "Offer",
          itemOffered: { "@type": "Service", name: s.title, url: absoluteUrl(s.link) },
        })),
    },
    paymentAccepted: profile.paymentAccepted.join(", "),
    currenciesAccepted: profile.currency,
    priceRange: profile.priceRange,
    openingHoursSpecification: openingSpans(facts.hours).map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [...h.days],
      opens: h.opens,
      closes: h.closes,
    })),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
    sameAs: [facts.social.facebook, facts.social.instagram],
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: profile.rating.value,
      bestRating: profile.rating.best,
      reviewCount: profile.rating.count,
    },
    review: [
      {
        "@type": "Review",
        author: { "@type": "Person", name: profile.sampleReview.author },
        reviewRating: { "@type": "Rating", ratingValue: profile.sampleReview.rating, bestRating: profile.rating.best },
        reviewBody: profile.sampleReview.body,
        datePublished: profile.sampleReview.datePublished,
      },
    ],
  };
}

export function serviceJsonLd(service: SiteService, description: string, facts: BusinessFacts): WithContext<Service> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    serviceType: service.serviceType,
    description,
    url: absoluteUrl(service.link),
    provider: { ...businessRef, telephone: facts.phone, address: postalAddress(facts) },
    areaServed: [...areaServed],
  };
}

export function serviceListJsonLd(): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Home repair and renovation services",
    itemListElement: services.map((s, i) => ({
      "@type": "ListItem",
      position: i + 1,
      url: absoluteUrl(s.link),
      name: s.title,
    })),
  };
}

export function faqJsonLd(items: readonly { question: string; answerText: string }[]): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: q.answerText },
    })),
  };
}

export interface ArticleLdInput {
  title: string;
  description: string;
  slug: string;
  image: string;
  author: string;
  date: string;
  dateModified: string;
  keywords: readonly string[];
  category: string;
  wordCount: number;
}

export function articleJsonLd(a: ArticleLdInput): WithContext<BlogPosting> {
  const url = absoluteUrl(`/blog/${a.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: a.title,
    description: a.description,
    image: absoluteUrl(a.image),
    author: { "@type": "Organization", name: a.author, url: siteUrl },
    publisher: {
      "@type": "Organization",
      name: profile.name,
      logo: { "@type": "ImageObject", url: absoluteUrl("/logo.svg") },
    },
    datePublished: a.date,
    dateModified: a.dateModified,
    keywords: a.keywords.join(", "),
    articleSection: a.category,
    wordCount: a.wordCount,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: absoluteUrl(step.path),
    })),
  };
}

export interface ProjectLdInput {
  title: string;
  description: string;
  path: string;
  town: string;
  serviceTitle: string;
  servicePath: string;
  /** Site paths of the photos, the cover first. */
  images: readonly { path: string; caption: string; width: number; height: number }[];
  datePublished: string;
  dateModified: string;
  /** YYYY-MM. */
  finished: string;
}

/** A finished job: its photos, the town it was done in, the service, and the business that did it. */
export function projectJsonLd(p: ProjectLdInput): WithContext<CreativeWork> {
  const url = absoluteUrl(p.path);
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": `${url}#project`,
    name: p.title,
    headline: p.title,
    description: p.description,
    url,
    image: p.images.map((i) => ({
      "@type": "ImageObject",
      contentUrl: absoluteUrl(i.path),
      caption: i.caption,
      width: String(i.width),
      height: String(i.height),
    })),
    locationCreated: {
      "@type": "Place",
      name: p.town,
      address: {
        "@type": "PostalAddress",
        addressLocality: p.town,
        addressRegion: profile.region,
        addressCountry: profile.country,
      },
    },
    about: { "@type": "Service", name: p.serviceTitle, url: absoluteUrl(p.servicePath), provider: businessRef },
    creator: businessRef,
    publisher: businessRef,
    dateCreated: p.finished,
    datePublished: p.datePublished,
    dateModified: p.dateModified,
  };
}
