/**
 * What every prerendered page says, compared with the snapshot in `page-snapshot.json`: headings,
 * the text of <main>, links, image alt texts, the title, description and keywords, and the JSON-LD.
 *
 * Reshaping code or moving copy between files must not change a word a visitor or a search engine
 * sees; this check makes that visible. Business facts from `app/content/profile.ts` and the first
 * facts of `app/content/business-facts.json` (what the build prerenders with) are replaced by
 * placeholders such as `{phone.display}` on both sides, and pictures' content hashes by `{hash}`, so
 * a new phone number or email in those files, or pictures encoded anew, keep the check green, while
 * any other change of wording fails it. (A fact that is also
 * typed by hand somewhere, say a town named in prose, still fails when only the facts change:
 * that is a page disagreeing with itself, worth a look.)
 *
 * When a change of wording is intended, rewrite the snapshot after `npm run build` and review its
 * diff like any other change of copy:
 *
 *   UPDATE_PAGE_SNAPSHOT=1 npx vitest run --project build tests/build/page-snapshot.test.ts
 *
 * Nothing else writes the file: a missing or stale snapshot fails.
 *
 * @vitest-environment jsdom
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { displayPhone, firstFacts, hoursRows } from "../../app/content/business-facts";
import { profile } from "../../app/content/profile";
import { prerenderedPages } from "./support";

const snapshotFile = path.join(import.meta.dirname, "page-snapshot.json");
const updating = process.env.UPDATE_PAGE_SNAPSHOT === "1";

interface PageSnapshot {
  title: string;
  description: string;
  keywords: string;
  headings: string[];
  mainText: string[];
  links: { href: string; text: string; label?: string }[];
  imageAlts: string[];
  jsonLd: unknown[];
}

// ---------------------------------------------------------------------------------------------
// Placeholders for business facts

type Replacement = { pattern: RegExp; token: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first facts under the paths their placeholders had when they were the profile's, so the
 * snapshot reads as it did: `{phone.display}`, `{hours.display.0.label}`, `{replyWithinHours}`.
 */
const firstFactsByPath = {
  phone: { display: displayPhone(firstFacts.phone), e164: firstFacts.phone },
  email: firstFacts.email,
  address: firstFacts.address,
  homeWatchAreas: firstFacts.homeWatchAreas,
  hours: { display: hoursRows(firstFacts.hours) },
  social: firstFacts.social,
  hicRegistration: firstFacts.hicRegistration,
  claims: firstFacts.claims,
};

// Two paths holding the same words take the first one's name ("Manahawkin" is the address's town
// before it is a place served), so the paths keep the order the profile once gave them.
const { phone, email, address, ...laterFacts } = firstFactsByPath;
const factsInProfileOrder = { phone, email, address, ...profile, ...laterFacts };

/** Every string fact, by its path: `phone.display`, `homeWatchAreas.2`, … */
function stringFacts(value: unknown, at: string[] = []): [string, string][] {
  if (typeof value === "string") return [[at.join("."), value]];
  if (Array.isArray(value)) {
    const items = value.filter((v): v is string => typeof v === "string");
    // Lists also appear joined, as copy and structured data write them.
    const joined: [string, string][] =
      items.length > 1
        ? [
            [at.join("."), `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`],
            [at.join("."), items.join(", ")],
          ]
        : [];
    const lowered = joined.map(([name, text]): [string, string] => [name, text.toLowerCase()]);
    return [...joined, ...lowered, ...value.flatMap((v, i) => stringFacts(v, [...at, String(i)]))];
  }
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringFacts(v, [...at, k]));
  return [];
}

// Too short or too common to stand for the profile wherever they appear: two-letter codes, "$$",
// the structured hours (day names and 24-hour times, matched by property in JSON-LD instead) and
// single payment words such as "Check", which copy uses as an ordinary word.
const tooAmbiguous = (name: string, value: string) =>
  value.length < 4 || name.startsWith("hours.structured.") || /^paymentAccepted\.\d+$/.test(name);

