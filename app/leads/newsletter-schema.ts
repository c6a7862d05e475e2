/**
 * The newsletter signup's rule, shared by the browser form and the server. Client-safe.
 */
import { validateEmail } from "./estimate-schema";

export { HONEYPOT_FIELD } from "./honeypot";

/** Spec §8: the toast shown when the field is empty, before any request is made. */
export const EMAIL_REQUIRED_TITLE = "Email required";
export const EMAIL_REQUIRED_MESSAGE = "Please enter your email address";

/** Undefined when the address is acceptable; otherwise the message to show. */
export function validateNewsletterEmail(value: string): string | undefined {
  return validateEmail(value);
}

/** Subscribers are stored and compared in lower case: one person, one row. */
export function normalizeNewsletterEmail(value: string): string {
  return value.trim().toLowerCase();
}
