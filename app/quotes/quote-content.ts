/**
 * What a quote says, as the owner writes it on the desk and as a version stores it (JSON): the line
 * items, the job in words, its dates and how long the price holds. Reading the editor's form into
 * it (`readQuoteForm`) checks each field; what a quote still lacks before it may be sent is
 * `missingForSending`'s. Pure; shared with the browser.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import { typedDayError } from "~/time/typed-day";
import {
  MAX_CENTS,
  MAX_QUANTITY_HUNDREDTHS,
  MAX_TAX_MILLI_PERCENT,
  parseCents,
  parseDecimal,
  quoteTotals,
} from "~/paperwork/money";
import { WRITTEN_CONTRACT_OVER_CENTS } from "~/paperwork/contract-terms";

export const MAX_ITEMS = 12;
export const DESCRIPTION_MAX = 300;
export const UNIT_MAX = 20;
export const TEXT_MAX = 4_000;

export interface QuoteItem {
  description: string;
  quantityHundredths: number;
  unit: string;
  unitCents: number;
  optional: boolean;
}

export interface QuoteContent {
  items: QuoteItem[];
  taxRateMilliPercent: number;
  work: string;
  materials: string;
  /** YYYY-MM-DD, or "" while not set. */
  startDay: string;
  completionDay: string;
  validUntil: string;
  /** What the contractor takes as security (a lien, a mortgage), or "" for none. */
  securityInterest: string;
}

export const EMPTY_CONTENT: QuoteContent = {
  items: [],
  taxRateMilliPercent: 0,
  work: "",
  materials: "",
  startDay: "",
  completionDay: "",
  validUntil: "",
  securityInterest: "",
};

/** The editor's fields as typed, so a refused form comes back as it was. */
export interface QuoteFormValues {
  items: { description: string; quantity: string; unit: string; price: string; optional: boolean }[];
  taxRate: string;
  work: string;
  materials: string;
  startDay: string;
  completionDay: string;
  validUntil: string;
  securityInterest: string;
}

export type QuoteFieldErrors = Record<string, string>;

/** What the totals are made of: the items and the tax rate. */
export type PricedContent = Pick<QuoteContent, "items" | "taxRateMilliPercent">;

/**
 * What the homeowner's page receives to add up the ticks: each item's own fields and the rate,
 * named one by one, and nothing else of the stored version.
 */
export function pricedContent(content: PricedContent): PricedContent {
  return {
    items: content.items.map((item) => ({
      description: item.description,
      quantityHundredths: item.quantityHundredths,
      unit: item.unit,
      unitCents: item.unitCents,
      optional: item.optional,
    })),
    taxRateMilliPercent: content.taxRateMilliPercent,
  };
}

export function totalsOf(content: PricedContent, chosen: ReadonlySet<number> = new Set()) {
  return quoteTotals(content.items, content.taxRateMilliPercent, chosen);
}

/** The largest total the quote can reach: every optional item ticked. The law's threshold is judged on it. */
export function largestTotal(content: QuoteContent) {
  return totalsOf(content, new Set(content.items.map((_, index) => index)));
}

/** The editor's fields as typed, each cut to what a check can still read: what a refusal shows again. */
export function readQuoteValues(get: (name: string) => string): QuoteFormValues {
  return { items: readItemRows(get, MAX_ITEMS).values, ...readTermValues(get) };
}

/** The editor's fields beside its item rows, as typed. */
function readTermValues(get: (name: string) => string): Omit<QuoteFormValues, "items"> {
  return {
    taxRate: get("taxRate").trim().slice(0, 12),
    work: get("work")
      .trim()
      .slice(0, TEXT_MAX + 1),
    materials: get("materials")
      .trim()
      .slice(0, TEXT_MAX + 1),
    startDay: get("startDay").trim().slice(0, 10),
    completionDay: get("completionDay").trim().slice(0, 10),
    validUntil: get("validUntil").trim().slice(0, 10),
    securityInterest: get("securityInterest")
      .trim()
      .slice(0, TEXT_MAX + 1),
  };
}

