/**
 * How a homeowner pays, as the owner sets it on the Site page: who checks are payable to, a bank
 * transfer or Zelle line, and the owner's own payment link from their card processor, shown as a
 * button. The site never handles a card. Also the invoices' terms: due on receipt, or a number of
 * days. Pure; shared with the browser.
 */
import { hiddenCharacterError } from "~/forms/plain-text";

export const PAYABLE_TO_MAX = 120;
export const TRANSFER_LINE_MAX = 300;
export const PAY_ONLINE_URL_MAX = 500;
export const DUE_DAYS_MAX = 90;

export interface WaysToPay {
  checksPayableTo: string;
  transferLine: string;
  /** An https address, or "" for none. */
  payOnlineUrl: string;
  /** 0: due on receipt. */
  dueDays: number;
}

export interface WaysToPayInput {
  checksPayableTo: string;
  transferLine: string;
  payOnlineUrl: string;
  dueDays: string;
}

export type WaysToPayErrors = Partial<Record<keyof WaysToPayInput, string>>;

/** An address the owner pasted from their processor: https, a real host, no credentials in it. */
export function payOnlineUrlError(value: string): string | undefined {
  if (!value) return undefined;
  if (value.length > PAY_ONLINE_URL_MAX) return `At most ${PAY_ONLINE_URL_MAX} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Paste the whole address, starting with https://.";
  }
  if (url.protocol !== "https:")
    return "The address must start with https://, so the homeowner's card details travel encrypted.";
  if (!url.hostname.includes(".") || url.username || url.password)
    return "Paste the payment link exactly as your card processor gives it.";
  if (/\s/.test(value)) return "The address cannot hold spaces.";
  return undefined;
}

export function checkWaysToPay(
  input: WaysToPayInput,
): { ok: true; ways: WaysToPay } | { ok: false; errors: WaysToPayErrors } {
  const errors: WaysToPayErrors = {};
  if (!input.checksPayableTo) errors.checksPayableTo = "Say who checks are made out to.";
  else if (input.checksPayableTo.length > PAYABLE_TO_MAX)
    errors.checksPayableTo = `At most ${PAYABLE_TO_MAX} characters.`;
  if (input.transferLine.length > TRANSFER_LINE_MAX) errors.transferLine = `At most ${TRANSFER_LINE_MAX} characters.`;
  const urlError = payOnlineUrlError(input.payOnlineUrl);
  if (urlError) errors.payOnlineUrl = urlError;
  const dueDays = /^\d{1,2}$/.test(input.dueDays) ? Number(input.dueDays) : undefined;
  if (dueDays === undefined || dueDays > DUE_DAYS_MAX)
    errors.dueDays = `A whole number of days from 0 (due on receipt) to ${DUE_DAYS_MAX}.`;
  const labels: [keyof WaysToPayInput, string][] = [
    ["checksPayableTo", "'Checks payable to'"],
    ["transferLine", "The bank transfer or Zelle line"],
    ["payOnlineUrl", "The payment link"],
  ];
  for (const [field, label] of labels) {
    const hidden = hiddenCharacterError(input[field], label);
    if (hidden) errors[field] = hidden;
  }
  if (Object.keys(errors).length > 0 || dueDays === undefined) return { ok: false, errors };
  return {
    ok: true,
    ways: {
      checksPayableTo: input.checksPayableTo,
      transferLine: input.transferLine,
      payOnlineUrl: input.payOnlineUrl,
      dueDays,
    },
  };
}

/** How to pay, in the words an invoice and its email use. */
export function howToPayLines(ways: WaysToPay): string[] {
  const lines = [`By check, payable to ${ways.checksPayableTo}.`];
  if (ways.transferLine) lines.push(`By bank transfer or Zelle: ${ways.transferLine}`);
  if (ways.payOnlineUrl) lines.push(`Online by card: ${ways.payOnlineUrl}`);
  return lines;
}
