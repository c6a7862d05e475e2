/**
 * What a change order says: items added to the work or taken out of it (each read by the quote
 * editor's rules, in whole cents), why, and the completion date when it moves. Its amount is taxed
 * at the contract's rate and may be negative. Pure; shared with the browser.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import { formatCents, lineCents, MAX_CENTS, taxCents } from "~/paperwork/money";
import { readItemRows, type ItemRowValues, type QuoteItem } from "~/quotes/quote-content";
import { typedDayError } from "~/time/typed-day";
import { REASON_MAX, type FieldErrors } from "./job-rules";

export const CHANGE_ITEMS_MAX = 8;

export interface ChangeItem extends QuoteItem {
  /** True for work taken out of the contract: its amount is subtracted. */
  removes: boolean;
}

export interface ChangeOrderContent {
  items: ChangeItem[];
  reason: string;
  /** YYYY-MM-DD, or "" when the completion date stays. */
  completionDay: string;
  /**
   * Paid on its own once signed, rather than with the final payment. Absent on change orders
   * written before the choice existed: those go with the final payment, and their documents,
   * made again when signed, say nothing of it, as they said nothing when sent.
   */
  dueWhenSigned?: boolean;
}

export interface ChangeTotals {
  addedCents: number;
  removedCents: number;
  netCents: number;
  taxCents: number;
  /** What the change adds to the contract total (negative when it takes more out than it adds). */
  totalCents: number;
}

/** The change's amount: items added less items removed, then the contract's tax on the difference. */
export function changeTotals(items: readonly ChangeItem[], taxRateMilliPercent: number): ChangeTotals {
  let added = 0;
  let removed = 0;
  for (const item of items) {
    const amount = lineCents(item.quantityHundredths, item.unitCents);
    if (item.removes) removed += amount;
    else added += amount;
  }
  const net = added - removed;
  // Rounded on the amount's size, so a change and its exact reverse cancel to the cent.
  const tax = Math.sign(net) * taxCents(Math.abs(net), taxRateMilliPercent);
  return { addedCents: added, removedCents: removed, netCents: net, taxCents: tax, totalCents: net + tax };
}

export interface ChangeOrderFormValues {
  items: (ItemRowValues & { removes: boolean })[];
  reason: string;
  completionDay: string;
  dueWhenSigned: boolean;
}

/**
 * 'Send change order': at least one item, a reason, and a real completion date within reason of
 * `today` if one is given.
 */
export function readChangeOrderForm(
  get: (name: string) => string,
  job: { start_day: string | null; tax_rate_milli_percent: number },
  /** The contract total now: the quote and every change signed so far. */
  contractTotalCents: number,
  today: string,
):
  | { ok: true; content: ChangeOrderContent; values: ChangeOrderFormValues }
  | { ok: false; errors: FieldErrors; values: ChangeOrderFormValues } {
  const rows = readItemRows(get, CHANGE_ITEMS_MAX);
  const errors: FieldErrors = { ...rows.errors };
  const removes = (row: number) => get(`item-${row}-removes`) === "yes";
  const values: ChangeOrderFormValues = {
    items: rows.values.map((typed, row) => ({ ...typed, optional: false, removes: removes(row) })),
    reason: get("reason")
      .trim()
      .slice(0, REASON_MAX + 1),
    completionDay: get("completionDay").trim().slice(0, 10),
    dueWhenSigned: get("payment") === "when-signed",
  };
  // Rows kept by readItemRows are the filled ones, in order: match each back to its row's choice.
  const filled = rows.values.flatMap((typed, row) =>
    typed.description || typed.quantity || typed.unit || typed.price ? [row] : [],
  );
  const items: ChangeItem[] = rows.items.map((item, index) => ({
    ...item,
    optional: false,
    removes: removes(filled[index] ?? -1),
  }));
  if (filled.length === 0) errors.items = "Add at least one item the change adds or removes.";
  if (!values.reason) errors.reason = "Say why the work changes: the homeowner reads this before signing.";
  else if (values.reason.length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters.`;
  else {
    const hidden = hiddenCharacterError(values.reason, "The reason", true);
    if (hidden) errors.reason = hidden;
  }
  if (values.completionDay) {
    const dayError = typedDayError(values.completionDay, "The new completion date", today);
    if (dayError) errors.completionDay = dayError;
    else if (job.start_day && values.completionDay < job.start_day)
      errors.completionDay = "Completion cannot come before the start.";
  }
  if (Object.keys(errors).length === 0) {
    const totals = changeTotals(items, job.tax_rate_milli_percent);
    if (Math.abs(totals.netCents) > MAX_CENTS)
      errors.items = `A change can amount to at most ${formatCents(MAX_CENTS)}.`;
    else if (contractTotalCents + totals.totalCents < 0)
      errors.items = `A change cannot take out more than the contract is worth (${formatCents(contractTotalCents)}).`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  // Only an addition can be asked for on its own; work taken out always comes off the balance.
  const dueWhenSigned = values.dueWhenSigned && changeTotals(items, job.tax_rate_milli_percent).totalCents > 0;
  return {
    ok: true,
    content: { items, reason: values.reason, completionDay: values.completionDay, dueWhenSigned },
    values,
  };
}

/** Stored JSON back to content; a row that does not parse is a bug, not input, and throws. */
export function parseChangeOrder(json: string): ChangeOrderContent {
  const value = JSON.parse(json) as ChangeOrderContent;
  if (!Array.isArray(value.items)) throw new Error("change order without items");
  return value;
}
