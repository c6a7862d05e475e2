/**
 * The eight services, in the order the site lists them.
 *
 * The header, side panel, footer, services grid, sitemap and structured data all read this list;
 * each service page adds its long copy from `service-pages.ts`. `featuredOnHome` marks the six the
 * home page grid shows.
 */
import type { IconName } from "./icon-names";

export const serviceSlugs = [
  "bathroom-renovations",
  "decks-and-stairs",
  "andersen-windows",
  "handyman-services",
  "carpentry",
  "ground-level-remodeling",
  "home-watch",
  "outdoor-showers",
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export interface Service {
  slug: ServiceSlug;
  icon: IconName;
  title: string;
  /** a short name for tight spaces (menus) */
  navTitle: string;
  description: string;
  /** image name in the image pipeline (images/src/<name>.*) */
  image: string;
  alt: string;
  features: readonly [string, string, string, string];
  link: `/services/${ServiceSlug}`;
  featuredOnHome: boolean;
  /** schema.org serviceType */
  serviceType: string;
  /** primary services get sitemap priority 0.9 */
  primary: boolean;
}

export const services: readonly Service[] = [
  {
    slug: "bathroom-renovations",
    icon: "bath",
    title: "Bathroom Renovations",
    navTitle: "Bathroom Renovations",
    description:
      "Full bathroom remodels built for shore humidity: tiled showers, vanities, ventilation that actually clears the steam, and fixtures that stand up to sand and salt.",
    image: "service-bathroom-renovations",
    alt: "A renovated shore-house bathroom with a white tiled walk-in shower and a wood vanity",
    features: ["Walk-in showers and tub conversions", "Tile, vanities and fixtures", "Exhaust fans sized for the room", "Accessible and aging-in-place upgrades"],
    link: "/services/bathroom-renovations",
    featuredOnHome: true,
    serviceType: "Bathroom remodeling",
    primary: true,
  },
  {
    slug: "decks-and-stairs",
    icon: "stairs",
    title: "Decks & Stairs",
    navTitle: "Decks & Stairs",
    description:
      "New decks, rebuilt stairs and railings for elevated homes, fastened with stainless and hot-dipped hardware that does not rust out in the salt air.",
    image: "service-decks-and-stairs",
    alt: "A raised composite deck with stairs leading down to a sandy yard",
    features: ["Composite and pressure-treated decks", "Code-compliant stairs and railings", "Storm-damage repairs", "Stainless and coated fasteners"],
    link: "/services/decks-and-stairs",
    featuredOnHome: true,
    serviceType: "Deck and stair construction",
    primary: true,
  },
  {
    slug: "andersen-windows",
    icon: "window",
    title: "Andersen Windows",
    navTitle: "Andersen Windows",
    description:
      "Andersen window and door installation and repair by certified installers: replacement windows, patio doors and impact-rated units for wind-exposed walls.",
    image: "service-andersen-windows",
    alt: "New white double-hung Andersen windows on a cedar-shingled beach house",
    features: ["Certified Andersen installation", "Replacement and new-construction windows", "Patio and entry doors", "Sash, seal and hardware repair"],
    link: "/services/andersen-windows",
    featuredOnHome: true,
    serviceType: "Window installation and repair",
    primary: true,
  },
  {
    slug: "handyman-services",
    icon: "wrench",
    title: "Handyman Services",
    navTitle: "Handyman Services",
    description:
      "The list of small jobs every shore house collects: drywall patches, sticking doors, loose railings, fixture swaps and turnover repairs between rental weeks.",
    image: "service-handyman-services",
    alt: "A carpenter's tool belt and drill on a workbench beside a patched wall",
    features: ["Drywall and trim repairs", "Door and hardware adjustments", "Fixture and fan installation", "Rental turnover punch lists"],
    link: "/services/handyman-services",
    featuredOnHome: true,
    serviceType: "Handyman services",
    primary: false,
  },
  {
    slug: "carpentry",
    icon: "hammer",
    title: "Custom Carpentry & Trim",
    navTitle: "Carpentry & Trim",
    description:
      "Built-ins, wainscoting, crown and casing, window seats and outdoor storage, cut and fitted on site by carpenters who have done it for three generations.",
    image: "service-carpentry",
    alt: "A painted built-in bookcase with a window seat in a beach house living room",
    features: ["Built-ins and window seats", "Crown, casing and wainscoting", "Exterior trim in rot-proof materials", "Outdoor storage and enclosures"],
    link: "/services/carpentry",
    featuredOnHome: true,
    serviceType: "Custom carpentry and trim",
    primary: false,
  },
  {
    slug: "ground-level-remodeling",
    icon: "home",
    title: "Ground Level Remodeling",
    navTitle: "Ground Level Remodeling",
    description:
      "Finishing and rebuilding the ground level under elevated homes with flood-resistant materials, breakaway walls and flood vents that keep you compliant.",
    image: "service-ground-level-remodeling",
    alt: "The finished ground level of an elevated shore home with a garage door and an entry stair",
    features: ["Flood-resistant finishes", "Breakaway walls and flood vents", "Entry foyers and storage rooms", "Garage and workshop build-outs"],
    link: "/services/ground-level-remodeling",
    featuredOnHome: false,
    serviceType: "Ground level remodeling",
    primary: false,
  },
  {
    slug: "home-watch",
    icon: "eye",
    title: "Off-Season Home Watch",
    navTitle: "Home Watch",
    description:
      "Weekly walk-throughs of your empty shore house from fall to spring, with photos after every visit and a local crew ready when something needs attention.",
    image: "service-home-watch",
    alt: "A shore house shuttered for winter with a home watch visitor checking the front door",
    features: ["Weekly interior and exterior checks", "Photo report after every visit", "After-storm inspections", "Heat, water and security checks"],
    link: "/services/home-watch",
    featuredOnHome: true,
    serviceType: "Home watch",
    primary: false,
  },
  {
    slug: "outdoor-showers",
    icon: "shower",
    title: "Outdoor Showers",
    navTitle: "Outdoor Showers",
    description:
      "Cedar and composite outdoor showers with hot and cold water, changing areas and drainage that keeps sand out of the house and water away from the foundation.",
    image: "service-outdoor-showers",
    alt: "A cedar outdoor shower enclosure with a bench beside a beach house",
    features: ["Cedar and composite enclosures", "Hot and cold water supply", "Changing areas and benches", "Drainage and winterizing"],
    link: "/services/outdoor-showers",
    featuredOnHome: false,
    serviceType: "Outdoor shower construction",
    primary: false,
  },
];

export function getService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug);
}

export const featuredServices = services.filter((s) => s.featuredOnHome);
