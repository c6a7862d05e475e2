/**
 * The business profile: what is fixed about the business, read by pages, structured data and
 * emails alike: its name, its site's address, its zone, where it works and how it is paid.
 *
 * What the owner keeps true from the desk (phone, email, address, hours, figures, the registration
 * number) is in `business-facts.ts`, with the repository's first values in `business-facts.json`.
 * The name and addresses are placeholders. `validateProfile` runs at build time and in the unit
 * tests so a typo cannot ship.
 */

export interface BusinessProfile {
  name: string;
  shortName: string;
  legalName: string;
  description: string;
  siteUrl: string;
  /** The state and country of every address the business writes: its registration is New Jersey's. */
  region: "NJ";
  country: "US";
  geo: { latitude: number; longitude: number };
  areaServed: { radiusMeters: number; places: readonly string[] };
  paymentAccepted: readonly string[];
  currency: "USD";
  priceRange: string;
  /** The IANA time zone of the business's clock: opening hours, visits, reminders, dates in emails. */
  timeZone: string;
  /** The zone as people call it, written after times in emails. */
  timeZoneName: string;
  rating: { value: number; best: number; count: number; countLabel: string };
  sampleReview: { author: string; rating: number; body: string; datePublished: string };
  reviewsUrl: string;
}

export const profile = {
  name: "Causeway Home Repair & Renovation",
  shortName: "Causeway Home Repair",
  legalName: "Causeway Home Repair & Renovation LLC",
  description:
    "Family-owned home repair and renovation contractor serving Long Beach Island and Manahawkin, NJ: bathrooms, decks and stairs, Andersen windows, carpentry, ground level remodeling, outdoor showers, handyman work and off-season home watch.",
  siteUrl: "https://www.causewayhomerepair.example",
  region: "NJ",
  country: "US",
  geo: { latitude: 39.6957, longitude: -74.2585 },
  areaServed: {
    radiusMeters: 50000,
    places: ["Long Beach Island", "Ocean County", "Manahawkin"],
  },
  paymentAccepted: ["Cash", "Check", "Major credit cards"],
  currency: "USD",
  priceRange: "$$",
  timeZone: "America/New_York",
  timeZoneName: "New Jersey time",
  rating: { value: 4.9, best: 5, count: 150, countLabel: "150+" },
  sampleReview: {
    author: "Linda M., Ship Bottom",
    rating: 5,
    body: "They rebuilt our storm-damaged deck stairs before rental season and left the site cleaner than they found it. Honest price, on time, and they answered every call.",
    datePublished: "2025-06-14",
  },
  reviewsUrl: "https://www.google.com/maps/search/?api=1&query=Causeway+Home+Repair+Manahawkin+NJ",
} as const satisfies BusinessProfile;

/** Fails loudly at build time (and in the unit tests) when a fact is malformed. */
export function validateProfile(p: BusinessProfile): string[] {
  const problems: string[] = [];
  if (!/^https:\/\/[^/]+$/.test(p.siteUrl)) problems.push("siteUrl must be an https origin without a trailing slash");
  if (p.rating.value > p.rating.best || p.rating.value <= 0) problems.push("rating.value out of range");
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: p.timeZone });
  } catch {
    problems.push("timeZone is not a time zone name such as America/New_York");
  }
  return problems;
}
