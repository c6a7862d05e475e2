import { describe, expect, it } from "vitest";
import { missingForSending, readQuoteForm, type ContractFactsPresence, type QuoteContent } from "./quote-content";

const ALL_FACTS: ContractFactsPresence = {
  insurerName: true,
  insurerPhone: true,
  certificate: true,
  consumerAffairsPhone: true,
  warranty: true,
  paymentTerms: true,
  legalName: true,
  address: true,
  registration: true,
};

const content = (overrides: Partial<QuoteContent> = {}): QuoteContent => ({
  items: [{ description: "Deck stairs", quantityHundredths: 100, unit: "job", unitCents: 120_000, optional: false }],
  taxRateMilliPercent: 0,
  work: "Rebuild the stairs.",
  materials: "Pressure-treated pine.",
  startDay: "2027-04-01",
  completionDay: "2027-04-08",
  validUntil: "2027-03-31",
  securityInterest: "",
  ...overrides,
});

describe("what a quote must have before it is sent", () => {
  it("names every missing item by its label when the total is over $500", () => {
    const missing = missingForSending(
      content({ work: "", materials: "", startDay: "", completionDay: "" }),
      { ...ALL_FACTS, certificate: false, insurerPhone: false },
      "2027-03-01",
    );
    expect(missing).toEqual([
      "The work",
      "Principal products and materials",
      "Start date",
      "Completion date",
      "Insurer's telephone number (Site page)",
      "Certificate of liability insurance (Site page)",
    ]);
    expect(missingForSending(content(), ALL_FACTS, "2027-03-01")).toEqual([]);
  });

  it("judges the $500 line on the largest total, optional items included", () => {
    const small = content({
      work: "",
      items: [
        { description: "Repair", quantityHundredths: 100, unit: "", unitCents: 40_000, optional: false },
        { description: "Paint", quantityHundredths: 100, unit: "", unitCents: 20_000, optional: true },
      ],
    });
    expect(missingForSending(small, ALL_FACTS, "2027-03-01")).toEqual(["The work"]);
    expect(missingForSending({ ...small, items: small.items.slice(0, 1) }, ALL_FACTS, "2027-03-01")).toEqual([]);
  });

  it("refuses a 'Valid until' in the past", () => {
    expect(missingForSending(content(), ALL_FACTS, "2027-04-01")).toEqual(["Valid until (a day from today on)"]);
  });

  it("reads the editor's rows, skipping empty ones, and marks each bad field", () => {
    const fields: Record<string, string> = {
      "item-0-description": "Stairs",
      "item-0-quantity": "2.5",
      "item-0-price": "80",
      "item-0-optional": "yes",
      "item-2-description": "",
      "item-2-price": "abc",
      taxRate: "6.625",
      validUntil: "2027-02-30",
    };
    const read = readQuoteForm((name) => fields[name] ?? "", "2026-12-01");
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      "item-2-description": "Describe the item.",
      "item-2-price": "A price in dollars, such as 1250 or 1250.50.",
      validUntil: "A date such as 2027-04-15.",
    });
    delete fields["item-2-price"];
    fields.validUntil = "2027-02-28";
    const good = readQuoteForm((name) => fields[name] ?? "", "2026-12-01");
    expect(good.ok && good.content.items).toEqual([
      { description: "Stairs", quantityHundredths: 250, unit: "", unitCents: 8_000, optional: true },
    ]);
    expect(good.ok && good.content.taxRateMilliPercent).toBe(6_625);
  });

  it("takes its dates from a year back to five years ahead, naming the field it refuses", () => {
    const read = readQuoteForm(
      (name) => ({ startDay: "0202-04-12", completionDay: "2207-04-20", validUntil: "2032-01-01" })[name] ?? "",
      "2026-12-01",
    );
    expect(read.ok ? {} : read.errors).toEqual({
      startDay: "The start date must fall between December 1, 2025 and December 1, 2031.",
      completionDay: "The completion date must fall between December 1, 2025 and December 1, 2031.",
      validUntil: "Valid until must fall between December 1, 2025 and December 1, 2031.",
    });
  });
});
