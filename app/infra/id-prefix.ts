/** Ids typed by hand at a command line: the first characters of a UUID, as a list prints them. */

/** Shortest prefix accepted, so a typo cannot match (and delete or resend) a record by chance. */
export const MIN_ID_PREFIX = 8;

/** The prefix as typed, lower-cased, or undefined when it is too short or cannot be part of an id. */
export function idPrefix(idOrPrefix: string): string | undefined {
  const prefix = idOrPrefix.trim().toLowerCase();
  return prefix.length >= MIN_ID_PREFIX && /^[0-9a-f-]+$/.test(prefix) ? prefix : undefined;
}
