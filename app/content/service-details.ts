/**
 * What a service card shows besides the name: description, picture and four features. A module of
 * its own so that pages without service cards do not download it with the menus.
 */
import { services, type ServiceSlug, type ServiceSummary } from "./services";

/** What a service card adds: kept apart so pages without cards do not download it. */
export interface ServiceDetails {
  description: string;
  /** image name in the image pipeline (images/src/<name>.*) */
  image: string;
  alt: string;
  features: readonly [string, string, string, string];
}

export type Service = ServiceSummary & ServiceDetails;

export const serviceDetails: Readonly<Record<ServiceSlug, ServiceDetails>> = {
  "bathroom-renovations": {
    description:
      "Full bathroom remodels built for shore humidity: tiled showers, vanities, ventilation that actually clears the steam, and fixtures that stand up to sand and salt.",
    image: "service-bathroom-renovations",
    alt: "A renovated shore-house bathroom with a white tiled walk-in shower and a wood vanity",
    features: [
      "Walk-in showers and tub conversions",
      "Tile, vanities and fixtures",
      "Exhaust fans sized for the room",
      "Accessible and aging-in-place upgrades",
    ],
  },
  "decks-and-stairs": {
    description:
      "New decks, rebuilt stairs and railings for elevated homes, fastened with stainless and hot-dipped hardware that does not rust out in the salt air.",
    image: "service-decks-and-stairs",
    alt: "A raised composite deck with stairs leading down to a sandy yard",
    features: [
      "Composite and pressure-treated decks",
      "Code-compliant stairs and railings",
      "Storm-damage repairs",
      "Stainless and coated fasteners",
    ],
  },
  "andersen-windows": {
    description:
      "Andersen window and door installation and repair by certified installers: replacement windows, patio doors and impact-rated units for wind-exposed walls.",
    image: "service-andersen-windows",
    alt: "New white double-hung Andersen windows on a cedar-shingled beach house",
    features: [
      "Certified Andersen installation",
      "Replacement and new-construction windows",
      "Patio and entry doors",
      "Sash, seal and hardware repair",
    ],
  },
  "handyman-services": {
    description:
      "The list of small jobs every shore house collects: drywall patches, sticking doors, loose railings, fixture swaps and turnover repairs between rental weeks.",
    image: "service-handyman-services",
    alt: "A carpenter's tool belt and drill on a workbench beside a patched wall",
    features: [
      "Drywall and trim repairs",
      "Door and hardware adjustments",
      "Fixture and fan installation",
      "Rental turnover punch lists",
    ],
  },
  carpentry: {
    description:
      "Built-ins, wainscoting, crown and casing, window seats and outdoor storage, cut and fitted on site by carpenters who have done it for three generations.",
    image: "service-carpentry",
    alt: "A painted built-in bookcase with a window seat in a beach house living room",
    features: [
      "Built-ins and window seats",
      "Crown, casing and wainscoting",
      "Exterior trim in rot-proof materials",
      "Outdoor storage and enclosures",
    ],
  },
  "ground-level-remodeling": {
    description:
      "Finishing and rebuilding the ground level under elevated homes with flood-resistant materials, breakaway walls and flood vents that keep you compliant.",
    image: "service-ground-level-remodeling",
    alt: "The finished ground level of an elevated shore home with a garage door and an entry stair",
    features: [
      "Flood-resistant finishes",
      "Breakaway walls and flood vents",
      "Entry foyers and storage rooms",
      "Garage and workshop build-outs",
    ],
  },
  "home-watch": {
    description:
      "Weekly walk-throughs of your empty shore house from fall to spring, with photos after every visit and a local crew ready when something needs attention.",
    image: "service-home-watch",
    alt: "A shore house shuttered for winter with a home watch visitor checking the front door",
    features: [
      "Weekly interior and exterior checks",
      "Photo report after every visit",
      "After-storm inspections",
      "Heat, water and security checks",
    ],
  },
  "outdoor-showers": {
    description:
      "Cedar and composite outdoor showers with hot and cold water, changing areas and drainage that keeps sand out of the house and water away from the foundation.",
    image: "service-outdoor-showers",
    alt: "A cedar outdoor shower enclosure with a bench beside a beach house",
    features: [
      "Cedar and composite enclosures",
      "Hot and cold water supply",
      "Changing areas and benches",
      "Drainage and winterizing",
    ],
  },
};

export const withDetails = (service: ServiceSummary): Service => ({ ...service, ...serviceDetails[service.slug] });

export function getService(slug: string): Service | undefined {
  const service = services.find((s) => s.slug === slug);
  return service ? withDetails(service) : undefined;
}