/**
 * Reads the editor's form: the content when every field is well formed (its dates within reason of
 * `today`), else the message per field.
 */
export function readQuoteForm(
  get: (name: string) => string,
  today: string,
):
  | { ok: true; content: QuoteContent; values: QuoteFormValues }
  | { ok: false; errors: QuoteFieldErrors; values: QuoteFormValues } {
  const errors: QuoteFieldErrors = {};
  const read = readItemRows(get, MAX_ITEMS);
  const values: QuoteFormValues = { items: read.values, ...readTermValues(get) };
  const items = read.items;
  Object.assign(errors, read.errors);
  const tax = parseDecimal(values.taxRate || "0", 3);
  if (tax === undefined || tax > MAX_TAX_MILLI_PERCENT) errors.taxRate = "A rate in percent, such as 6.625, or 0.";
  const textLabels = { work: "The work", materials: "The materials", securityInterest: "The security interest" };
  for (const field of ["work", "materials", "securityInterest"] as const) {
    const hidden = hiddenCharacterError(values[field], textLabels[field], true);
    if (values[field].length > TEXT_MAX) errors[field] = `At most ${TEXT_MAX} characters.`;
    else if (hidden) errors[field] = hidden;
  }
  const dayLabels = { startDay: "The start date", completionDay: "The completion date", validUntil: "Valid until" };
  for (const field of ["startDay", "completionDay", "validUntil"] as const) {
    const dayError = values[field] ? typedDayError(values[field], dayLabels[field], today) : undefined;
    if (dayError) errors[field] = dayError;
  }
  if (!errors.startDay && !errors.completionDay && values.startDay && values.completionDay)
    if (values.completionDay < values.startDay) errors.completionDay = "Completion cannot come before the start.";
  const content: QuoteContent = {
    items,
    taxRateMilliPercent: tax ?? 0,
    work: values.work,
    materials: values.materials,
    startDay: values.startDay,
    completionDay: values.completionDay,
    validUntil: values.validUntil,
    securityInterest: values.securityInterest,
  };
  if (Object.keys(errors).length === 0 && largestTotal(content).totalCents > MAX_CENTS)
    errors.items = "A quote can total at most $5,000,000.";
  return Object.keys(errors).length > 0 ? { ok: false, errors, values } : { ok: true, content, values };
}

/** An item row of an editor as typed. */
export type ItemRowValues = QuoteFormValues["items"][number];

/**
 * The item rows `item-<n>-…` of an editor, each checked by the quote's rules: the items well
 * formed, the rows as typed, and the message per refused field. A row left blank is skipped. The
 * change order's editor reads its rows with the same rules.
 */
export function readItemRows(
  get: (name: string) => string,
  rows: number,
): { items: QuoteItem[]; values: ItemRowValues[]; errors: QuoteFieldErrors } {
  const errors: QuoteFieldErrors = {};
  const values: ItemRowValues[] = [];
  const items: QuoteItem[] = [];
  for (let row = 0; row < rows; row++) {
    const typed = {
      description: get(`item-${row}-description`)
        .trim()
        .slice(0, DESCRIPTION_MAX + 1),
      quantity: get(`item-${row}-quantity`).trim().slice(0, 16),
      unit: get(`item-${row}-unit`)
        .trim()
        .slice(0, UNIT_MAX + 1),
      price: get(`item-${row}-price`).trim().slice(0, 20),
      optional: get(`item-${row}-optional`) === "yes",
    };
    values.push(typed);
    if (!typed.description && !typed.quantity && !typed.unit && !typed.price) continue;
    const at = (field: string) => `item-${row}-${field}`;
    const hiddenInDescription = hiddenCharacterError(typed.description, "The description");
    if (!typed.description) errors[at("description")] = "Describe the item.";
    else if (typed.description.length > DESCRIPTION_MAX)
      errors[at("description")] = `At most ${DESCRIPTION_MAX} characters.`;
    else if (hiddenInDescription) errors[at("description")] = hiddenInDescription;
    const quantity = parseDecimal(typed.quantity || "1", 2);
    if (quantity === undefined || quantity <= 0 || quantity > MAX_QUANTITY_HUNDREDTHS)
      errors[at("quantity")] = "A quantity such as 1 or 2.5.";
    if (typed.unit.length > UNIT_MAX) errors[at("unit")] = `At most ${UNIT_MAX} characters.`;
    else {
      const hiddenInUnit = hiddenCharacterError(typed.unit, "The unit");
      if (hiddenInUnit) errors[at("unit")] = hiddenInUnit;
    }
    const price = parseCents(typed.price);
    if (price === undefined || price > MAX_CENTS) errors[at("price")] = "A price in dollars, such as 1250 or 1250.50.";
    if (quantity !== undefined && price !== undefined)
      items.push({
        description: typed.description,
        quantityHundredths: quantity,
        unit: typed.unit,
        unitCents: price,
        optional: typed.optional,
      });
  }
  return { items, values, errors };
}

