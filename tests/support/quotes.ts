/**
 * A quote as tests write it: the business's contract facts with a one-page insurance certificate,
 * and a quote's content with two required items and one optional, over the $500 line.
 */
import type { Kysely } from "kysely";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Database } from "~/infra/schema.server";
import type { CheckedFacts } from "~/quotes/contract-facts-rules";
import { saveContractFacts } from "~/quotes/contract-facts.server";
import type { QuoteContent } from "~/quotes/quote-content";
import { addDays, dayOf } from "~/time/business-time";

/** A one-page PDF standing in for the insurer's certificate. */
export async function certificatePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("CERTIFICATE OF LIABILITY INSURANCE (test)", { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

export const FACTS: CheckedFacts = {
  insurerName: "Barnegat Mutual Insurance",
  insurerPhone: "(609) 555-0190",
  consumerAffairsPhone: "(973) 504-6200",
  warranty: "We guarantee our workmanship for two years from completion. Manufacturers' warranties pass to you.",
  payment: { depositPercent: 30, milestones: [{ percent: 40, label: "when the framing is inspected" }] },
};

export async function enterContractFacts(db: Kysely<Database>, now = new Date()): Promise<void> {
  await saveContractFacts(
    db,
    FACTS,
    { fileName: "certificate.pdf", data: await certificatePdf() },
    { email: "pat@causeway.test", client: null },
    now,
  );
}

/** Two required items ($1,200 + 2.5 × $80 = $1,400) and an optional one ($350.55), 6.625% tax. */
export function deckQuote(now = new Date(), validDays = 30): QuoteContent {
  return {
    items: [
      { description: "Rebuild deck stairs", quantityHundredths: 100, unit: "job", unitCents: 120_000, optional: false },
      {
        description: "Pressure-treated railing",
        quantityHundredths: 250,
        unit: "ft",
        unitCents: 8_000,
        optional: false,
      },
      {
        description: "Composite stair treads",
        quantityHundredths: 100,
        unit: "set",
        unitCents: 35_055,
        optional: true,
      },
    ],
    taxRateMilliPercent: 6_625,
    work: "Remove the storm-damaged stairs and build new ones to code.",
    materials: "Pressure-treated southern yellow pine; galvanized hardware.",
    startDay: addDays(dayOf(now), 14),
    completionDay: addDays(dayOf(now), 21),
    validUntil: addDays(dayOf(now), validDays),
    securityInterest: "",
  };
}
