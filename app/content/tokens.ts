/**
 * Business facts inside copy. Content files write `{phone}` or `{yearsExperience}` instead of the
 * fact itself, and the loaders put in the value from `profile.ts`, so a new phone number is changed
 * in one place and can never be left behind in a forgotten paragraph.
 */
import { profile } from "./profile";

/** "a, b and c" */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export const copyTokens = {
  name: profile.name,
  shortName: profile.shortName,
  phone: profile.phone.display,
  email: profile.email,
  town: profile.address.locality,
  foundingYear: String(profile.foundingYear),
  yearsExperience: String(profile.yearsExperience),
  yearsOnIsland: String(profile.yearsOnIsland),
  generations: String(profile.generations),
  replyWithinHours: String(profile.replyWithinHours),
  hicRegistration: profile.hicRegistration,
  serviceAreas: listJoin(profile.areaServed.places),
  homeWatchAreas: listJoin(profile.homeWatchAreas),
  officeHours: profile.hours.display.map((h) => `${h.label}: ${h.value}`).join("; "),
  // Written mid-sentence: "We accept cash, check and major credit cards."
  paymentMethods: listJoin(profile.paymentAccepted.map((p) => p.toLowerCase())),
} as const satisfies Record<string, string>;

export type CopyToken = keyof typeof copyTokens;

const isToken = (name: string): name is CopyToken => Object.hasOwn(copyTokens, name);

/**
 * Puts the facts into `text`. Returns the problems instead when a token is unknown or a brace is
 * left unmatched, since either would show on the page as it was typed.
 */
export function resolveTokens(text: string): { text: string; problems: string[] } {
  const problems: string[] = [];
  const resolved = text.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    if (isToken(name)) return copyTokens[name];
    problems.push(`unknown token ${whole} (known: ${Object.keys(copyTokens).join(", ")})`);
    return whole;
  });
  if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, ""))) problems.push("unmatched { or } (tokens are written {name})");
  return { text: resolved, problems };
}
