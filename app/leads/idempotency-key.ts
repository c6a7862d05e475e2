/**
 * The estimate request's idempotency key: one per filled-in form, so that a request sent again
 * after a lost answer is recognised and answered as the first was instead of stored twice.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 *
 * JavaScript sends it as the `Idempotency-Key` header, a quoted structured-field string
 * (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`); the form without JavaScript sends it as a field.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_FIELD = "idempotency_key";

/** Long enough to be unguessable, short enough to index; characters that need no quoting anywhere. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const INVALID_KEY_MESSAGE =
  "The request's idempotency key is not valid: it must be 16 to 128 letters, digits, hyphens or underscores.";

export function isIdempotencyKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** The header's value for a key: a structured-field string. */
export function idempotencyHeaderValue(key: string): string {
  return `"${key}"`;
}

export type KeyReading = { kind: "none" } | { kind: "key"; key: string } | { kind: "malformed" };

/**
 * Reads the header as the draft specifies (a quoted string), and leniently without the quotes.
 * Anything else, including several values joined by a comma, is malformed.
 */
export function readIdempotencyHeader(value: string | null): KeyReading {
  if (value === null) return { kind: "none" };
  const trimmed = value.trim();
  const quoted = /^"([^"\\]*)"$/.exec(trimmed);
  const key = quoted ? (quoted[1] ?? "") : trimmed;
  return isIdempotencyKey(key) ? { kind: "key", key } : { kind: "malformed" };
}

/** The form field: an empty field is no key (the prerendered form carries one empty). */
export function readIdempotencyField(value: string | undefined): KeyReading {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return { kind: "none" };
  return isIdempotencyKey(trimmed) ? { kind: "key", key: trimmed } : { kind: "malformed" };
}

/** A fresh key, made in the browser (or by the server for a form it renders). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
