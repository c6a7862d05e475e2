/**
 * The answer of a desk form posted without JavaScript to a forms route (a job's money, a lead's
 * visit), on its way back to the page: the route answers with a redirect to the page and hands the
 * answer over in a cookie, which the page's loader reads once and clears.
 *
 * A cookie, not the address: what the owner typed (a closed day's label, a payment's reference)
 * would otherwise sit in the page's address, and from there in every Referer the page sends and in
 * the proxy's access log. And sealed with the server's key, with the page it is for and a time it
 * ends: a page shows only an answer this server made for it moments ago, never words someone put
 * in a link or a cookie.
 */
import type { ChangeAnswer } from "~/forms/change-answer";
import { pageAnswer, type CarriedForms } from "~/forms/carried-answer";
import { seal, sealKeyOf, unseal } from "./seal.server";
import { getEnv } from "~/settings/env.server";

export const ANSWER_COOKIE = "desk_answer";
/** Long enough for the browser to follow the redirect on a slow phone, short enough to be gone after. */
export const ANSWER_LIFETIME_MS = 60_000;
/** Browsers keep a cookie of about 4 KB; a longer answer leaves out what the form held. */
const COOKIE_VALUE_MAX = 3_800;

interface Carried {
  page: string;
  expires: number;
  answer: ChangeAnswer;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isTextRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((entry) => typeof entry === "string");

function isAnswer(value: unknown): value is ChangeAnswer {
  if (!isRecord(value) || typeof value.intent !== "string") return false;
  if (value.ok === true)
    return typeof value.done === "string" && (value.made === undefined || typeof value.made === "string");
  return value.ok === false && isTextRecord(value.errors) && isTextRecord(value.values);
}

/** `answer`, for the page at `page`, sealed with `key` until `now` plus the lifetime. */
export function sealAnswer(key: Buffer, answer: ChangeAnswer, forms: CarriedForms, page: string, now: number): string {
  const kept = pageAnswer(answer, forms);
  if (!kept) return "";
  const expires = now + ANSWER_LIFETIME_MS;
  const sealed = seal(key, "desk-answer", JSON.stringify({ page, expires, answer: kept } satisfies Carried));
  if (sealed.length <= COOKIE_VALUE_MAX || kept.ok) return sealed;
  return seal(key, "desk-answer", JSON.stringify({ page, expires, answer: { ...kept, values: {} } } satisfies Carried));
}

/** What `sealed` carries, when this server sealed it for an answer; its page and end not yet checked. */
function readCarried(key: Buffer, sealed: string): Carried | null {
  const text = unseal(key, "desk-answer", sealed);
  if (text === undefined) return null;
  let carried: unknown;
  try {
    carried = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(carried) || typeof carried.page !== "string" || typeof carried.expires !== "number") return null;
  return isAnswer(carried.answer) ? { page: carried.page, expires: carried.expires, answer: carried.answer } : null;
}

/** The answer `sealed` holds for the page at `page`; null when not this server's, another page's, or ended. */
export function openAnswer(
  key: Buffer,
  sealed: string,
  forms: readonly CarriedForms[],
  page: string,
  now: number,
): ChangeAnswer | null {
  const carried = readCarried(key, sealed);
  if (!carried || carried.page !== page || !(now < carried.expires)) return null;
  const { answer } = carried;
  const mine = forms.find((f) => f.intents.includes(answer.intent));
  return mine ? pageAnswer(answer, mine) : null;
}

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * The paths the cookie is set for: the desk, and the list's data, which sits beside /owner rather
 * than under it (`/owner.data`), where a cookie for /owner is not sent. Each is set and cleared
 * alike, so a page reads the answer once, as a document or as data.
 */
const ANSWER_COOKIE_PATHS = ["/owner", "/owner.data"] as const;

export type SetCookies = [name: "Set-Cookie", value: string][];

// Only the desk reads it. SameSite=Strict: the redirect after the owner's own post is same-site; a
// link from elsewhere brings no answer with it.
function answerCookies(request: Request, value: string, maxAgeSeconds: number): SetCookies {
  return ANSWER_COOKIE_PATHS.map((cookiePath) => {
    const attributes = [
      `${ANSWER_COOKIE}=${value}`,
      `Path=${cookiePath}`,
      "HttpOnly",
      "SameSite=Strict",
      `Max-Age=${maxAgeSeconds}`,
    ];
    if (isHttps(request)) attributes.push("Secure");
    return ["Set-Cookie", attributes.join("; ")];
  });
}

function cookieValue(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === ANSWER_COOKIE) return rest.join("=");
  }
  return undefined;
}

/** The Set-Cookie headers that carry `answer` to the page at `page` (its path, no query). */
export function carryAnswer(request: Request, answer: ChangeAnswer, forms: CarriedForms, page: string): SetCookies {
  const value = sealAnswer(sealKeyOf(getEnv()), answer, forms, page, Date.now());
  return answerCookies(request, value, value ? ANSWER_LIFETIME_MS / 1000 : 0);
}

/**
 * The answer carried to the page at `page`, for one of its `forms`, read once: `headers` clears the
 * cookie when it was this page's to read, so a reload or the next page shows nothing again.
 */
export function takeCarriedAnswer(
  request: Request,
  page: string,
  forms: readonly CarriedForms[],
): { answer: ChangeAnswer | null; headers: SetCookies } {
  const value = cookieValue(request);
  if (!value) return { answer: null, headers: [] };
  const key = sealKeyOf(getEnv());
  // Another page's answer is left for that page (its own lifetime ends it); anything else goes now.
  const carried = readCarried(key, value);
  if (carried && carried.page !== page) return { answer: null, headers: [] };
  return { answer: openAnswer(key, value, forms, page, Date.now()), headers: answerCookies(request, "", 0) };
}
