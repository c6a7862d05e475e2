/**
 * The long copy of the eight service pages, keyed by slug.
 *
 * `services.ts` holds the short card data (title, icon, image, four features); this file holds what
 * each service page says beyond that. Business facts come from `profile.ts`. The home watch areas
 * are not repeated here: the home watch page renders `profile.homeWatchAreas` itself.
 * Gallery images are named `gallery-<slug>-<n>` in the image pipeline.
 */
import type { IconName } from "./icon-names";
import { profile } from "./profile";
import type { ServiceSlug } from "./services";

export interface CopyCard {
  icon: IconName;
  title: string;
  text: string;
}

export interface GalleryItem {
  image: string;
  alt: string;
  caption: string;
}

export interface ServicePageCopy {
  slug: ServiceSlug;
  /** at most 60 characters */
  metaTitle: string;
  /** 140 to 160 characters */
  metaDescription: string;
  keywords: string[];
  hero: { eyebrow: string; heading: string; intro: string };
  /** 5 to 8 items */
  features: { heading: string; intro: string; items: { title: string; text: string }[] };
  /** 4 to 6 points */
  whyChoose: { heading: string; points: string[] };
  gallery: { heading: string; items: GalleryItem[] } | null;
  /** andersen-windows only */
  certifiedBanner?: { title: string; text: string };
  /** handyman-services only: Quick Fixes, Installation, Maintenance, Emergency */
  popularServices?: CopyCard[];
  /** ground-level-remodeling only: exactly 4 */
  featureCards?: CopyCard[];
  /** home-watch only: exactly 4 */
  serviceCards?: CopyCard[];
  /** home-watch only: 5 to 7 lines */
  benefits?: string[];
  /** outdoor-showers only: exactly 2 */
  benefitCards?: CopyCard[];
  /** optional short Q&A shown on the page */
  faq?: { question: string; answer: string }[];
  cta: { heading: string; text: string; button: string };
}

const ESTIMATE_BUTTON = "Get Free Estimate";
const family = `${profile.generations} generations`;
const years = `${profile.yearsExperience} years`;
const reply = `${profile.replyWithinHours} hours`;

