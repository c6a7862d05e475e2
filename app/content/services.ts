/**
 * The eight services, in the order the site lists them.
 *
 * The header, side panel, footer, services grid, sitemap and structured data all read this list;
 * the cards' text and pictures are in `service-details.ts` and each service page's sections in
 * `services/<slug>.md`. `featuredOnHome` marks the six the home page grid shows.
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

/** What menus, links and structured data need of a service. */
export interface ServiceSummary {
  slug: ServiceSlug;
  icon: IconName;
  title: string;
  /** a short name for tight spaces (menus) */
  navTitle: string;
  link: `/services/${ServiceSlug}`;
  featuredOnHome: boolean;
  /** schema.org serviceType */
  serviceType: string;
  /** primary services get sitemap priority 0.9 */
  primary: boolean;
}

export const services: readonly ServiceSummary[] = [
  {
    slug: "bathroom-renovations",
    icon: "bath",
    title: "Bathroom Renovations",
    navTitle: "Bathroom Renovations",
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
    link: "/services/outdoor-showers",
    featuredOnHome: false,
    serviceType: "Outdoor shower construction",
    primary: false,
  },
];

export const featuredServices = services.filter((s) => s.featuredOnHome);
