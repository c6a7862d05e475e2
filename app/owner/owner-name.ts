/**
 * The name an owner gives on the account page: what a homeowner reads under "Checked by" on a home
 * watch report, beside the business's name. Optional, one line of plain text. Pure; shared with
 * the browser.
 */
import type { CarriedForms } from "~/forms/carried-answer";
import { hiddenCharacterError } from "~/forms/plain-text";

export const OWNER_NAME_MAX = 60;
export const OWNER_NAME_INTENT = "set-name";
/** The answers a post without JavaScript carries back to the account page. */
export const OWNER_NAME_FORMS: CarriedForms = { intents: [OWNER_NAME_INTENT], fields: ["name"] };

export function readOwnerName(raw: string): { ok: true; name: string } | { ok: false; error: string } {
  const name = raw
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, OWNER_NAME_MAX + 1);
  if (name.length > OWNER_NAME_MAX) return { ok: false, error: `At most ${OWNER_NAME_MAX} characters.` };
  const hidden = hiddenCharacterError(name, "The name");
  return hidden ? { ok: false, error: hidden } : { ok: true, name };
}

/** "Checked by" on a report: the owner's name with the business's, or the business alone. */
export const checkedByText = (ownerName: string | null, business: string) =>
  ownerName ? `${ownerName}, ${business}` : business;