export const servicePages: Record<ServiceSlug, ServicePageCopy> = {
  "bathroom-renovations": {
    slug: "bathroom-renovations",
    metaTitle: "Bathroom Renovations on LBI | Causeway Home Repair",
    metaDescription:
      "Bathroom remodels for Long Beach Island homes: tiled walk-in showers, vanities, exhaust fans sized for the room and fixtures that stand up to sand and salt air.",
    keywords: [
      "bathroom renovation LBI",
      "bathroom remodel Long Beach Island",
      "walk-in shower Manahawkin",
      "tub to shower conversion NJ",
      "shore house bathroom remodel",
      "bathroom contractor Ocean County",
    ],
    hero: {
      eyebrow: "Bathroom Renovations",
      heading: "Bathrooms built for shore humidity, sandy feet and full rental weeks",
      intro:
        "A shore-house bathroom works harder than most: wet towels, sand in the shower pan, a different family every week in summer and months of closed-up, damp air in winter. We remodel bathrooms with waterproofing, ventilation and finishes chosen for that life, and we build them while you are away if that suits you best.",
    },
    features: {
      heading: "What goes into a Causeway bathroom",
      intro:
        "Every remodel starts with what you cannot see: the framing, the waterproofing and the fan duct. Get those right and the tile and fixtures you pick will look good for years.",
      items: [
        {
          title: "Walk-in showers and tub conversions",
          text: "We take out the tub or the old fiberglass stall, rebuild the shower floor to a proper slope and tile it floor to ceiling, with a low or curbless entry where the framing allows.",
        },
        {
          title: "Waterproofing behind the tile",
          text: "Grout is not waterproof. Every tiled shower gets a continuous waterproofing membrane on the walls and pan, so water that gets past the grout never reaches the studs.",
        },
        {
          title: "Ventilation that clears the steam",
          text: "Exhaust fans sized for the room and ducted to the outdoors, never into the attic, with a timer or humidity sensor so they run long enough to dry the room.",
        },
        {
          title: "Vanities, storage and counters",
          text: "Vanities, medicine cabinets and linen storage sized for the space, with solid-surface or stone tops that wipe clean after a beach day.",
        },
        {
          title: "Fixtures that handle sand and salt",
          text: "Faucets, valves and hardware with durable finishes, and shower valves that hold a steady temperature when someone runs the kitchen tap.",
        },
        {
          title: "Accessible and aging-in-place upgrades",
          text: "Grab bars on solid blocking, shower benches, handheld showers, comfort-height toilets and wider doorways for guests, parents and your own later years.",
        },
        {
          title: "Permits and licensed trades",
          text: "We file permits with your municipality's construction office when the work calls for them, and plumbing and electrical work is done by licensed trades and inspected.",
        },
      ],
    },
    whyChoose: {
      heading: "Why shore homeowners trust us with their bathrooms",
      points: [
        `A family-owned business with ${family} in the trades and ${years} of experience.`,
        "A flat written estimate for the whole remodel, so you know the price before we start.",
        "Off-season scheduling, so the work is done before your first renters arrive.",
        "Photo updates as the job moves along, for owners who are off the island.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    gallery: {
      heading: "Recent bathroom projects",
      items: [
        {
          image: "gallery-bathroom-renovations-1",
          alt: "A walk-in shower with white subway tile, a glass panel and a built-in bench in a beach house bathroom",
          caption: "Tub converted to a walk-in shower",
        },
        {
          image: "gallery-bathroom-renovations-2",
          alt: "A double vanity with a light wood base and a white quartz top under two round mirrors",
          caption: "Double vanity for a rental master bath",
        },
        {
          image: "gallery-bathroom-renovations-3",
          alt: "A curbless tiled shower with a handheld shower head and a stainless grab bar",
          caption: "Curbless shower for aging in place",
        },
        {
          image: "gallery-bathroom-renovations-4",
          alt: "A compact guest bathroom with gray floor tile, a pedestal sink and a ceiling exhaust fan",
          caption: "Guest bath with a properly sized fan",
        },
      ],
    },
    faq: [
      {
        question: "Can you remodel the bathroom while we are off the island?",
        answer:
          "Yes. Most of our bathroom work in the off-season happens in empty houses. We arrange access with you and send photos as the job progresses.",
      },
      {
        question: "Do you handle the plumbing and electrical?",
        answer:
          "Yes. Plumbing and electrical work is done by licensed trades under a permit from your town, and we schedule the inspections.",
      },
    ],
    cta: {
      heading: "Planning a bathroom remodel?",
      text: `Send us a few photos and a short description of what you want. We reply within ${reply} and set up a visit to measure and talk through the options.`,
      button: ESTIMATE_BUTTON,
    },
  },

  "decks-and-stairs": {
    slug: "decks-and-stairs",
    metaTitle: "Decks & Stairs on LBI | Causeway Home Repair",
    metaDescription:
      "New decks, rebuilt stairs and railings for elevated Long Beach Island homes, built with stainless and hot-dip galvanized hardware that holds up in the salt air.",
    keywords: [
      "deck builder LBI",
      "deck repair Long Beach Island",
      "deck stairs elevated home NJ",
      "composite deck Manahawkin",
      "storm damaged deck repair",
      "railing replacement Ocean County",
    ],
    hero: {
      eyebrow: "Decks & Stairs",
      heading: "Decks and stairs for raised shore homes, built to take the weather",
      intro:
        "On an elevated house the deck stairs are the front door, and the deck is where the summer happens. Salt air, sun and storms are hard on both. We build new decks, rebuild stairs and railings and repair storm damage with framing, hardware and decking chosen for the island.",
    },
    features: {
      heading: "What we build and repair",
      intro:
        "Whether you need a whole new deck or one flight of stairs rebuilt before the season, the structure underneath gets the same attention as the boards on top.",
      items: [
        {
          title: "New decks",
          text: "Pressure-treated framing with composite, PVC or wood decking, laid out for the views, the sun and the way you use the space.",
        },
        {
          title: "Stair rebuilds",
          text: "Long runs of stairs up to raised first floors, with landings where they are needed and even risers and treads that meet code.",
        },
        {
          title: "Railings",
          text: "Vinyl, composite, aluminum or wood railings, fastened solidly into the framing so they do not loosen after a few seasons of leaning and wind.",
        },
        {
          title: "Corrosion-resistant hardware",
          text: "Stainless steel and hot-dip galvanized fasteners, joist hangers and bolts rated for treated lumber, because plain steel rusts out quickly in salt air.",
        },
        {
          title: "Ledger flashing and connections",
          text: "Where a deck attaches to the house, the ledger is flashed and bolted properly so water stays out of the wall and the deck stays attached.",
        },
        {
          title: "Storm-damage repairs",
          text: "After a storm we make damaged stairs and railings safe first, then replace broken framing, boards and posts.",
        },
        {
          title: "Permits and inspections",
          text: "We prepare drawings, file with your municipality's construction office, and handle any floodplain review for homes in a flood zone.",
        },
      ],
    },
    whyChoose: {
      heading: "Why build your deck with Causeway",
      points: [
        "We know elevated homes: long stair runs, landings and decks on pilings are everyday work for us.",
        "Hardware and fasteners chosen for salt air, not whatever is cheapest at the store.",
        "A flat written estimate covering materials, labor and permits.",
        "Spring scheduling focused on getting stairs safe and finished before rental season.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    gallery: {
      heading: "Recent deck and stair projects",
      items: [
        {
          image: "gallery-decks-and-stairs-1",
          alt: "A gray composite deck with white railings on the back of a raised shore home",
          caption: "New composite deck",
        },
        {
          image: "gallery-decks-and-stairs-2",
          alt: "A rebuilt deck stair with white vinyl railings and a mid-level landing on a raised shore home",
          caption: "Entry stairs rebuilt with a landing",
        },
        {
          image: "gallery-decks-and-stairs-3",
          alt: "Close view of stainless steel joist hangers and bolts on new pressure-treated deck framing",
          caption: "Stainless hardware on new framing",
        },
        {
          image: "gallery-decks-and-stairs-4",
          alt: "A second-floor bay-view deck with aluminum railings and glass panels",
          caption: "Railings replaced to open up the view",
        },
      ],
    },
    faq: [
      {
        question: "Should I choose composite or wood decking?",
        answer:
          "Wood costs less up front but needs regular sealing. Composite and PVC cost more but do not need staining and will not splinter under bare feet. We will price both if you are undecided.",
      },
      {
        question: "Can you just replace the stairs and keep the deck?",
        answer:
          "Often, yes. If the deck framing is sound we rebuild only the stairs and railings. If we find rot or rusted connectors we show you before recommending more.",
      },
    ],
    cta: {
      heading: "Need a new deck or safer stairs?",
      text: `Tell us about the deck or stairs and send a few photos. We reply within ${reply} and schedule a visit to measure and look at the framing.`,
      button: ESTIMATE_BUTTON,
    },
  },

  "andersen-windows": {
    slug: "andersen-windows",
    metaTitle: "Andersen Windows & Doors on LBI | Causeway Home Repair",
    metaDescription:
      "Certified Andersen window and door installation on Long Beach Island: replacement windows, patio and entry doors, and repairs for homes that face wind and salt.",
    keywords: [
      "Andersen windows LBI",
      "Andersen certified installer NJ",
      "window replacement Long Beach Island",
      "patio door installation Manahawkin",
      "impact windows shore home",
      "window repair Ocean County",
    ],
    hero: {
      eyebrow: "Andersen Windows & Doors",
      heading: "Andersen windows and doors, installed by certified installers",
      intro:
        "Windows on the island take wind-driven rain, salt spray and strong sun. A good window only performs as well as its installation, so we install Andersen windows and doors with careful flashing and sealing, and we repair the ones you already have when a repair makes more sense.",
    },
    features: {
      heading: "Window and door services",
      intro:
        "From a single cracked sash to a whole house of new windows, we measure, order, install and finish the trim so the job looks like it was always there.",
      items: [
        {
          title: "Replacement windows",
          text: "New Andersen windows fitted into your existing openings, with the interior and exterior trim finished to match the house.",
        },
        {
          title: "New-construction windows",
          text: "Full-frame installation for additions, renovations and new openings, flashed into the wall before siding or shingles go back on.",
        },
        {
          title: "Patio and entry doors",
          text: "Sliding and hinged patio doors and entry doors, set on sill pans and flashed so wind-driven rain stays out of the floor below.",
        },
        {
          title: "Coastal and impact-rated options",
          text: "We help you choose among Andersen's options for wind-exposed walls and check with your construction office whether impact-rated glass is required.",
        },
        {
          title: "Window and door repair",
          text: "New balances, sashes, weatherstripping, locks and hardware for windows and doors that stick, rattle or leak air.",
        },
        {
          title: "Leak diagnosis",
          text: "When a window leaks in nor'easters we open the trim, find where the water really enters and fix the flashing, not just the caulk.",
        },
      ],
    },
    whyChoose: {
      heading: "Why choose Causeway for your windows",
      points: [
        "Certified Andersen installers who install every unit to Andersen's instructions.",
        "Flashing and sealing details chosen for wind-driven rain on exposed shore walls.",
        "Honest advice on whether to repair or replace.",
        "A flat written estimate covering the windows, installation and trim.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    certifiedBanner: {
      title: "Certified Andersen Installers",
      text: "We are certified to install Andersen windows and doors. You get Andersen products installed the way Andersen specifies, backed by our own guarantee on the workmanship and the manufacturer's product warranty.",
    },
    gallery: {
      heading: "Recent window and door projects",
      items: [
        {
          image: "gallery-andersen-windows-1",
          alt: "White double-hung Andersen windows with new trim on a cedar-shingled beach house",
          caption: "Whole-house window replacement",
        },
        {
          image: "gallery-andersen-windows-2",
          alt: "A wide Andersen sliding patio door opening onto a deck with a bay view",
          caption: "New sliding patio door",
        },
        {
          image: "gallery-andersen-windows-3",
          alt: "A row of Andersen casement windows across the ocean side of a raised home",
          caption: "Casement windows on the ocean side",
        },
      ],
    },
    faq: [
      {
        question: "Do window replacements need a permit?",
        answer:
          "It depends on the job and your town. Replacing a window in the same opening is treated differently from enlarging an opening, so we check with your construction office and file whatever is needed.",
      },
      {
        question: "Can you repair a window instead of replacing it?",
        answer:
          "Often, yes. New balances, weatherstripping or hardware fix many sticking and drafty windows. We tell you honestly when a window is past repair.",
      },
    ],
    cta: {
      heading: "Ready for new windows or doors?",
      text: `Tell us how many windows or doors you are thinking about and send a few photos. We reply within ${reply} and visit to measure.`,
      button: ESTIMATE_BUTTON,
    },
  },

  "handyman-services": {
    slug: "handyman-services",
    metaTitle: "Handyman Services on LBI | Causeway Home Repair",
    metaDescription:
      "Handyman services for Long Beach Island homes: drywall patches, sticking doors, loose railings, fixture swaps and rental turnover repairs, billed by the hour.",
    keywords: [
      "handyman LBI",
      "handyman Long Beach Island",
      "handyman Manahawkin NJ",
      "rental turnover repairs",
      "drywall repair Ocean County",
      "small home repairs shore house",
    ],
    hero: {
      eyebrow: "Handyman Services",
      heading: "The small-job list every shore house collects, handled",
      intro:
        "A door that swells shut in August, a towel bar pulled out of the wall, a screen torn by the wind, a drip under the sink: none of it is big, but it adds up, especially between rental weeks. Our handyman crew works through the list, billed by the hour, with the same care we put into a remodel.",
    },
    features: {
      heading: "What our handyman crew takes care of",
      intro:
        "If it is on your list and it is not a full renovation, it probably belongs here. Send us the list and we will tell you what it involves.",
      items: [
        {
          title: "Drywall and trim repairs",
          text: "Patches for holes, dents and water stains, cracked corners and loose trim, finished and ready for paint.",
        },
        {
          title: "Doors, locks and hardware",
          text: "Doors that stick, drag or will not latch in the humidity, plus new locks, keypads, hinges and closers.",
        },
        {
          title: "Fixtures and fans",
          text: "Light fixtures, ceiling fans, faucets, towel bars and shelving swapped or installed, with licensed electricians for new circuits.",
        },
        {
          title: "Rental turnover punch lists",
          text: "The repairs your guests or property manager report, handled between rental weeks so the house is ready for the next arrivals.",
        },
        {
          title: "Weatherproofing",
          text: "Caulking, weatherstripping, screen repairs and door sweeps that keep out drafts, sand and wind-driven rain.",
        },
        {
          title: "Small carpentry repairs",
          text: "Loose railings, split deck boards, broken stair treads and damaged shingles fixed before they turn into bigger jobs.",
        },
      ],
    },
    whyChoose: {
      heading: "Why call Causeway for the small stuff",
      points: [
        "Small jobs are billed hourly, so you pay only for the time the work takes.",
        `Handyman work done by the same family crew that builds our renovations, with ${years} of experience.`,
        "We work around rental schedules and owners who are off the island.",
        "If a small job turns out to be a bigger problem, we show you photos before going further.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    popularServices: [
      {
        icon: "wrench",
        title: "Quick Fixes",
        text: "Drywall patches, sticking doors, loose towel bars, torn screens and dripping faucets, handled in one visit where we can.",
      },
      {
        icon: "hammer",
        title: "Installation",
        text: "Light fixtures, ceiling fans, shelving, blinds, locks, keypads and storage, mounted securely and level.",
      },
      {
        icon: "clipboard",
        title: "Maintenance",
        text: "Seasonal opening and closing, caulking, weatherstripping and the punch list that keeps a rental in shape.",
      },
      {
        icon: "storm",
        title: "Emergency",
        text: "A door blown in, a railing down or water coming in after a storm: call us and we make it safe and watertight first, then schedule the repair.",
      },
    ],
    gallery: {
      heading: "Recent handyman jobs",
      items: [
        {
          image: "gallery-handyman-services-1",
          alt: "A freshly patched and sanded section of drywall next to a doorway, ready for paint",
          caption: "Drywall patch ready for paint",
        },
        {
          image: "gallery-handyman-services-2",
          alt: "A white ceiling fan newly installed in a beach house living room with a vaulted ceiling",
          caption: "Ceiling fan installation",
        },
        {
          image: "gallery-handyman-services-3",
          alt: "A carpenter planing the edge of a sticking interior door on sawhorses",
          caption: "Sticking door trimmed and rehung",
        },
        {
          image: "gallery-handyman-services-4",
          alt: "A new keypad deadbolt on a painted front door of a rental cottage",
          caption: "Keypad lock for a rental",
        },
      ],
    },
    faq: [
      {
        question: "How do you charge for handyman work?",
        answer:
          "Small jobs are billed hourly plus materials. If your list grows into a larger project, we give you a flat written estimate instead.",
      },
      {
        question: "Is there a job too small to call about?",
        answer:
          "Not really. Send us the whole list; several small repairs in one visit make the best use of your time and ours.",
      },
    ],
    cta: {
      heading: "Got a list of small repairs?",
      text: `Send us the list, with photos if you have them. We reply within ${reply} and let you know when we can get to it.`,
      button: ESTIMATE_BUTTON,
    },
  },

  carpentry: {
    slug: "carpentry",
    metaTitle: "Custom Carpentry & Trim on LBI | Causeway Home Repair",
    metaDescription:
      "Custom carpentry and trim for Long Beach Island homes: built-ins, window seats, crown, casing and wainscoting, and exterior trim in rot-resistant materials.",
    keywords: [
      "custom carpentry LBI",
      "finish carpenter Long Beach Island",
      "built-ins Manahawkin",
      "trim carpentry Ocean County",
      "wainscoting and crown molding NJ",
      "PVC exterior trim shore home",
    ],
    hero: {
      eyebrow: "Custom Carpentry & Trim",
      heading: "Built-ins and trim, cut and fitted on site",
      intro: `Good carpentry is what makes a shore house feel finished: a window seat facing the bay, shelves built into the wall, trim that meets in tight corners. Our family has done this work for ${family}, and every piece is measured, cut and fitted in your house.`,
    },
    features: {
      heading: "Carpentry we build",
      intro:
        "Inside or out, we build carpentry that fits the house and suits the way a shore home gets used, from rainy-day reading nooks to storage for beach chairs.",
      items: [
        {
          title: "Built-ins and bookcases",
          text: "Shelving, cabinets and media walls built into the room, painted or stained to match your trim.",
        },
        {
          title: "Window seats and benches",
          text: "Window seats with storage underneath and mudroom benches with hooks and cubbies for beach bags and sandy shoes.",
        },
        {
          title: "Crown, casing and baseboard",
          text: "Interior trim installed with tight miters and coped joints, including matching existing profiles in older cottages.",
        },
        {
          title: "Wainscoting and wall paneling",
          text: "Beadboard, board and batten and shiplap that add character and stand up to wet towels and bumps.",
        },
        {
          title: "Exterior trim",
          text: "Fascia, corner boards, window and door trim replaced with PVC or other rot-resistant materials that hold paint and do not soak up salt air.",
        },
        {
          title: "Outdoor storage and enclosures",
          text: "Storage sheds, trash and propane enclosures, and outdoor cabinets for kayaks, chairs and beach gear.",
        },
      ],
    },
    whyChoose: {
      heading: "Why choose Causeway for carpentry",
      points: [
        `${family} of craftsmen and ${years} of experience in the trades.`,
        "Work is fitted on site to walls and floors that are rarely perfectly square.",
        "Materials chosen for humidity and salt, inside and out.",
        "A flat written estimate with drawings or sketches for built-ins before we start.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    gallery: {
      heading: "Recent carpentry projects",
      items: [
        {
          image: "gallery-carpentry-1",
          alt: "A painted built-in bookcase with cabinet doors below flanking a living room window",
          caption: "Built-in bookcases",
        },
        {
          image: "gallery-carpentry-2",
          alt: "A white window seat with storage drawers and cushions facing a bay view",
          caption: "Window seat with storage",
        },
        {
          image: "gallery-carpentry-3",
          alt: "A dining room with white board and batten wainscoting and crown molding",
          caption: "Board and batten wainscoting",
        },
        {
          image: "gallery-carpentry-4",
          alt: "New white PVC corner boards and window trim on a cedar-shingled wall",
          caption: "Exterior trim replaced in PVC",
        },
      ],
    },
    faq: [
      {
        question: "Can you match the old trim in my cottage?",
        answer:
          "Usually. Many profiles are still available, and where they are not we can often build up a match from stock moldings.",
      },
      {
        question: "What is the best exterior trim material at the shore?",
        answer:
          "We often use PVC trim for fascia and corner boards because it does not rot and holds paint well. Wood is still a good choice where you want a traditional look and are willing to maintain it.",
      },
    ],
    cta: {
      heading: "Have a carpentry project in mind?",
      text: `Tell us what you would like built, and send photos of the room or wall. We reply within ${reply}.`,
      button: ESTIMATE_BUTTON,
    },
  },

  "ground-level-remodeling": {
    slug: "ground-level-remodeling",
    metaTitle: "Ground Level Remodeling on LBI | Causeway Home Repair",
    metaDescription:
      "Ground level remodeling under elevated LBI homes: flood-resistant finishes, breakaway walls, flood vents, entry foyers and storage built within the flood rules.",
    keywords: [
      "ground level remodeling LBI",
      "elevated home ground floor NJ",
      "breakaway walls Long Beach Island",
      "flood vents installation",
      "flood zone remodeling Ocean County",
      "under house storage shore home",
    ],
    hero: {
      eyebrow: "Ground Level Remodeling",
      heading: "Making the most of the space under your elevated home",
      intro:
        "Raising a house above the flood level leaves a ground level that is often bare framing, a parking pad and a long stair. We turn it into a useful entry, storage area and garage, built with flood-resistant materials, breakaway walls and flood vents as your flood zone requires.",
    },
    features: {
      heading: "What we build at ground level",
      intro:
        "Below the base flood elevation, the rules allow parking, building access and storage, not living space. Within those rules there is a lot you can do to make the ground level work and look good.",
      items: [
        {
          title: "Entry foyers",
          text: "A finished entry at the foot of the stairs or elevator, with flood-resistant walls and floors and a place to drop beach gear.",
        },
        {
          title: "Storage rooms",
          text: "Enclosed storage for bikes, chairs, kayaks and outdoor furniture, with shelving and hooks that survive getting wet.",
        },
        {
          title: "Garages and workshops",
          text: "Garage doors, workbenches and storage for the space where you park, built to the same flood rules as the rest of the level.",
        },
        {
          title: "Breakaway walls",
          text: "In VE zones, enclosure walls designed to give way under wave action so they do not transfer that force to the house above.",
        },
        {
          title: "Flood vents",
          text: "In AE zones, flood openings sized and placed so water can flow in and out and pressure on the walls stays balanced.",
        },
        {
          title: "Flood-resistant finishes",
          text: "Materials that can get wet and be cleaned, such as concrete, tile, PVC and treated lumber, instead of paper-faced drywall and carpet.",
        },
        {
          title: "Permits and floodplain review",
          text: "We work with your municipality's construction office and floodplain administrator so the plan is approved before we build.",
        },
      ],
    },
    whyChoose: {
      heading: "Why trust Causeway with your ground level",
      points: [
        "We know the difference between AE and VE requirements and build to the zone your home is in.",
        "Plans are reviewed with your town before work begins, not after.",
        "Flood-resistant materials throughout, so cleanup after high water is easier.",
        `A family business with ${years} of experience and ${profile.yearsOnIsland} years working on island homes.`,
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    featureCards: [
      {
        icon: "droplet",
        title: "Flood-Resistant Materials",
        text: "Walls, floors and trim that can get wet, be cleaned and dry out without being torn out.",
      },
      {
        icon: "waves",
        title: "Breakaway Walls",
        text: "For VE zones: enclosures built to break away under wave action and protect the structure above.",
      },
      {
        icon: "shield",
        title: "Flood Vents",
        text: "For AE zones: openings that let floodwater in and out so the enclosure walls are not pushed over.",
      },
      {
        icon: "key",
        title: "Entries & Storage",
        text: "Foyers, storage rooms and garages that make the ground level useful every day of the season.",
      },
    ],
    gallery: null,
    faq: [
      {
        question: "Can I put a bedroom or family room on the ground level?",
        answer:
          "Not below the base flood elevation. The flood rules limit that space to parking, building access and storage. We design within those limits.",
      },
      {
        question: "How do I know whether my home is in an AE or VE zone?",
        answer:
          "Your elevation certificate and FEMA's flood maps show it. We confirm the zone with your town before planning any ground level work.",
      },
    ],
    cta: {
      heading: "Thinking about your ground level?",
      text: `Tell us about your house and what you would like the space to do. We reply within ${reply} and set up a consultation at the house to look at the zone, the framing and the options.`,
      button: "Get Free Consultation",
    },
  },

  "home-watch": {
    slug: "home-watch",
    metaTitle: "Off-Season Home Watch on LBI | Causeway Home Repair",
    metaDescription:
      "Off-season home watch for Long Beach Island homes: weekly visits, photo reports after every check, after-storm inspections and a local repair crew on call.",
    keywords: [
      "home watch LBI",
      "home watch Long Beach Island",
      "off-season house checks NJ",
      "vacation home monitoring Beach Haven",
      "winter house checks Surf City",
      "after storm home inspection",
    ],
    hero: {
      eyebrow: "Off-Season Home Watch",
      heading: "Someone local keeping an eye on your shore house all winter",
      intro:
        "From fall to spring, many island houses sit empty. A frozen pipe, a failed furnace or a door blown open in a nor'easter can go unnoticed for weeks. Our home watch visits catch problems early, and because we are also a repair crew, we can fix what we find.",
    },
    features: {
      heading: "What every visit covers",
      intro:
        "Each visit follows the same checklist inside and out, and you get photos of what we saw, so you know the state of your house without driving down.",
      items: [
        {
          title: "Heat and thermostat",
          text: "We confirm the heat is running and the thermostat is set to at least 55 F, so pipes in outside walls stay above freezing.",
        },
        {
          title: "Water and leaks",
          text: "We look under sinks, around toilets, water heaters and ceilings for drips, stains and standing water, and run the taps so traps do not dry out.",
        },
        {
          title: "Doors, windows and security",
          text: "We check that every door and window is closed and locked and look for signs of forced entry.",
        },
        {
          title: "Exterior and roofline",
          text: "A walk around the house to look for missing shingles or siding, loose railings, damaged stairs and anything the wind moved.",
        },
        {
          title: "Pests and mildew",
          text: "We watch for droppings, nests and the musty smell or spotting that means moisture is building up inside.",
        },
        {
          title: "Power and appliances",
          text: "We check for tripped breakers, make sure the refrigerator and water heater are running and listen for smoke or carbon monoxide alarms chirping for a battery.",
        },
      ],
    },
    whyChoose: {
      heading: "Why owners choose Causeway for home watch",
      points: [
        "We are local, based just over the Causeway, and on the island every week.",
        "A photo report after every visit, so you see what we saw.",
        "After-storm checks as soon as it is safe to get around.",
        "We are a licensed and insured repair contractor, so problems get fixed, not just reported.",
        "A family business you can reach by phone, not a call center.",
      ],
    },
    serviceCards: [
      {
        icon: "eye",
        title: "Weekly Visits",
        text: "A walk-through inside and out every week the house is empty, following the same checklist each time.",
      },
      {
        icon: "camera",
        title: "Photo Reports",
        text: "Photos and notes sent to you after every visit, so you can see the house from wherever you are.",
      },
      {
        icon: "storm",
        title: "After-Storm Checks",
        text: "After nor'easters and high winds, we check the house as soon as the roads allow and report what we find.",
      },
      {
        icon: "thermometer",
        title: "Heat & Water Checks",
        text: "Thermostat at 55 F or higher, furnace running, and no leaks, drips or standing water.",
      },
    ],
    benefits: [
      "Catch leaks and heating failures in days, not at the spring opening.",
      "See your house after every visit through the photo report.",
      "Know the house came through each storm without driving down to check.",
      "Have repairs handled by the same local crew that found the problem.",
      "Have one local number to call about the house all winter.",
      "Open the house in spring with fewer surprises before rental season.",
    ],
    gallery: null,
    faq: [
      {
        question: "What should I do before leaving for the winter?",
        answer:
          "Set the thermostat to at least 55 F, consider shutting off the water at the main, empty the refrigerator and leave us a key or code. We walk through the rest with you.",
      },
      {
        question: "What happens if you find a problem?",
        answer:
          "We contact you right away with photos. Urgent problems like an active leak we deal with immediately; anything else we fix or schedule with your approval.",
      },
    ],
    cta: {
      heading: "Leaving the house for the off-season?",
      text: `Tell us about your house and when it will be empty. We reply within ${reply} and set up a walk-through before the first visit.`,
      button: ESTIMATE_BUTTON,
    },
  },

  "outdoor-showers": {
    slug: "outdoor-showers",
    metaTitle: "Outdoor Showers on LBI | Causeway Home Repair",
    metaDescription:
      "Cedar and composite outdoor showers for Long Beach Island homes, with hot and cold water, changing areas and drainage that keeps water away from the foundation.",
    keywords: [
      "outdoor shower LBI",
      "outdoor shower Long Beach Island",
      "cedar outdoor shower NJ",
      "outdoor shower enclosure Manahawkin",
      "beach house outdoor shower",
      "outdoor shower repair Ocean County",
    ],
    hero: {
      eyebrow: "Outdoor Showers",
      heading: "An outdoor shower that keeps the beach outside",
      intro:
        "Nothing says shore house like rinsing off outside after a day at the beach, and nothing keeps more sand out of the house. We build new outdoor showers, rebuild tired ones and fix leaky valves and rotted floors, with hot and cold water and drainage that works.",
    },
    features: {
      heading: "What goes into our outdoor showers",
      intro:
        "A good outdoor shower is part plumbing, part carpentry and part drainage. We handle all three so the shower is comfortable, private and easy to close for the winter.",
      items: [
        {
          title: "Cedar and composite enclosures",
          text: "Cedar, which resists rot naturally and weathers to a soft gray, or composite and PVC panels that keep their color with little upkeep.",
        },
        {
          title: "Hot and cold water",
          text: "A mixing valve with hot and cold supply from the house, with new plumbing done by licensed trades where your town requires a permit.",
        },
        {
          title: "Changing areas and benches",
          text: "A dry changing area with a bench, hooks and shelves, separated from the shower so towels and clothes stay dry.",
        },
        {
          title: "Drainage",
          text: "Slatted floors over stone or a drain to a suitable location, so water soaks away from the house instead of pooling against the foundation.",
        },
        {
          title: "Winterizing",
          text: "Shutoffs and drain-down valves placed so the supply lines can be emptied before the first freeze.",
        },
        {
          title: "Repairs and rebuilds",
          text: "New floors, doors, latches and valves for showers that have seen too many summers, or a full rebuild on the same spot.",
        },
      ],
    },
    whyChoose: {
      heading: "Why build your outdoor shower with Causeway",
      points: [
        "Carpentry and plumbing coordinated by one contractor.",
        "Stainless hardware and rot-resistant materials chosen for salt air.",
        "Showers under elevated homes built with open or breakaway construction where the flood rules call for it.",
        "A flat written estimate for the whole shower, enclosure to drain.",
        "Licensed and insured, and our work is guaranteed.",
      ],
    },
    benefitCards: [
      {
        icon: "home",
        title: "Less Sand in the House",
        text: "Everyone rinses off before they come inside, which means cleaner floors, fewer clogged drains and easier rental turnovers.",
      },
      {
        icon: "sun",
        title: "A Better Beach Day",
        text: "A hot rinse under the open sky after the beach is one of the best parts of a shore summer, for your family and your guests.",
      },
    ],
    gallery: {
      heading: "Recent outdoor showers",
      items: [
        {
          image: "gallery-outdoor-showers-1",
          alt: "A cedar outdoor shower enclosure with a slatted door against the side of a shingled beach house",
          caption: "Cedar shower with changing area",
        },
        {
          image: "gallery-outdoor-showers-2",
          alt: "Inside an outdoor shower: a brushed stainless shower head, mixing valve and a teak bench",
          caption: "Hot and cold mixing valve",
        },
        {
          image: "gallery-outdoor-showers-3",
          alt: "A white composite outdoor shower enclosure beside the entry stairs of a raised home",
          caption: "Composite enclosure by the stairs",
        },
        {
          image: "gallery-outdoor-showers-4",
          alt: "A slatted cedar shower floor over a bed of crushed stone",
          caption: "Slatted floor over a stone bed",
        },
      ],
    },
    faq: [
      {
        question: "Can you add hot water to my existing outdoor shower?",
        answer:
          "Usually, yes. We run a hot supply from the house to a new mixing valve and make sure the lines can be drained for the winter.",
      },
      {
        question: "How do I close the shower for the winter?",
        answer:
          "Shut off the supply valves inside, open the drain-downs and leave the shower valve open so trapped water can escape. Our home watch clients can have us do it.",
      },
    ],
    cta: {
      heading: "Ready for an outdoor shower?",
      text: `Tell us where you would like the shower and send a photo of the spot. We reply within ${reply} and visit to look at water supply and drainage.`,
      button: ESTIMATE_BUTTON,
    },
  },
};

export function getServicePage(slug: ServiceSlug): ServicePageCopy {
  return servicePages[slug];
}
