/**
 * The business profile: the one place every business fact lives.
 *
 * Pages, the header and footer, structured data, emails and the sitemap all read from here, so the
 * owner changes a phone number or an opening hour in this file and nowhere else. The name, phone,
 * email and street address below are placeholders (555-01xx numbers are reserved for fiction).
 * `validateProfile` runs at build time and in the unit tests so a typo cannot ship.
 */

export type DayName = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface OpeningHours {
  days: readonly DayName[];
  opens: string;
  closes: string;
}

export interface BusinessProfile {
  name: string;
  shortName: string;
  legalName: string;
  description: string;
  siteUrl: string;
  phone: { display: string; e164: string };
  email: string;
  address: {
    street: string;
    locality: string;
    region: "NJ";
    postalCode: string;
    country: "US";
  };
  geo: { latitude: number; longitude: number };
  areaServed: { radiusMeters: number; places: readonly string[] };
  homeWatchAreas: readonly string[];
  foundingYear: number;
  yearsExperience: number;
  yearsOnIsland: number;
  satisfactionPercent: number;
  generations: number;
  replyWithinHours: number;
  paymentAccepted: readonly string[];
  currency: "USD";
  priceRange: string;
  /** The IANA time zone of the business's clock: opening hours, visits, reminders, dates in emails. */
  timeZone: string;
  /** The zone as people call it, written after times in emails. */
  timeZoneName: string;
  hours: {
    /** what pages show, one line per row */
    display: readonly { label: string; value: string }[];
    /** the same hours for structured data */
    structured: readonly OpeningHours[];
  };
  rating: { value: number; best: number; count: number; countLabel: string };
  sampleReview: { author: string; rating: number; body: string; datePublished: string };
  social: { facebook: string; instagram: string };
  reviewsUrl: string;
  /** New Jersey requires the Home Improvement Contractor registration number on every advertisement. */
  hicRegistration: string;
  claims: readonly string[];
}

export const profile = {
  name: "Causeway Home Repair & Renovation",
  shortName: "Causeway Home Repair",
  legalName: "Causeway Home Repair & Renovation LLC",
  description:
    "Family-owned home repair and renovation contractor serving Long Beach Island and Manahawkin, NJ: bathrooms, decks and stairs, Andersen windows, carpentry, ground level remodeling, outdoor showers, handyman work and off-season home watch.",
  siteUrl: "https://www.causewayhomerepair.example",
  phone: { display: "(609) 555-0142", e164: "+16095550142" },
  email: "estimates@causewayhomerepair.example",
  address: {
    street: "1 Causeway Example Blvd",
    locality: "Manahawkin",
    region: "NJ",
    postalCode: "08050",
    country: "US",
  },
  geo: { latitude: 39.6957, longitude: -74.2585 },
  areaServed: {
    radiusMeters: 50000,
    places: ["Long Beach Island", "Ocean County", "Manahawkin"],
  },
  homeWatchAreas: ["Long Beach Island", "Surf City", "Ship Bottom", "Beach Haven", "Harvey Cedars", "Barnegat Light"],
  foundingYear: 1984,
  yearsExperience: 40,
  yearsOnIsland: 17,
  satisfactionPercent: 100,
  generations: 3,
  replyWithinHours: 24,
  paymentAccepted: ["Cash", "Check", "Major credit cards"],
  currency: "USD",
  priceRange: "$$",
  timeZone: "America/New_York",
  timeZoneName: "New Jersey time",
  hours: {
    display: [
      { label: "Monday - Friday", value: "9am - 5pm" },
      { label: "Saturday", value: "By appointment" },
      { label: "Sunday", value: "Closed" },
    ],
    structured: [{ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" }],
  },
  rating: { value: 4.9, best: 5, count: 150, countLabel: "150+" },
  sampleReview: {
    author: "Linda M., Ship Bottom",
    rating: 5,
    body: "They rebuilt our storm-damaged deck stairs before rental season and left the site cleaner than they found it. Honest price, on time, and they answered every call.",
    datePublished: "2025-06-14",
  },
  social: {
    facebook: "https://www.facebook.com/causewayhomerepair.example",
    instagram: "https://www.instagram.com/causewayhomerepair.example",
  },
  reviewsUrl: "https://www.google.com/maps/search/?api=1&query=Causeway+Home+Repair+Manahawkin+NJ",
  hicRegistration: "13VH00000142",
  claims: [
    "Family-owned",
    "Three generations of craftsmen",
    "Licensed and insured",
    "Work guaranteed",
    "Free estimates",
  ],
} as const satisfies BusinessProfile;

/** The business's address on one line, as contracts and emails write it. */
export function postalAddress(): string {
  const a = profile.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`;
}

/** The phone number as a `tel:` address. */
export const phoneHref = `tel:${profile.phone.e164}`;

/** Opens a web-mail compose window addressed to the business (spec: the email link opens a new tab). */
export const emailComposeHref = `https://mail.google.com/mail/?view=cm&fs=1&to=${encodeURIComponent(profile.email)}`;

export const mailtoHref = `mailto:${profile.email}`;

/** Fails loudly at build time (and in the unit tests) when a fact is malformed. */
export function validateProfile(p: BusinessProfile): string[] {
  const problems: string[] = [];
  if (!/^\+1\d{10}$/.test(p.phone.e164)) problems.push("phone.e164 must be +1 and ten digits");
  if (p.phone.display.replace(/\D/g, "") !== p.phone.e164.slice(2))
    problems.push("phone.display and phone.e164 name different numbers");
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.email)) problems.push("email is not an address");
  if (!/^https:\/\/[^/]+$/.test(p.siteUrl)) problems.push("siteUrl must be an https origin without a trailing slash");
  if (!/^\d{5}$/.test(p.address.postalCode)) problems.push("address.postalCode must be five digits");
  if (!/^13VH\d{8}$/.test(p.hicRegistration)) problems.push("hicRegistration must look like 13VH followed by 8 digits");
  if (p.rating.value > p.rating.best || p.rating.value <= 0) problems.push("rating.value out of range");
  if (p.foundingYear < 1900 || p.foundingYear > new Date().getFullYear()) problems.push("foundingYear out of range");
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: p.timeZone });
  } catch {
    problems.push("timeZone is not a time zone name such as America/New_York");
  }
  for (const h of p.hours.structured)
    if (!/^\d\d:\d\d$/.test(h.opens) || !/^\d\d:\d\d$/.test(h.closes)) problems.push("hours must be HH:MM");
  return problems;
}
