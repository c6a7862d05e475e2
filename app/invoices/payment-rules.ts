/**
 * The desk's money forms, read the same way in the browser and on the server: 'Record a payment'
 * (amount, method, date received, reference) and the reason every void asks for. Pure.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import { MAX_CENTS, parseCents } from "~/paperwork/money";
import { boundLabel, typedDayError } from "~/time/typed-day";
import type { PaymentMethod } from "./invoices-tables";

export const REFERENCE_MAX = 80;
export const VOID_REASON_MAX = 300;
/** A payment is recorded within a year of being received; anything older is a typing slip. */
export const RECEIVED_WITHIN_DAYS = 366;

export const PAYMENT_METHODS = [
  "check",
  "cash",
  "card",
  "transfer",
  "other",
] as const satisfies readonly PaymentMethod[];

export type FieldErrors = Record<string, string>;

export interface PaymentInput {
  amountCents: number;
  method: PaymentMethod;
  receivedDay: string;
  reference: string;
}

const RECEIVED_LABEL = "The date received";

/**
 * A payment on a contract is received between the day it was agreed and today: the form reads the
 * year before today first, the change its job's own day, once the job is held.
 */
export function receivedBeforeAgreement(receivedDay: string, agreedDay: string): string | undefined {
  return receivedDay < agreedDay
    ? `${RECEIVED_LABEL} comes before the contract was agreed, on ${boundLabel(agreedDay)}: check it.`
    : undefined;
}

const isMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

export function readPaymentForm(
  get: (name: string) => string,
  today: string,
  earliestDay: string,
): { ok: true; payment: PaymentInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amountCents = parseCents(get("amount").trim().slice(0, 20));
  if (amountCents === undefined || amountCents <= 0) errors.amount = "The amount received in dollars, such as 383.85.";
  else if (amountCents > MAX_CENTS) errors.amount = "That is more than any contract here holds.";
  const method = get("method");
  if (!isMethod(method)) errors.method = "Choose how it was paid.";
  const receivedDay = get("receivedDay").trim().slice(0, 10);
  const dayError = typedDayError(receivedDay, RECEIVED_LABEL, today, { first: earliestDay, last: today });
  if (dayError) errors.receivedDay = dayError;
  const reference = get("reference")
    .trim()
    .slice(0, REFERENCE_MAX + 1);
  if (reference.length > REFERENCE_MAX) errors.reference = `At most ${REFERENCE_MAX} characters.`;
  else {
    const hidden = hiddenCharacterError(reference, "The reference");
    if (hidden) errors.reference = hidden;
  }
  if (Object.keys(errors).length > 0 || amountCents === undefined || !isMethod(method)) return { ok: false, errors };
  return { ok: true, payment: { amountCents, method, receivedDay, reference } };
}

/** Why a void is made: kept with the record it voids. */
export function readVoidReason(
  get: (name: string) => string,
): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = get("reason")
    .trim()
    .slice(0, VOID_REASON_MAX + 1);
  if (!reason) return { ok: false, error: "Say why: the reason is kept with the record." };
  if (reason.length > VOID_REASON_MAX) return { ok: false, error: `At most ${VOID_REASON_MAX} characters.` };
  const hidden = hiddenCharacterError(reason, "The reason");
  if (hidden) return { ok: false, error: hidden };
  return { ok: true, reason };
}
