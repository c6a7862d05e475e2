/**
 * Money in whole cents, never in floating point: prices are read from what the owner typed as
 * text, quantities in hundredths, tax rates in thousandths of a percent, and every product is
 * rounded once, half up, in integers. Pure; shared with the browser so the total the homeowner
 * sees while ticking options is the one the server recomputes.
 */

/** The largest price or total a quote may hold: $5,000,000.00, far inside a 32-bit integer of cents. */
export const MAX_CENTS = 500_000_000;
/** Quantities up to 100,000 units, in hundredths. */
export const MAX_QUANTITY_HUNDREDTHS = 10_000_000;
/** 20% in thousandths of a percent: no sales tax comes near it. */
export const MAX_TAX_MILLI_PERCENT = 20_000;

/** "$1,234.50" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal as typed ("1,250.5", "$3") to an integer with `places` decimals; undefined if it is not one. */
export function parseDecimal(text: string, places: number): number | undefined {
  const cleaned = text.trim().replace(/^\$/, "").replace(/,/g, "");
  const match = new RegExp(`^(\\d{1,9})(?:\\.(\\d{0,${places}}))?$`).exec(cleaned);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(places, "0") || "0");
  return whole * 10 ** places + fraction;
}

/** Dollars as typed, to cents. */
export const parseCents = (text: string) => parseDecimal(text, 2);

/** `a × b ÷ divisor`, rounded half up, for non-negative integers (exact while a × b < 2^53). */
export function mulDivRound(a: number, b: number, divisor: number): number {
  const product = a * b;
  return Math.floor((product + Math.floor(divisor / 2)) / divisor);
}

/** A line's amount: quantity (hundredths) × unit price (cents). */
export function lineCents(quantityHundredths: number, unitCents: number): number {
  return mulDivRound(quantityHundredths, unitCents, 100);
}

/** Tax on an amount at a rate in thousandths of a percent (6.625% is 6625). */
export function taxCents(amountCents: number, rateMilliPercent: number): number {
  return mulDivRound(amountCents, rateMilliPercent, 100_000);
}

export interface PricedItem {
  quantityHundredths: number;
  unitCents: number;
  optional: boolean;
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** The total for the items included: every item that is not optional, and the optional ones chosen. */
export function quoteTotals(
  items: readonly PricedItem[],
  taxRateMilliPercent: number,
  chosen: ReadonlySet<number> = new Set(),
): Totals {
  let subtotal = 0;
  items.forEach((item, index) => {
    if (!item.optional || chosen.has(index)) subtotal += lineCents(item.quantityHundredths, item.unitCents);
  });
  const tax = taxCents(subtotal, taxRateMilliPercent);
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}

/** A quantity in hundredths as people write it: "2", "1.5". */
export function formatQuantity(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return whole.toLocaleString("en-US");
  return `${whole.toLocaleString("en-US")}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/** A rate in thousandths of a percent as people write it: "6.625%". */
export function formatRate(milliPercent: number): string {
  const whole = Math.floor(milliPercent / 1000);
  const fraction = String(milliPercent % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}%`;
}
