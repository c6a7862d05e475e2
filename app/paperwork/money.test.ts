import { describe, expect, it } from "vitest";
import { formatCents, lineCents, parseCents, parseDecimal, quoteTotals, taxCents } from "./money";

describe("money in whole cents", () => {
  it("reads dollars as typed into cents, and refuses what is not an amount", () => {
    expect(parseCents("1,250.5")).toBe(125_050);
    expect(parseCents("$3")).toBe(300);
    expect(parseCents("0.07")).toBe(7);
    expect(parseCents("1.005")).toBeUndefined();
    expect(parseCents("-5")).toBeUndefined();
    expect(parseCents("1e3")).toBeUndefined();
    expect(parseDecimal("6.625", 3)).toBe(6_625);
  });

  it("rounds each product once, half up, where floating point would drift", () => {
    // 0.1 + 0.2 style drift: 3 × $0.10 is 30 cents, and 1.15 × $1.00 is $1.15.
    expect(lineCents(300, 10)).toBe(30);
    expect(lineCents(115, 100)).toBe(115);
    // 2.5 × $0.99 = $2.475 → $2.48 (half up).
    expect(lineCents(250, 99)).toBe(248);
    // 6.625% of $1,400.00 = $92.75; of $1,750.55 = $115.974… → $115.97.
    expect(taxCents(140_000, 6_625)).toBe(9_275);
    expect(taxCents(175_055, 6_625)).toBe(11_597);
  });

  it("adds the optional items only when chosen", () => {
    const items = [
      { quantityHundredths: 100, unitCents: 120_000, optional: false },
      { quantityHundredths: 250, unitCents: 8_000, optional: false },
      { quantityHundredths: 100, unitCents: 35_055, optional: true },
    ];
    expect(quoteTotals(items, 6_625)).toEqual({ subtotalCents: 140_000, taxCents: 9_275, totalCents: 149_275 });
    expect(quoteTotals(items, 6_625, new Set([2]))).toEqual({
      subtotalCents: 175_055,
      taxCents: 11_597,
      totalCents: 186_652,
    });
    expect(formatCents(186_652)).toBe("$1,866.52");
  });
});
