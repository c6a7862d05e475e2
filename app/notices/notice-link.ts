/**
 * The notice form's link picker, shared by the desk's preview (in the browser) and the server: the
 * page or the phone the owner picks, with the words to show, becomes a `[words](address)` written
 * after the text, so a phone's keyboard never has to type brackets and the stored notice, its
 * checks and the public pages stay exactly those of a link typed by hand.
 */
import { displayPhone } from "~/content/business-facts";
import { hiddenCharacterError } from "~/forms/plain-text";
import { holdsLink, normalizeNotice } from "./notice-text";

/** One choice of the picker: what the owner reads, and the page's path. */
export interface LinkTarget {
  title: string;
  path: string;
}

export interface LinkTargetGroup {
  label: string;
  targets: LinkTarget[];
}

/** The picker's value for the business's phone, rather than a path. */
export const PHONE_TARGET = "tel";

/** What the picker offers: the site's pages in groups, then the phone. */
export interface NoticeLinkTargets {
  groups: LinkTargetGroup[];
  phone: { title: string; value: typeof PHONE_TARGET };
}

export const PHONE_CHOICE: NoticeLinkTargets["phone"] = { title: "Call us", value: PHONE_TARGET };

export interface NoticeLinkErrors {
  body?: string;
  linkTo?: string;
  linkWords?: string;
}

export type ComposedNotice =
  /** `link` is the link alone, so the server can tell a refused address from a refused text. */
  | { ok: true; body: string; link: string | null }
  /** `body` is the text without the link: what the preview shows while the link is refused. */
  | { ok: false; body: string; errors: NoticeLinkErrors };

/**
 * The address the picker's value stands for: for the phone, the business's number in force
 * (`phone`, E.164) as the notice is written. A notice keeps the number it was written with.
 */
export function linkAddress(linkTo: string, phone: string): string {
  return linkTo === PHONE_TARGET ? `tel:${displayPhone(phone)}` : linkTo;
}

/** The notice as it will be stored: the text, then the picked link after one space. */
export function composeNotice(text: string, linkTo: string, linkWords: string, phone: string): ComposedNotice {
  const typed = normalizeNotice(text);
  const target = linkTo.trim();
  if (target === "") return { ok: true, body: typed, link: null };
  const words = normalizeNotice(linkWords);
  const errors: NoticeLinkErrors = {};
  if (words === "") errors.linkWords = "Write the words the link shows, such as 'Get an estimate'.";
  else if (/[[\]]/.test(words)) errors.linkWords = "Take the [ and ] out of the link words.";
  else {
    const hidden = hiddenCharacterError(words, "'Link words'");
    if (hidden) errors.linkWords = hidden;
  }
  // The picker offers the phone and the site's own paths: any other value was not picked from it.
  if (target !== PHONE_TARGET && !target.startsWith("/")) errors.linkTo = "Choose the link from the list.";
  else if (holdsLink(typed))
    errors.linkTo = "The text already has a link. Choose 'No link', or take the typed link out of the text.";
  // A [ left open at the end of the text would take the link's words into it.
  else if (/\[[^\]]*$/.test(typed)) errors.body = "Take the lone [ out of the text, or choose 'No link'.";
  if (Object.keys(errors).length > 0) return { ok: false, body: typed, errors };
  const link = `[${words}](${linkAddress(target, phone)})`;
  return { ok: true, body: typed === "" ? link : `${typed} ${link}`, link };
}
