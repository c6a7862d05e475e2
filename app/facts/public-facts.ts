/**
 * What public pages show of the business facts, built field by field from what is published: the
 * root route hands it to every page, so it is all public and holds nothing the pages do not show.
 * Pure, shared with the browser.
 */
import {
  displayPhone,
  hoursRows,
  postalAddress,
  rangeWords,
  type BusinessFacts,
  type BusinessFigures,
  type HoursRow,
} from "~/content/business-facts";
import type { LiveFacts } from "./live-facts";

export interface PublicFacts {
  /** E.164, for `tel:` links. */
  phone: string;
  /** "(609) 555-0142". */
  phoneDisplay: string;
  email: string;
  address: BusinessFacts["address"];
  /** The address on one line. */
  postal: string;
  /** The week in force, one row per run of days with the same hours. */
  hoursRows: HoursRow[];
  /** A line above the hours while special hours run or are near: "Winter hours until Mar 31". */
  hoursNote: string | null;
  homeWatchAreas: readonly string[];
  social: BusinessFacts["social"];
  figures: BusinessFigures;
  claims: readonly string[];
  hicRegistration: string;
}

function hoursNote(live: LiveFacts): string | null {
  const inForce = live.rangeInForce;
  if (inForce) return `${inForce.name} until ${rangeWords({ firstDay: inForce.lastDay, lastDay: inForce.lastDay })}`;
  const ahead = live.rangeAhead;
  if (!ahead) return null;
  return ahead.closed ? `Closed ${rangeWords(ahead)}: ${ahead.name}` : `${ahead.name} from ${rangeWords(ahead)}`;
}

export function publicFactsOf(live: LiveFacts): PublicFacts {
  const f = live.facts;
  return {
    phone: f.phone,
    phoneDisplay: displayPhone(f.phone),
    email: f.email,
    address: { street: f.address.street, locality: f.address.locality, postalCode: f.address.postalCode },
    postal: postalAddress(f),
    hoursRows: hoursRows(live.week),
    hoursNote: hoursNote(live),
    homeWatchAreas: [...f.homeWatchAreas],
    social: { facebook: f.social.facebook, instagram: f.social.instagram },
    figures: { ...f.figures },
    claims: [...f.claims],
    hicRegistration: f.hicRegistration,
  };
}

/**
 * What a page reads when the root's data is missing, which happens only if the root's loader itself
 * failed: no phone, no hours, rather than the repository's first facts. Those would be stale once
 * the owner publishes, and carrying them (with the code that words hours) would weigh on every
 * public page's start-up script for a page that is never drawn from them.
 */
export const NO_PUBLIC_FACTS: PublicFacts = {
  phone: "",
  phoneDisplay: "",
  email: "",
  address: { street: "", locality: "", postalCode: "" },
  postal: "",
  hoursRows: [],
  hoursNote: null,
  homeWatchAreas: [],
  social: { facebook: "", instagram: "" },
  figures: {
    foundingYear: 0,
    yearsExperience: 0,
    yearsOnIsland: 0,
    satisfactionPercent: 0,
    generations: 0,
    replyWithinHours: 0,
  },
  claims: [],
  hicRegistration: "",
};
