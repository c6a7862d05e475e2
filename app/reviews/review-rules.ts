/**
 * What a review is made of and the rules it must meet, shared by the homeowner's form (in the
 * browser) and the server that publishes it; the reasons a review may be hidden, which
 * /reviews states publicly; and the name a review shows by default.
 */
import { hiddenCharacterError } from "~/forms/plain-text";

export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 2_000;
export const NAME_MAX_LENGTH = 40;
export const TOWN_MAX_LENGTH = 60;
export const REPLY_MAX_LENGTH = 1_000;
/** How long the link in the request works. */
export const REVIEW_LINK_DAYS = 60;
/** How long after Won the automatic request goes, when the owner switched it on. */
export const AUTO_ASK_AFTER_DAYS = 3;

export const HIDE_REASONS = ["personal-information", "offensive", "not-our-work", "duplicate"] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/** As /reviews states them, and as the desk offers them. */
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  "personal-information": "It holds someone's personal information",
  offensive: "Offensive language",
  "not-our-work": "Not about our work",
  duplicate: "A duplicate of another review",
};

export function isHideReason(value: unknown): value is HideReason {
  return typeof value === "string" && (HIDE_REASONS as readonly string[]).includes(value);
}

export interface ReviewValues {
  rating: string;
  body: string;
  name: string;
  town: string;
}

export type ReviewErrors = Partial<Record<keyof ReviewValues, string>>;

export interface CheckedReview {
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
  name: string;
  town: string;
}

/** Line breaks as typed, but no run of blank lines and no spaces at the ends. */
export function normalizeReviewBody(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const oneLine = (raw: string) => raw.normalize("NFC").replace(/\s+/g, " ").trim();

export function checkReview(
  values: ReviewValues,
): { ok: true; review: CheckedReview } | { ok: false; errors: ReviewErrors } {
  const errors: ReviewErrors = {};
  const rating = Number(values.rating);
  if (!/^[1-5]$/.test(values.rating)) errors.rating = "Choose a rating from 1 to 5 stars.";

  const body = normalizeReviewBody(values.body);
  const hiddenInBody = hiddenCharacterError(values.body, "Your review", true);
  if (hiddenInBody) errors.body = hiddenInBody;
  else if ([...body].length < REVIEW_MIN_LENGTH)
    errors.body = `Please write at least ${REVIEW_MIN_LENGTH} characters about the work.`;
  else if ([...body].length > REVIEW_MAX_LENGTH)
    errors.body = `Please keep your review to ${REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters.`;

  const name = oneLine(values.name);
  const hiddenInName = hiddenCharacterError(values.name, "The name to show");
  if (hiddenInName) errors.name = hiddenInName;
  else if (!name) errors.name = "Enter the name to show with your review.";
  else if ([...name].length > NAME_MAX_LENGTH) errors.name = `Keep the name to ${NAME_MAX_LENGTH} characters.`;

  const town = oneLine(values.town);
  const hiddenInTown = hiddenCharacterError(values.town, "The town");
  if (hiddenInTown) errors.town = hiddenInTown;
  else if (!town) errors.town = "Enter your town.";
  else if ([...town].length > TOWN_MAX_LENGTH) errors.town = `Keep the town to ${TOWN_MAX_LENGTH} characters.`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, review: { rating: rating as CheckedReview["rating"], body, name, town } };
}

/** "Dana V." from "Dana Visitor": a first name and the last name's initial, which the homeowner may change. */
export function defaultDisplayName(fullName: string): string {
  const words = fullName.normalize("NFC").trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? "";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? [...last][0]?.toLocaleUpperCase("en-US") : undefined;
  return [...(initial ? `${first} ${initial}.` : first)].slice(0, NAME_MAX_LENGTH).join("");
}

/** The town of an address written "street, town, NJ ...": a guess the homeowner corrects. */
export function townOf(address: string): string {
  const parts = address.split(",").map((p) => p.trim());
  const stateAt = parts.findIndex((p) => /^(NJ|New Jersey)\b/i.test(p));
  const town = stateAt > 0 ? parts[stateAt - 1] : parts.length >= 2 ? parts[1] : undefined;
  return town && /\p{L}/u.test(town) && !/\d/.test(town) ? town.slice(0, TOWN_MAX_LENGTH) : "";
}

export function checkReply(raw: string): { ok: true; body: string } | { ok: false; error: string } {
  const body = normalizeReviewBody(raw);
  const hidden = hiddenCharacterError(raw, "The reply", true);
  if (hidden) return { ok: false, error: hidden };
  if (!body) return { ok: false, error: "Write the reply first." };
  if ([...body].length > REPLY_MAX_LENGTH)
    return { ok: false, error: `Keep the reply to ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters.` };
  return { ok: true, body };
}
