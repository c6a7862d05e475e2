/**
 * The estimate request's rules, shared by the form in the browser and the server that stores it.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 *
 * Every validator takes the raw field value and returns a message for the visitor, or undefined
 * when the value is fine. Values are trimmed first; lengths are counted in UTF-16 code units, the
 * same way the inputs' `maxLength` counts them.
 */
import { hasForbiddenCharacter, hasLineBreak, hiddenCharacterError } from "~/forms/plain-text";

/**
 * A practical email address check (the pattern zod uses): dot-separated local part, a domain with
 * a dot and a top-level name of two or more letters. Written out so the browser bundle carries no
 * validation library.
 */
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const ESTIMATE_FIELDS = ["name", "email", "phone", "address", "description"] as const;
export type EstimateField = (typeof ESTIMATE_FIELDS)[number];
export type EstimateValues = Record<EstimateField, string>;
export type EstimateFieldErrors = Partial<Record<EstimateField, string>>;

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;

export { HONEYPOT_FIELD } from "./honeypot";

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif", ".webp"] as const;
/** For `<input type="file" accept=…>`. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(",");
export const MAX_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 40 * 1024 * 1024;

export function invalidFileTypeMessage(fileName: string): string {
  return `${fileName} is not a supported image format. Please use JPEG, PNG, GIF, or WebP files.`;
}

/** What the browser can tell from a chosen file before sending it; the server checks the bytes. */
export function isAcceptedImageFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  const typeAccepted = (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionAccepted = ACCEPTED_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
  // Some systems send an empty or generic type; the extension then decides.
  return extensionAccepted && (typeAccepted || file.type === "" || file.type === "application/octet-stream");
}

/** Trims, and turns the CRLF line breaks a browser submits from a textarea into LF. */
export function normalizeEstimateValue(field: EstimateField, value: string): string {
  const trimmed = value.trim();
  return field === "description" ? trimmed.replace(/\r\n?/g, "\n") : trimmed;
}

export function normalizeEstimateValues(raw: Partial<Record<EstimateField, unknown>>): EstimateValues {
  const values = {} as EstimateValues;
  for (const field of ESTIMATE_FIELDS) {
    const value = raw[field];
    values[field] = normalizeEstimateValue(field, typeof value === "string" ? value : "");
  }
  return values;
}

/**
 * The ten digits of a US phone number written with the usual punctuation and an optional +1 or 1,
 * or undefined when it is not one.
 */
export function usPhoneDigits(value: string): string | undefined {
  const compact = value.trim().replace(/[\s().-]/g, "");
  const match = /^(?:\+?1)?(\d{10})$/.exec(compact);
  return match?.[1];
}

/** "(609) 555-0142" for a valid US number; the input unchanged otherwise. */
export function formatUsPhone(value: string): string {
  const digits = usPhoneDigits(value);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

export function validateName(value: string): string | undefined {
  const name = normalizeEstimateValue("name", value);
  if (name === "") return "Please enter your name.";
  if (hasLineBreak(name)) return "Please enter your name on one line.";
  const hidden = hiddenCharacterError(name, "Your name");
  if (hidden) return hidden;
  if (name.length > NAME_MAX_LENGTH) return `Please shorten your name to ${NAME_MAX_LENGTH} characters or fewer.`;
  return undefined;
}

export function validateEmail(value: string): string | undefined {
  const email = normalizeEstimateValue("email", value);
  if (email === "") return "Please enter your email address.";
  const hidden = hiddenCharacterError(email, "Your email address");
  if (hidden) return hidden;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return "Please enter a valid email address.";
  return undefined;
}

export function validatePhone(value: string): string | undefined {
  const phone = normalizeEstimateValue("phone", value);
  if (phone === "") return "Please enter your phone number.";
  // Checked before the digits: a byte-order mark counts as a space to the pattern that reads them.
  const hidden = hiddenCharacterError(phone, "Your phone number");
  if (hidden) return hidden;
  if (!usPhoneDigits(phone)) return "Please enter a 10-digit US phone number.";
  return undefined;
}

export function validateAddress(value: string): string | undefined {
  const address = normalizeEstimateValue("address", value);
  if (hasLineBreak(address)) return "Please enter the address on one line.";
  const hidden = hiddenCharacterError(address, "The project address");
  if (hidden) return hidden;
  if (address.length > ADDRESS_MAX_LENGTH)
    return `Please shorten the address to ${ADDRESS_MAX_LENGTH} characters or fewer.`;
  return undefined;
}

export function validateDescription(value: string): string | undefined {
  const description = normalizeEstimateValue("description", value);
  const hidden = hiddenCharacterError(description, "The project description", true);
  if (hidden) return hidden;
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return `Please shorten the project description to ${DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters or fewer.`;
  return undefined;
}

export const estimateFieldValidators: Record<EstimateField, (value: string) => string | undefined> = {
  name: validateName,
  email: validateEmail,
  phone: validatePhone,
  address: validateAddress,
  description: validateDescription,
};

/** Messages for the fields that are wrong; an empty object when everything is fine. Missing fields count as empty. */
export function validateEstimateFields(values: Partial<Record<EstimateField, string>>): EstimateFieldErrors {
  const errors: EstimateFieldErrors = {};
  for (const field of ESTIMATE_FIELDS) {
    const message = estimateFieldValidators[field](values[field] ?? "");
    if (message) errors[field] = message;
  }
  return errors;
}

/** The hidden field that carries the path of the page the form was sent from. */
export const SOURCE_FIELD = "source_page";
export const SOURCE_MAX_LENGTH = 200;

/**
 * The sending page's path, if the value is a path on this site (not another host, not a script
 * address, no control or hidden characters, encoded or not); undefined otherwise. The lead is
 * stored either way: a bad value only costs the owner the knowledge of where it came from.
 */
export function localSourcePath(raw: string | undefined | null): string | undefined {
  const value = (raw ?? "").trim();
  if (value === "" || value.length > SOURCE_MAX_LENGTH) return undefined;
  // "//host" and "/\host" are read by browsers as another host.
  if (!/^\/(?![/\\])/.test(value)) return undefined;
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (!/^\/(?![/\\])/.test(decoded)) return undefined;
  // The lead's page and the CSV show the path: a direction mark in it could make it read as another.
  if (hasForbiddenCharacter(decoded, false)) return undefined;
  return value.split(/[?#]/)[0];
}
