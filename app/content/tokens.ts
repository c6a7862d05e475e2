/**
 * Business facts inside copy. Content files write `{phone}` or `{yearsExperience}` instead of the
 * fact itself, and the content is read with the facts in force put in, so a new phone number is
 * changed on the desk in one place and can never be left behind in a forgotten paragraph.
 */
import {
  displayPhone,
  firstFacts,
  hoursLine,
  mailtoHref,
  phoneHref,
  type BusinessFacts,
  type WeekHours,
} from "./business-facts";
import { FACT_LINKS } from "./fact-links";
import { profile } from "./profile";

/** "a, b and c" */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The facts copy may name, from a set of facts and the week's hours in force. */
export function copyTokensOf(facts: BusinessFacts, week: WeekHours = facts.hours) {
  return {
    name: profile.name,
    shortName: profile.shortName,
    phone: displayPhone(facts.phone),
    email: facts.email,
    town: facts.address.locality,
    foundingYear: String(facts.figures.foundingYear),
    yearsExperience: String(facts.figures.yearsExperience),
    yearsOnIsland: String(facts.figures.yearsOnIsland),
    generations: String(facts.figures.generations),
    replyWithinHours: String(facts.figures.replyWithinHours),
    hicRegistration: facts.hicRegistration,
    serviceAreas: listJoin(profile.areaServed.places),
    homeWatchAreas: listJoin(facts.homeWatchAreas),
    officeHours: hoursLine(week),
    // Written mid-sentence: "We accept cash, check and major credit cards."
    paymentMethods: listJoin(profile.paymentAccepted.map((p) => p.toLowerCase())),
  } as const satisfies Record<string, string>;
}

export type CopyTokens = ReturnType<typeof copyTokensOf>;
export type CopyToken = keyof CopyTokens;

/**
 * The facts content is being read with. Content's schemas are built once, when their modules load,
 * while the facts they put in change with each publish; reading content is synchronous, so the
 * facts are set for the length of one read (`readWithFacts`) and nothing else can run meanwhile.
 */
let reading = { facts: firstFacts, tokens: copyTokensOf(firstFacts), keep: false };

/** Runs a synchronous read of content with these facts (and the week's hours in force) put into its copy. */
export function readWithFacts<T>(facts: BusinessFacts, week: WeekHours, read: () => T): T {
  const before = reading;
  reading = { facts, tokens: copyTokensOf(facts, week), keep: false };
  try {
    return read();
  } finally {
    reading = before;
  }
}

/**
 * Runs a synchronous read of content leaving its tokens as written (`{phone}` stays `{phone}`): how
 * an editor shows the owner a page's words, so saving them keeps the facts they quote.
 */
export function readKeepingTokens<T>(read: () => T): T {
  const before = reading;
  const tokens = Object.fromEntries(Object.keys(copyTokensOf(firstFacts)).map((name) => [name, `{${name}}`]));
  reading = { facts: firstFacts, tokens: tokens as CopyTokens, keep: true };
  try {
    return read();
  } finally {
    reading = before;
  }
}

/** The address a fact's link dials or mails with the facts being read; undefined for any other address. */
export function factLinkAddress(href: string): string | undefined {
  if (href !== FACT_LINKS.phone && href !== FACT_LINKS.email) return undefined;
  if (reading.keep) return href;
  return href === FACT_LINKS.phone ? phoneHref(reading.facts) : mailtoHref(reading.facts);
}

/** The facts of the read under way: a schema's list of towns comes from them. */
export const factsBeingRead = (): BusinessFacts => reading.facts;

/**
 * One value per set of facts: content read again only when the facts change, and forgotten with
 * them. The key is the object the live layer loaded, so each publish (and each midnight a special
 * range starts or ends) reads the content once, however many pages show it.
 */
export function perFacts<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const memo = new WeakMap<K, T>();
  return (key) => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const made = make(key);
    memo.set(key, made);
    return made;
  };
}

/**
 * One value per published copy and set of facts: a kind of page read again when either changes,
 * and forgotten with them. Both keys are objects the live layer loaded, so a page is read once per
 * publish of its words or of the facts they quote.
 */
export function perCopyAndFacts<C extends object, K extends object, T>(
  make: (copy: C, key: K) => T,
): (copy: C, key: K) => T {
  const memo = new WeakMap<C, (key: K) => T>();
  return (copy, key) => {
    let forCopy = memo.get(copy);
    if (!forCopy) {
      forCopy = perFacts((k: K) => make(copy, k));
      memo.set(copy, forCopy);
    }
    return forCopy(key);
  };
}

const isToken = (tokens: CopyTokens, name: string): name is CopyToken => Object.hasOwn(tokens, name);

/**
 * Puts the facts into `text`. Returns the problems instead when a token is unknown or a brace is
 * left unmatched, since either would show on the page as it was typed.
 */
export function resolveTokens(text: string, tokens: CopyTokens = reading.tokens): { text: string; problems: string[] } {
  const problems: string[] = [];
  const resolved = text.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    if (isToken(tokens, name)) return tokens[name];
    problems.push(`unknown token ${whole} (known: ${Object.keys(tokens).join(", ")})`);
    return whole;
  });
  if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, ""))) problems.push("unmatched { or } (tokens are written {name})");
  return { text: resolved, problems };
}
