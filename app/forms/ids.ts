/**
 * The one shape of a record's id (a lead's, a job's, a document's, a change order's, a photo's): a
 * UUID as `randomUUID` writes it, lower-case. Anything else in an address or a form cannot name one
 * of our records and is refused before it reaches a query. Pure; shared with the browser.
 */

/** The id's characters, for a pattern that holds an id among other text (a stored file's name). */
export const ID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const ID = new RegExp(`^${ID_SOURCE}$`);

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}
