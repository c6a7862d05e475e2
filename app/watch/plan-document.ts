/**
 * The home watch plan as a document: every line the homeowner reads, built once from the terms the
 * plan was sent with, so its page and its PDF say exactly the same. What a visit covers and what it
 * does not, how fast the homeowner hears of an issue, that repairs are quoted apart, and how the
 * plan ends are written here (docs/decisions/0047-home-watch-plans.md says what was checked).
 * Pure; shared with the browser.
 */
import type { Contractor } from "~/paperwork/contract-terms";
import { contractorLines, dayText, type PaperDocument } from "~/paperwork/document";
import { formatCents } from "~/paperwork/money";
import { AREA_LABELS, AREAS, type ChecklistItem } from "./checklist";
import { frequencyText, type PlanTerms } from "./watch-rules";

/** What the plan was sent with: kept on the plan, so a later edit never changes a document sent. */
export interface WatchTerms {
  contractor: Contractor;
  plan: PlanTerms;
  checklist: ChecklistItem[];
  /** The regular visits the season holds from its first visit on. */
  visitCount: number;
  firstVisit: string;
  /** YYYY-MM-DD the plan was sent. */
  sentDay: string;
}

/** Days an invoice gives to pay: the month's invoice is due two weeks after it is sent. */
export const INVOICE_DUE_DAYS = 14;

export const planReference = (planId: string) => `Home watch plan ${planId.slice(0, 8).toUpperCase()}`;

export const CONSENT = "I agree to sign and receive this home watch plan electronically";

export function planDocument(planId: string, terms: WatchTerms): PaperDocument {
  const { plan, contractor } = terms;
  const price = formatCents(plan.priceCents);
  const storm = formatCents(plan.stormPriceCents);
  const paperCopy = `You may ask for this plan on paper at no charge, and withdraw your agreement to sign electronically, by calling ${contractor.phone} or writing to ${contractor.email}. Keep the PDF sent with this plan, or print this page: it is your copy.`;
  return {
    title: "Home watch plan",
    reference: planReference(planId),
    contractor: contractorLines(contractor),
    homeowner: [plan.name, `House: ${plan.address}`, plan.email, plan.phone],
    dates: [
      `Written on ${dayText(terms.sentDay)}`,
      `Season: ${dayText(plan.seasonStart)} to ${dayText(plan.seasonEnd)}`,
      `Visits: ${frequencyText(plan.frequency, plan.weekday).toLowerCase()}, the first on ${dayText(terms.firstVisit)}`,
    ],
    items: [
      {
        position: 0,
        description: `Home watch visit (${terms.visitCount} in the season)`,
        quantity: "per visit",
        unitPrice: price,
        amount: formatCents(plan.priceCents * terms.visitCount),
        optional: false,
        included: true,
      },
      {
        position: 1,
        description: "Storm check, only after a storm (see below)",
        quantity: "per check",
        unitPrice: storm,
        amount: "as done",
        optional: false,
        included: true,
      },
    ],
    totals: [
      {
        label: `The season's ${terms.visitCount} visits, if all are made`,
        amount: formatCents(plan.priceCents * terms.visitCount),
      },
    ],
    sections: [
      {
        heading: "What a visit covers",
        paragraphs: [
          "At each visit we walk through the house inside and out, and check each item below. We mark each one OK, Issue or Not checked, with notes and photos, and record when we arrived and left.",
          ...AREAS.map(
            (area) =>
              `${AREA_LABELS[area]}: ${terms.checklist
                .filter((i) => i.area === area)
                .map((i) => i.label)
                .join("; ")}.`,
          ),
        ],
      },
      {
        heading: "What a visit does not cover",
        paragraphs: [
          "A visit is a look at what can be seen on the day. It is not a home inspection, it does not open walls, ceilings or floors, and it does not prevent damage or replace your insurance. We do not clean, treat pests or make repairs during a visit.",
          "If we find water running, a door open or the heat off, we do what stops the damage from growing (shut the water off at the main, secure the door, reset a tripped breaker), at no charge, and tell you at once.",
        ],
      },
      {
        heading: "How you hear from us",
        paragraphs: [
          "After every visit we email you its report, with the times, every item's result and the photos, as soon as the visit is finished.",
          "When a visit finds an issue, the report's first line says so, and we call or text you the same day. You decide what happens next.",
        ],
      },
      {
        heading: "Storm checks",
        paragraphs: [
          `After a nor'easter, a hurricane or a hard freeze, we check every house we watch in the towns it hit, and email you beforehand the time by which yours will be checked. A storm check is a visit like the others, with its report, at ${storm}.`,
        ],
      },
      {
        heading: "Repairs are quoted separately",
        paragraphs: [
          "This plan pays for visits, not for repairs. When a visit finds something to fix, we can send you a written quote for it; no repair starts until you have accepted that quote.",
        ],
      },
      {
        heading: "Price and paying",
        paragraphs: [
          `${price} for each visit made, and ${storm} for each storm check made. At the end of each month we send you one invoice for the visits made that month; it is due ${INVOICE_DUE_DAYS} days after it is sent. You never pay for a visit that was not made.`,
        ],
      },
      {
        heading: "Keys, codes and your privacy",
        paragraphs: [
          "The lockbox and alarm codes you give us are kept sealed, shown only to the person making the visit, never written in an email or a report, and deleted when the plan ends.",
        ],
      },
      {
        heading: "Ending the plan",
        paragraphs: [
          `You may end the plan at any time, for any reason, by email to ${contractor.email}, by phone at ${contractor.phone} or in writing. Visits stop from the next day, and you pay only for the visits already made. We may end it the same way, with two weeks' notice.`,
          `The plan ends by itself after ${dayText(plan.seasonEnd)}. It never renews on its own: for another season we send you a new plan.`,
        ],
      },
      {
        heading: "Your insurance",
        paragraphs: [
          "Many homeowner's policies limit cover for a house left empty for 30 to 60 days unless someone checks it. Ask your insurer what yours requires; our reports are your record of each visit. This is not legal or insurance advice.",
        ],
      },
      {
        heading: "Signing electronically",
        paragraphs: [
          `${contractor.legalName} signs this plan by sending it. You sign it by typing your full name and accepting it online, after agreeing to sign and receive it electronically. ${paperCopy}`,
        ],
      },
    ],
    consent: CONSENT,
    paperCopy,
  };
}