/** The form's values for stored content: what the editor shows when it opens a draft or a sent version. */
export function formValuesOf(content: QuoteContent): QuoteFormValues {
  const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const decimal = (n: number, places: number) =>
    `${Math.floor(n / 10 ** places)}.${String(n % 10 ** places).padStart(places, "0")}`.replace(/\.?0+$/, "");
  return {
    items: content.items.map((item) => ({
      description: item.description,
      quantity: decimal(item.quantityHundredths, 2),
      unit: item.unit,
      price: dollars(item.unitCents),
      optional: item.optional,
    })),
    taxRate: content.taxRateMilliPercent ? decimal(content.taxRateMilliPercent, 3) : "0",
    work: content.work,
    materials: content.materials,
    startDay: content.startDay,
    completionDay: content.completionDay,
    validUntil: content.validUntil,
    securityInterest: content.securityInterest,
  };
}

/** What the business must have entered on the Site page before any quote leaves. */
export interface ContractFactsPresence {
  insurerName: boolean;
  insurerPhone: boolean;
  certificate: boolean;
  consumerAffairsPhone: boolean;
  warranty: boolean;
  paymentTerms: boolean;
  legalName: boolean;
  address: boolean;
  registration: boolean;
}

/** The label of everything missing before the quote may be sent, in the order the form shows them. */
export function missingForSending(content: QuoteContent, facts: ContractFactsPresence, today: string): string[] {
  const missing: string[] = [];
  if (content.items.length === 0) missing.push("At least one line item");
  if (!content.validUntil) missing.push("Valid until");
  else if (content.validUntil < today) missing.push("Valid until (a day from today on)");
  if (largestTotal(content).totalCents > WRITTEN_CONTRACT_OVER_CENTS) {
    if (!content.work) missing.push("The work");
    if (!content.materials) missing.push("Principal products and materials");
    if (!content.startDay) missing.push("Start date");
    if (!content.completionDay) missing.push("Completion date");
  }
  const fact: [keyof ContractFactsPresence, string][] = [
    ["legalName", "The business's legal name (app/content/profile.ts)"],
    ["address", "The business's address (Business facts on the Site page)"],
    ["registration", "The registration number (Business facts on the Site page)"],
    ["insurerName", "Insurer's name (Site page)"],
    ["insurerPhone", "Insurer's telephone number (Site page)"],
    ["certificate", "Certificate of liability insurance (Site page)"],
    ["consumerAffairsPhone", "Division of Consumer Affairs' telephone number (Site page)"],
    ["warranty", "Warranty (Site page)"],
    ["paymentTerms", "Payment terms (Site page)"],
  ];
  for (const [key, label] of fact) if (!facts[key]) missing.push(label);
  return missing;
}

/** Stored JSON back to content; a row that does not parse is a bug, not input, and throws. */
export function parseContent(json: string): QuoteContent {
  const value = JSON.parse(json) as QuoteContent;
  if (!Array.isArray(value.items)) throw new Error("quote content without items");
  return { ...EMPTY_CONTENT, ...value };
}
