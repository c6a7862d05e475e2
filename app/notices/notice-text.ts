/**
 * The rules of a notice's text, shared by the desk's form and preview (in the browser) and the
 * server that stores it: plain text on one line, at most 200 characters, with at most one link,
 * written `[words](address)`, to a page of this site or to a phone number (`tel:`). Anything else
 * that looks like a web address is refused, so a notice cannot send visitors off the site.
 */
import { displayPhone } from "~/content/business-facts";
import { hiddenCharacterError } from "~/forms/plain-text";

export const NOTICE_MAX_LENGTH = 200;

export const NOTICE_TONES = { info: "Information", urgent: "Urgent" } as const;
export type NoticeTone = keyof typeof NOTICE_TONES;

export function isNoticeTone(value: unknown): value is NoticeTone {
  return typeof value === "string" && Object.hasOwn(NOTICE_TONES, value);
}

export type NoticePart = { text: string } | { text: string; href: string };

/** The notice as public pages show it: its text already split around its link, so pages carry no parser. */
export interface PublicNotice {
  tone: NoticeTone;
  parts: NoticePart[];
}

const LINK = /\[([^\]]*)\]\(((?:[^()]|\([^()]*\))*)\)/g;
const WEB_ADDRESS = /\bhttps?:\/\/|\bwww\./i;

export interface NoticeRules {
  /** The site's own origin: a full address on it counts as a page of the site. */
  siteUrl: string;
  /** The business's phone in force (E.164), which the messages give as the example of a phone link. */
  phone: string;
  /** Whether a path names a page of the site; the browser's preview cannot tell, and says yes. */
  isSitePage?(path: string): boolean;
}

/** The parts of a notice as written: the link's address as the page will use it, or an error message. */
export type NoticeCheck = { ok: true; parts: NoticePart[] } | { ok: false; error: string };

/** "tel:+16095550142" for a US number, however it was typed; undefined otherwise. */
function telHref(raw: string): string | undefined {
  const compact = raw.replace(/[\s().-]/g, "");
  const match = /^(?:\+?1)?(\d{10})$/.exec(compact);
  return match ? `tel:+1${match[1]}` : undefined;
}

/** A path of this site (with an optional #section), or undefined when the address leaves the site. */
function sitePath(raw: string, rules: NoticeRules): string | undefined {
  let address = raw;
  if (address.toLowerCase().startsWith(rules.siteUrl.toLowerCase()))
    address = address.slice(rules.siteUrl.length) || "/";
  if (!/^\/(?![/\\])[A-Za-z0-9/_.-]*(?:#[A-Za-z0-9_-]+)?$/.test(address) || address.includes("..")) return undefined;
  const path = address.split("#")[0] ?? "/";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (rules.isSitePage && !rules.isSitePage(trimmed)) return undefined;
  return address.replace(path, trimmed);
}

/** Whether the text holds a link written `[words](address)`, whatever its address. */
export function holdsLink(text: string): boolean {
  return text.search(LINK) !== -1;
}

/** One line: the line breaks a phone's keyboard puts in a text box become spaces. */
export function normalizeNotice(raw: string): string {
  return raw.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

/** A phone link to the business's own number, as the examples write it and `telHref` reads it. */
export function phoneLinkExample(phone: string): string {
  return `[call us](tel:${displayPhone(phone)})`;
}

export function checkNotice(raw: string, rules: NoticeRules): NoticeCheck {
  const text = normalizeNotice(raw);
  if (text === "") return { ok: false, error: "Write the notice first." };
  const hidden = hiddenCharacterError(text, "The notice");
  if (hidden) return { ok: false, error: hidden };
  const links = [...text.matchAll(LINK)];
  if (links.length > 1) return { ok: false, error: "A notice may hold one link at most." };
  const shown = text.replace(LINK, "$1");
  if (shown.length > NOTICE_MAX_LENGTH)
    return {
      ok: false,
      error: `Shorten the notice to ${NOTICE_MAX_LENGTH} characters or fewer (it has ${shown.length}).`,
    };
  const outside = text.replace(LINK, "");
  if (/\]\s*\(/.test(outside))
    return { ok: false, error: "Write a link as [words to show](address), with nothing between ] and (." };
  if (WEB_ADDRESS.test(outside))
    return { ok: false, error: "Web addresses can only be a link: write [words to show](/page-of-this-site)." };
  const link = links[0];
  if (!link) return { ok: true, parts: [{ text }] };
  const words = (link[1] ?? "").trim();
  const address = (link[2] ?? "").trim();
  if (words === "") return { ok: false, error: `Give the link words to show: ${phoneLinkExample(rules.phone)}.` };
  const href = address.toLowerCase().startsWith("tel:") ? telHref(address.slice(4)) : sitePath(address, rules);
  if (!href)
    return {
      ok: false,
      error: address.toLowerCase().startsWith("tel:")
        ? `The phone link needs a US number: ${phoneLinkExample(rules.phone)}.`
        : "A link may go only to a page of this site (such as /estimate) or to a phone number (tel:).",
    };
  const start = link.index ?? 0;
  const before = text.slice(0, start);
  const after = text.slice(start + link[0].length);
  return {
    ok: true,
    parts: [...(before ? [{ text: before }] : []), { text: words, href }, ...(after ? [{ text: after }] : [])],
  };
}

/** The notice as one line of plain text, a link's words followed by its address: for a toast or an email. */
export function noticePlainText(notice: PublicNotice, siteUrl: string): string {
  return notice.parts
    .map((part) =>
      "href" in part
        ? `${part.text} (${part.href.startsWith("tel:") ? part.href.slice(4) : siteUrl + part.href})`
        : part.text,
    )
    .join("");
}

/** The parts of a notice already checked when it was published. */
export function noticeParts(body: string, siteUrl: string): NoticePart[] {
  // Only the parts are read, never a refusal's message: no phone is needed to word one.
  const checked = checkNotice(body, { siteUrl, phone: "" });
  return checked.ok ? checked.parts : [{ text: body.replace(LINK, "$1") }];
}
