/**
 * The FAQ page: eight categories of questions and answers.
 *
 * Every business fact (phone, hours, payment, areas, registration) comes from `profile.ts`, so an
 * answer never disagrees with the footer. Category and question ids become page anchors and are
 * unique across the file. Links are internal only and their text names the page they open.
 */
import type { IconName } from "./icon-names";
import { profile } from "./profile";

/** An answer is a list of paragraphs; a paragraph is a list of text runs and links. */
export type FaqInline = string | { text: string; href: string };
export interface FaqQuestion {
  id: string;
  question: string;
  answer: FaqInline[][];
}
export interface FaqCategory {
  id: string;
  name: string;
  icon: IconName;
  questions: FaqQuestion[];
}

/** "a, b and c" */
function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const hoursText = profile.hours.display.map((h) => `${h.label}: ${h.value}`).join("; ");
const paymentText = listJoin(profile.paymentAccepted.map((p) => p.toLowerCase()));
const homeWatchAreaText = listJoin(profile.homeWatchAreas);
const serviceAreaText = listJoin(profile.areaServed.places);
const reply = `${profile.replyWithinHours} hours`;

export const faqCategories: FaqCategory[] = [
  {
    id: "general",
    name: "General & Company",
    icon: "users",
    questions: [
      {
        id: "who-we-are",
        question: `Who is ${profile.shortName}?`,
        answer: [
          [
            `${profile.name} is a family-owned home repair and renovation contractor based in ${profile.address.locality}, NJ. ${profile.generations} generations of our family have worked in the trades, with ${profile.yearsExperience} years of experience behind the business and ${profile.yearsOnIsland} years working on Long Beach Island homes.`,
          ],
          [
            "We do bathrooms, decks and stairs, Andersen windows and doors, custom carpentry, ground level remodeling under elevated homes, outdoor showers, handyman work and off-season home watch. See ",
            { text: "all of our home repair and renovation services", href: "/services" },
            ".",
          ],
        ],
      },
      {
        id: "service-area",
        question: "What areas do you serve?",
        answer: [
          [
            `We work across ${serviceAreaText}: every town on the island and the mainland communities near the Causeway. Our home watch visits cover ${homeWatchAreaText}.`,
          ],
          [
            "If you are not sure whether your address is in range, ask when you ",
            { text: "request a free estimate", href: "/estimate" },
            " and we will tell you straight away.",
          ],
        ],
      },
      {
        id: "licensed-insured",
        question: "Are you licensed and insured?",
        answer: [
          [
            `Yes. We are licensed and insured, and we are registered with the New Jersey Division of Consumer Affairs as a Home Improvement Contractor, registration number ${profile.hicRegistration}. New Jersey requires that registration of anyone doing home improvement work, and our number appears on our estimates, contracts and advertising.`,
          ],
          [
            "If your association, property manager or lender needs a certificate of insurance before work starts, ask and we will send one.",
          ],
        ],
      },
      {
        id: "work-guarantee",
        question: "Do you guarantee your work?",
        answer: [
          [
            "Yes, our work is guaranteed. If something we built or repaired is not right, call us and we come back and make it right.",
          ],
          [
            "Products we install, such as Andersen windows, fixtures and decking, also carry their manufacturers' warranties, and we give you the paperwork at the end of the job.",
          ],
        ],
      },
      {
        id: "small-jobs",
        question: "Will you take on small jobs?",
        answer: [
          [
            "Yes. A sticking door, a loose railing, a dripping outdoor shower valve or a hole in the drywall is exactly the kind of list most shore houses collect. Our ",
            { text: "handyman services", href: "/services/handyman-services" },
            " cover it, billed by the hour.",
          ],
          [
            "If you would rather try a small repair yourself first, our ",
            { text: "drywall patching guide", href: "/blog/drywall-patching-guide" },
            " walks through the common patches step by step.",
          ],
        ],
      },
      {
        id: "office-hours-contact",
        question: "What are your office hours, and how do I reach you?",
        answer: [
          [`Our office hours are ${hoursText}.`],
          [
            `Call us at ${profile.phone.display}, email ${profile.email}, or use the `,
            { text: "contact form on our home page", href: "/#contact" },
            `. We reply within ${reply}, and messages left outside office hours are answered the next business day.`,
          ],
        ],
      },
    ],
  },
  {
    id: "estimates-pricing",
    name: "Estimates & Pricing",
    icon: "dollar",
    questions: [
      {
        id: "free-estimates",
        question: "Are your estimates free?",
        answer: [
          [
            "Yes, estimates are always free and there is no obligation. You can ",
            { text: "request a free estimate online", href: "/estimate" },
            ` or call us at ${profile.phone.display}.`,
          ],
        ],
      },
      {
        id: "estimate-process",
        question: "How does the estimate process work?",
        answer: [
          [
            `Tell us what you need, ideally with a few photos, and we reply within ${reply}. For small repairs the photos are often enough to tell you what the job involves.`,
          ],
          [
            "For larger projects we visit the house, measure, look at what is behind the problem (a soft deck board often means more than one board) and then send a written estimate that lists the scope, the materials and the expected schedule.",
          ],
        ],
      },
      {
        id: "hourly-vs-flat-pricing",
        question: "How do you price small jobs compared with large projects?",
        answer: [
          [
            "Small jobs are billed hourly, plus materials. That keeps a short repair from carrying the overhead of a full proposal, and you pay only for the time the work takes.",
          ],
          [
            "Large jobs, such as a bathroom remodel, a new deck or a window replacement, get a flat written estimate. The price is fixed for the work described, so you know the cost before we start.",
          ],
        ],
      },
      {
        id: "price-changes",
        question: "Can the price change after I accept the estimate?",
        answer: [
          [
            "A flat estimate holds for the work it describes. The price changes only if you ask for something added, or if we open a wall or a deck and find hidden damage, such as rot behind shingles or a corroded beam.",
          ],
          [
            "If that happens we stop, show you photos, explain the options and write up the change before doing any extra work. Nothing is added to your bill without your approval.",
          ],
        ],
      },
      {
        id: "phone-quotes",
        question: "Can you give me a price over the phone?",
        answer: [
          [
            "For hourly work we can usually give you a rough idea of the time involved once we have seen photos. For renovation projects we need to see the house first: shore homes vary too much in framing, elevation and exposure for an honest number sight unseen.",
          ],
        ],
      },
    ],
  },
  {
    id: "payments-scheduling",
    name: "Payments & Scheduling",
    icon: "credit-card",
    questions: [
      {
        id: "payment-methods",
        question: "What forms of payment do you accept?",
        answer: [[`We accept ${paymentText}.`]],
      },
      {
        id: "payment-timing",
        question: "When do I pay?",
        answer: [
          [
            "Hourly jobs are invoiced when the work is finished. For projects with a flat estimate, the payment schedule is written into the contract before work begins, so you know every amount and when it is due.",
          ],
        ],
      },
      {
        id: "booking-lead-time",
        question: "How far ahead should I book?",
        answer: [
          [
            "As early as you can, especially for spring. The weeks before Memorial Day are our busiest, because every owner wants the house ready for the season.",
          ],
          [
            "Renovations planned over the winter can be built in the off-season while the house is empty, which is easier for everyone. Small repairs can usually be fitted in sooner.",
          ],
        ],
      },
      {
        id: "owner-away",
        question: "Do I need to be at the house while you work?",
        answer: [
          [
            "No. Many of our clients live off the island for most of the year. We arrange access with you, send photos as the work progresses and walk you through the finished job by phone or in person, whichever you prefer.",
          ],
          [
            "If the house sits empty all winter, our ",
            { text: "off-season home watch service", href: "/services/home-watch" },
            " keeps an eye on it between projects too.",
          ],
        ],
      },
      {
        id: "rental-schedule",
        question: "Can you work around my rental bookings?",
        answer: [
          [
            "Yes. Punch-list repairs can often be done on changeover day between rental weeks, and we schedule larger projects for the off-season so they do not cost you bookings. Tell us your rental calendar when you ask for an estimate and we plan around it.",
          ],
        ],
      },
    ],
  },
  {
    id: "bathrooms",
    name: "Bathrooms",
    icon: "bath",
    questions: [
      {
        id: "bathroom-timeline",
        question: "How long does a bathroom remodel take?",
        answer: [
          [
            "It depends on the scope: replacing a vanity and fixtures is a short job, while a full remodel with a new tiled shower takes longer because waterproofing, tile and grout each need time to set. Your written estimate includes the expected schedule.",
          ],
          [
            "Details of what a full remodel includes are on our ",
            { text: "bathroom renovations page", href: "/services/bathroom-renovations" },
            ".",
          ],
        ],
      },
      {
        id: "bathroom-ventilation",
        question: "Why do you make such a point of bathroom ventilation?",
        answer: [
          [
            "Shore air is humid to begin with, and houses that sit closed up for months trap moisture. A fan that is too small, or one that blows into the attic instead of outside, leads to peeling paint, mildew and swollen trim.",
          ],
          [
            "We size the exhaust fan for the room and duct it to the outdoors, and we can put it on a humidity sensor or timer so it runs long enough to clear the steam.",
          ],
        ],
      },
      {
        id: "tub-to-shower",
        question: "Can you convert a tub into a walk-in shower?",
        answer: [
          [
            "Yes, it is one of our most requested projects. We remove the tub, rebuild and waterproof the shower floor and walls, and tile it. A low or curbless entry, a bench and grab bars make it safer for guests and for aging in place.",
          ],
          [
            "Even if you do not want grab bars yet, we can add solid blocking in the walls so they can be mounted securely later.",
          ],
        ],
      },
      {
        id: "bathroom-permits",
        question: "Does a bathroom remodel need a permit?",
        answer: [
          [
            "Work that changes plumbing, electrical or framing usually does. We apply for permits through your municipality's construction office, schedule the inspections and make sure plumbing and electrical work is done by licensed trades.",
          ],
        ],
      },
      {
        id: "bathroom-off-season",
        question: "Can you remodel the bathroom while the house is empty for the winter?",
        answer: [
          [
            "Yes, and the off-season is the best time for it. With no guests in the house we can work without interruption, and we send you photos as the job moves along so you can see the progress from wherever you are.",
          ],
        ],
      },
    ],
  },
  {
    id: "decks-stairs",
    name: "Decks & Stairs",
    icon: "stairs",
    questions: [
      {
        id: "deck-materials",
        question: "Should I build my deck with composite or pressure-treated wood?",
        answer: [
          [
            "Both work at the shore. Pressure-treated lumber costs less up front but needs regular cleaning and sealing, and boards can check and splinter in the sun. Composite and PVC decking cost more but do not need staining and will not splinter under bare feet.",
          ],
          [
            "Most of our decks use pressure-treated framing with composite decking and railings on top. Read more about materials and options on our ",
            { text: "decks and stairs page", href: "/services/decks-and-stairs" },
            ".",
          ],
        ],
      },
      {
        id: "deck-hardware",
        question: "Why does the hardware matter so much at the shore?",
        answer: [
          [
            "Salt air corrodes plain steel, and the chemicals in pressure-treated lumber are corrosive to it as well. Rusted joist hangers, lag screws and railing bolts are something we find on island decks again and again, often long before the wood itself gives out.",
          ],
          [
            "We use stainless steel or hot-dip galvanized fasteners and connectors rated for treated lumber, so the parts that hold the deck together last as long as the boards.",
          ],
        ],
      },
      {
        id: "deck-safety-signs",
        question: "How can I tell if my deck or stairs are unsafe?",
        answer: [
          [
            "Warning signs include soft or spongy boards, railings that move when you lean on them, stair treads that flex, rust streaks around bolts and hangers, and gaps where the deck meets the house. If you see any of them, keep people off that section and call us for an inspection.",
          ],
        ],
      },
      {
        id: "storm-damaged-stairs",
        question: "Can you fix storm-damaged stairs before rental season?",
        answer: [
          [
            "Yes. After a storm we first make damaged stairs and railings safe or block them off, then schedule the rebuild. The sooner you call in the spring, the easier it is to have everything finished before your first renters arrive.",
          ],
        ],
      },
      {
        id: "deck-permits",
        question: "Do I need a permit for a new deck or new stairs?",
        answer: [
          [
            "New decks and structural repairs generally need a permit from your municipality's construction office, and homes in a flood zone may need a floodplain review as well. We prepare the drawings, file the application and meet the inspector, so you do not have to.",
          ],
        ],
      },
    ],
  },
  {
    id: "windows-doors",
    name: "Windows & Doors",
    icon: "window",
    questions: [
      {
        id: "andersen-certified",
        question: "Why do you install Andersen windows?",
        answer: [
          [
            "We are certified Andersen installers. Andersen windows and doors come with exterior materials that do not need painting and with options suited to wind-exposed coastal walls, and we install every unit to Andersen's instructions.",
          ],
          [
            "See our ",
            { text: "Andersen windows and doors page", href: "/services/andersen-windows" },
            " or our article on ",
            {
              text: "Andersen windows and professional installation",
              href: "/blog/andersen-windows-professional-handyman-services",
            },
            ".",
          ],
        ],
      },
      {
        id: "window-repair",
        question: "Do you repair windows, or only replace them?",
        answer: [
          [
            "Both. Many windows that stick, rattle or let in drafts need new balances, weatherstripping, hardware or a sash rather than a whole new unit. We will tell you honestly whether a repair is worth it or whether the window has reached the end of its life.",
          ],
        ],
      },
      {
        id: "nor-easter-leaks",
        question: "Why does my window leak only during nor'easters?",
        answer: [
          [
            "Nor'easters drive rain sideways against the house for hours, which finds gaps that ordinary rain never reaches. The usual culprits are failed caulk, missing or badly lapped flashing around the window, and weep holes clogged with sand and salt.",
          ],
          [
            "We open up the trim, find where the water is actually coming in and fix the flashing, not just the caulk on the surface.",
          ],
        ],
      },
      {
        id: "coastal-windows",
        question: "Do I need impact-rated windows at the shore?",
        answer: [
          [
            "Whether impact-rated glass is required depends on where the house sits and the building code that applies to the work, so we check with your municipality's construction office before ordering. Even where it is not required, owners of houses with exposed ocean or bay walls often choose impact-rated or higher-performance units.",
          ],
        ],
      },
      {
        id: "doors",
        question: "Do you install patio and entry doors too?",
        answer: [
          [
            "Yes. We install sliding and hinged patio doors and entry doors, including the sill pans and flashing that keep wind-driven rain out of the floor below, and we repair and adjust doors that drag or will not latch.",
          ],
        ],
      },
    ],
  },
  {
    id: "home-watch",
    name: "Home Watch",
    icon: "eye",
    questions: [
      {
        id: "home-watch-visit",
        question: "What does a home watch visit include?",
        answer: [
          [
            "We visit your house every week, inside and out. We check for leaks and water on the floors, confirm the heat is running, look at doors, windows, the roof line and decks from the ground, run the taps so drains do not dry out, and look for signs of pests or break-ins.",
          ],
          [
            "You get a photo report after every visit. Details are on our ",
            { text: "off-season home watch page", href: "/services/home-watch" },
            ".",
          ],
        ],
      },
      {
        id: "home-watch-areas",
        question: "Which towns does home watch cover?",
        answer: [[`Our home watch service covers ${homeWatchAreaText}.`]],
      },
      {
        id: "home-watch-after-storms",
        question: "What happens after a storm?",
        answer: [
          [
            "After a storm passes we check on every house we watch, send you photos of what we find and tell you whether anything needs attention. Because we are also the repair crew, we can secure damage and schedule repairs once you approve them.",
          ],
        ],
      },
      {
        id: "winter-thermostat",
        question: "What temperature should I leave the heat at over the winter?",
        answer: [
          [
            "Keep the thermostat at 55 F or higher. Lower settings leave pipes in outside walls and crawl spaces at risk of freezing on the coldest nights. Many owners also shut off the water at the main or have the house winterized.",
          ],
          [
            "Our ",
            { text: "off-season home watch guide", href: "/blog/off-season-home-watch-lbi" },
            " covers closing up a shore house for the winter in more detail.",
          ],
        ],
      },
      {
        id: "home-watch-problems",
        question: "What if you find a problem during a visit?",
        answer: [
          [
            "We contact you right away with photos. Urgent issues, such as an active leak or a door blown open, we deal with immediately to limit the damage. Anything beyond that we explain and, with your approval, fix or schedule.",
          ],
        ],
      },
    ],
  },
  {
    id: "storms-flood-zones",
    name: "Storms & Flood Zones",
    icon: "storm",
    questions: [
      {
        id: "storm-preparation",
        question: "How should I get my shore house ready for a storm?",
        answer: [
          [
            "Bring in or tie down deck furniture and grills, clear gutters and deck drains, check that storm shutters and doors close and lock, and move anything valuable off the ground level. Our ",
            { text: "pre-storm checklist for LBI shore homes", href: "/blog/pre-storm-checklist-lbi-shore-homes" },
            " walks through it step by step.",
          ],
          [
            "More seasonal advice for island homeowners is on ",
            { text: "our shore home maintenance blog", href: "/blog" },
            ".",
          ],
        ],
      },
      {
        id: "flood-zones-ae-ve",
        question: "What do flood zones AE and VE mean for my project?",
        answer: [
          [
            "Both are high-risk zones on FEMA's flood maps, with a base flood elevation set for the property. VE zones are coastal areas that also face wave action, so the rules for building below the base flood elevation are stricter there than in AE zones.",
          ],
          [
            "Your flood zone is shown on your elevation certificate and on FEMA's flood maps. We confirm it before planning any work on the ground level or the foundation.",
          ],
        ],
      },
      {
        id: "ground-level-rules",
        question: "Can I finish the ground level under my elevated home?",
        answer: [
          [
            "Yes, within the flood rules. Enclosed space below the base flood elevation can be used for parking, building access and storage, not as living space, and it must be finished with flood-resistant materials. In VE zones any walls that enclose that space must be breakaway walls designed to give way under wave action; in AE zones the enclosure needs flood vents that let water in and out so it equalizes pressure on the walls.",
          ],
          [
            "Our ",
            { text: "ground level remodeling page", href: "/services/ground-level-remodeling" },
            " explains what we build within those rules.",
          ],
        ],
      },
      {
        id: "substantial-improvement",
        question: "What is the substantial improvement rule?",
        answer: [
          [
            "Under the National Flood Insurance Program rules that towns enforce, if the cost of improving or repairing a building in a flood zone reaches 50 percent of the building's market value, the whole building must be brought up to current floodplain requirements, which can mean elevating it.",
          ],
          [
            "Your municipality's floodplain administrator makes that determination, so for larger projects on older, lower homes we raise it early and help you get an answer before you commit.",
          ],
        ],
      },
      {
        id: "storm-permits",
        question: "Who takes care of permits and inspections?",
        answer: [
          [
            "We do. Permits are issued by your municipality's construction office, and work in a flood zone may also need floodplain review. We file the applications, schedule the inspections and keep the approved paperwork with your job file.",
          ],
        ],
      },
      {
        id: "storm-damage-insurance",
        question: "Can you help with storm damage and my insurance claim?",
        answer: [
          [
            "We secure the damage, document it with photos and give you a written estimate for the repairs, which you can share with your insurance adjuster. We do not negotiate claims on your behalf; that stays between you and your insurer.",
          ],
          [
            "To get on the schedule, ",
            { text: "request a storm damage repair estimate", href: "/estimate" },
            ` or call ${profile.phone.display}.`,
          ],
        ],
      },
    ],
  },
];