// Numbers are replaced only where they read as the fact: a bare 3 or 24 is too common to replace
// everywhere, but "3 generations" or "reply within 24 hours" is the profile speaking. In each
// context, # stands for the number (in figures or, for small numbers, in words).
const numberFacts: [string, number, RegExp][] = [
  ["foundingYear", firstFacts.figures.foundingYear, /#/],
  ["yearsExperience", firstFacts.figures.yearsExperience, /#(?=\+|\s+years)/],
  ["yearsOnIsland", firstFacts.figures.yearsOnIsland, /#(?=\+|\s+years|\s*Years on)/],
  ["generations", firstFacts.figures.generations, /#(?=\s+generations)/i],
  ["replyWithinHours", firstFacts.figures.replyWithinHours, /(?<=within\s+)#(?=\s+hours)/],
  ["satisfactionPercent", firstFacts.figures.satisfactionPercent, /#(?=\s*%)/],
  ["rating.value", profile.rating.value, /#(?=\s+of\s)/],
  ["areaServed.radiusMeters", profile.areaServed.radiusMeters, /#/],
];

const numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function numberPattern(value: number): string {
  const figures = `(?<![\\d.])${escapeRegExp(String(value))}(?!\\d|\\.\\d)`;
  const word = numberWords[value];
  if (!word) return figures;
  return `(?:${figures}|\\b(?:${word}|${word[0]?.toUpperCase()}${word.slice(1)})\\b)`;
}

// Fenced where the fact starts or ends with a letter or digit, so "Check" is not found inside
// "Checks" nor 40 inside 1400; a link's text may run straight into the next button's ("…0142Get").
const fenced = (value: string) => {
  const kind = (c: string) => (/\d/.test(c) ? "\\d" : /\p{L}/u.test(c) ? "\\p{L}" : "");
  const before = kind(value.at(0) ?? "");
  const after = kind(value.at(-1) ?? "");
  return `${before ? `(?<!${before})` : ""}${escapeRegExp(value)}${after ? `(?!${after})` : ""}`;
};

const replacements: Replacement[] = [
  ...stringFacts(factsInProfileOrder)
    .filter(([name, value]) => !tooAmbiguous(name, value))
    .flatMap(([name, value]): [string, string][] => [
      [name, value],
      // as it appears inside addresses (mail compose links)
      [name, encodeURIComponent(value)],
    ])
    .sort((a, b) => b[1].length - a[1].length)
    .map(([name, value]) => ({ pattern: new RegExp(fenced(value), "gu"), token: `{${name}}` })),
  ...numberFacts.map(([name, value, context]) => ({
    pattern: new RegExp(context.source.replace("#", numberPattern(value)), `g${context.flags}`),
    token: `{${name}}`,
  })),
];

// A picture's file name carries the hash of its source and encoder settings: an asset's name, not
// something the page says, so re-encoding the pictures leaves the snapshot as it was.
const PICTURE_HASH = /(\/img\/[a-z0-9-]+\.)[0-9a-f]{10}(-\d+\.(?:avif|webp|jpg))/g;

const placeholders = (text: string) =>
  replacements.reduce((s, r) => s.replace(r.pattern, r.token), text).replace(PICTURE_HASH, "$1{hash}$2");

// JSON-LD properties that only ever hold profile facts, some of them numbers: recognised by name.
const factProperties = new Set(["ratingValue", "bestRating", "reviewCount", "ratingCount", "latitude", "longitude"]);
const hoursProperties = new Set(["dayOfWeek", "opens", "closes"]);

function jsonPlaceholders(value: unknown, key = ""): unknown {
  if (factProperties.has(key) && typeof value === "number") return `{${key}}`;
  if (hoursProperties.has(key)) return "{hours.structured}";
  if (typeof value === "string") return placeholders(value);
  if (Array.isArray(value)) return value.map((v) => jsonPlaceholders(v, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonPlaceholders(v, k)]));
  return value;
}

// ---------------------------------------------------------------------------------------------
// Extraction

const squashSpace = (s: string) => s.replace(/\s+/g, " ").trim();

// Elements a browser lays out as their own line: their text never runs into the next element's.
const BLOCKS = new Set(
  (
    "address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 " +
    "h4 h5 h6 header hr label legend li main nav ol p pre section summary table td th tr ul button option select"
  ).split(" "),
);
const SKIPPED = new Set(["script", "style", "template", "noscript"]);

/** The text of `root` as lines, one per block, whitespace collapsed. */
function textLines(root: Element): string[] {
  let text = "";
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.nodeValue ?? "";
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const name = (node as Element).localName;
    // aria-hidden copies (a count-up's sizing and animated numbers) repeat text the page already says.
    if (SKIPPED.has(name) || (node as Element).getAttribute("aria-hidden") === "true") return;
    const block = BLOCKS.has(name);
    if (block) text += "\n";
    node.childNodes.forEach(walk);
    if (block) text += "\n";
  };
  walk(root);
  return text
    .split("\n")
    .map((line) => placeholders(squashSpace(line)))
    .filter(Boolean);
}

function snapshotOf(html: string): PageSnapshot {
  const document = new DOMParser().parseFromString(html, "text/html");
  const meta = (name: string) =>
    placeholders(document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? "");
  const main = document.querySelector("main");
  return {
    title: placeholders(document.title),
    description: meta("description"),
    keywords: meta("keywords"),
    headings: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map(
      (h) => `${h.localName} ${placeholders(squashSpace(h.textContent ?? ""))}`,
    ),
    mainText: main ? textLines(main) : [],
    links: [...document.querySelectorAll("a[href]")].map((a) => {
      const label = a.getAttribute("aria-label");
      return {
        href: placeholders(a.getAttribute("href") ?? ""),
        text: placeholders(squashSpace(a.textContent ?? "")),
        ...(label ? { label: placeholders(label) } : {}),
      };
    }),
    imageAlts: [...document.querySelectorAll("img")].map((img) => placeholders(img.getAttribute("alt") ?? "")),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      jsonPlaceholders(JSON.parse(s.textContent ?? "null")),
    ),
  };
}

// ---------------------------------------------------------------------------------------------

const current: Record<string, PageSnapshot> = Object.fromEntries(
  prerenderedPages().map(({ file, urlPath }) => [urlPath, snapshotOf(fs.readFileSync(file, "utf8"))]),
);

if (updating) fs.writeFileSync(snapshotFile, `${JSON.stringify(current, null, 2)}\n`);

const saved: Record<string, PageSnapshot> = fs.existsSync(snapshotFile)
  ? (JSON.parse(fs.readFileSync(snapshotFile, "utf8")) as Record<string, PageSnapshot>)
  : {};

describe("page snapshot", () => {
  it("exists (write it with UPDATE_PAGE_SNAPSHOT=1 after a build)", () => {
    expect(fs.existsSync(snapshotFile)).toBe(true);
  });

  it("covers the same pages as the build", () => {
    expect(Object.keys(current)).toEqual(Object.keys(saved));
  });

  for (const [urlPath, page] of Object.entries(current)) {
    it(`${urlPath} says what it said`, () => {
      expect(page).toEqual(saved[urlPath]);
    });
  }

  it("replaces business facts by placeholders", () => {
    const all = JSON.stringify(current);
    for (const fact of [phone.display, phone.e164, firstFacts.email, firstFacts.hicRegistration])
      expect(all).not.toContain(fact);
    expect(placeholders(`Call ${phone.display} within ${firstFacts.figures.replyWithinHours} hours`)).toBe(
      "Call {phone.display} within {replyWithinHours} hours",
    );
  });
});
