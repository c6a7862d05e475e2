/**
 * A project's rules, shared by the desk's form in the browser and the server: what each field may
 * hold, the page's address made from the title, the story's paragraphs and lists, and the one
 * privacy rule every public field of a project made from a lead meets (title, town, story, photo
 * descriptions, the page's address): never the homeowner's street, never their name. Plain
 * functions, no Node.
 */
import type { BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { services, type ServiceSlug } from "~/content/services";
import { hiddenCharacterError } from "~/forms/plain-text";
import { dayOf } from "~/time/business-time";

export const MAX_TITLE = 90;
export const MAX_STORY = 2_000;
export const MAX_TOWN = 60;
export const MAX_DESCRIPTION = 200;
export const MAX_PHOTOS = 12;
/** Projects on one page of /projects. */
export const PROJECTS_PER_PAGE = 12;

/**
 * The towns offered in the form: the home watch towns published in `facts` and the places the
 * profile serves, the island itself and the county left out.
 */
export function servedTowns(facts: Pick<BusinessFacts, "homeWatchAreas">): string[] {
  return [...new Set([...facts.homeWatchAreas, ...profile.areaServed.places].filter((p) => !/island|county/i.test(p)))];
}

export interface ProjectValues {
  title: string;
  service: string;
  town: string;
  /** YYYY-MM, as `<input type="month">` sends it. */
  finished: string;
  story: string;
}

export type ProjectErrors = Partial<Record<keyof ProjectValues, string>>;

/** What no public field of a project made from a lead may hold: its street line and the homeowner's name. */
export interface LeadPrivacy {
  address: string;
  name: string;
}

const isService = (value: string): value is ServiceSlug => services.some((s) => s.slug === value);

export function serviceTitle(slug: string): string {
  return services.find((s) => s.slug === slug)?.title ?? slug;
}

/** Lower case, letters and digits only, single spaces: how a title and town become an address. */
function plain(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

const APOSTROPHES = /['\u2019\u02bc`]/g;

/** The words of a text as compared: lower case, accents off, split at anything but a letter or a digit. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A text's words read two ways: split at its apostrophes ("O'Neil" as "o", "neil") and joined
 * across them ("oneil"), so a name is found however its apostrophe was typed, or left out.
 */
function readings(text: string): string[][] {
  return [wordsOf(text), wordsOf(text.replace(APOSTROPHES, ""))];
}

/** The street line of an address as typed ("12 Ocean Ave, Surf City, NJ" gives "12 Ocean Ave"). */
export function streetLine(address: string): string {
  return (address.split(/[,\n]/)[0] ?? "").trim();
}

/** Words of a name that name no one: titles, suffixes, and words around names ("John and Mary", "the Smith family"). */
const NOT_A_NAME: ReadonlySet<string> = new Set([
  "jr",
  "sr",
  "ii",
  "iii",
  "iv",
  "mr",
  "mrs",
  "ms",
  "dr",
  "miss",
  "and",
  "the",
  "family",
]);

/**
 * The words of the homeowner's name a public text may not hold, each with the name's own spelling
 * to quote: every part of 3 letters or more ("Mary-Ann O'Neil" gives mary, ann, neil) and each
 * hyphenated or apostrophe'd part joined up (maryann, oneil), but no title or suffix ("Jr.").
 */
export function nameWords(name: string): Map<string, string> {
  const words = new Map<string, string>();
  for (const token of name.split(/\s+/u)) {
    const shown = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    const joined = wordsOf(token.replace(APOSTROPHES, "").replace(/[-\u2010\u2011]/g, "")).join("");
    for (const word of [...wordsOf(token), joined])
      if ([...word].length >= 3 && !NOT_A_NAME.has(word) && !/^\p{N}+$/u.test(word) && !words.has(word))
        words.set(word, shown);
  }
  return words;
}

/** A name word as a text may hold it: itself, or a family's plural ("the Smiths", "the Parkes"). */
function namesWord(textWord: string, word: string): boolean {
  return textWord === word || textWord === `${word}s` || textWord === `${word}es`;
}

/** Street types and directions as one spelling each, so "Ocean Avenue" reads as "Ocean Ave". */
const STREET_WORDS: Readonly<Record<string, string>> = {
  avenue: "ave",
  av: "ave",
  street: "st",
  str: "st",
  road: "rd",
  boulevard: "blvd",
  boul: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  terrace: "ter",
  circle: "cir",
  parkway: "pkwy",
  highway: "hwy",
  trail: "trl",
  route: "rte",
  n: "north",
  s: "south",
  e: "east",
  w: "west",
};
const STREET_TYPES: ReadonlySet<string> = new Set([
  "ave",
  "st",
  "rd",
  "blvd",
  "dr",
  "ln",
  "ct",
  "pl",
  "ter",
  "cir",
  "pkwy",
  "hwy",
  "trl",
  "rte",
  "way",
]);
const streetWord = (word: string) => STREET_WORDS[word] ?? word;

/**
 * The word sequences that name the street of `address`: the whole line; its number with the first
 * word of its name ("12 ocean", so "12 Ocean Avenue" cannot slip through as a spelling); and its
 * name with any street type, without the number ("ocean ave", "Ocean Avenue", "Ocean St").
 */
function streetPatterns(address: string): string[][] {
  const line = wordsOf(streetLine(address).replace(APOSTROPHES, "")).map(streetWord);
  const numbered = /^\d+\p{L}?$/u.test(line[0] ?? "");
  const rest = numbered ? line.slice(1) : line;
  const typeAt = rest.findIndex((word) => STREET_TYPES.has(word));
  // A first line with neither a number nor a street type is the town ("Surf City, NJ"), not a street.
  if (line.length === 0 || (!numbered && typeAt === -1)) return [];
  const patterns = [line];
  const name = typeAt === -1 ? rest : rest.slice(0, typeAt);
  if (numbered && rest[0]) patterns.push([line[0] ?? "", rest[0]]);
  if (name.length > 0) for (const type of STREET_TYPES) patterns.push([...name, type]);
  return patterns;
}

function holdsSequence(words: readonly string[], pattern: readonly string[]): boolean {
  if (pattern.length === 0) return false;
  for (let i = 0; i + pattern.length <= words.length; i++)
    if (pattern.every((word, j) => words[i + j] === word)) return true;
  return false;
}

/** What a public text gives away of the lead, if anything: its street, or a word of the homeowner's name. */
export type LeadMention = { kind: "street" } | { kind: "name"; word: string };

/**
 * Whether `text` names the lead's street or the homeowner. Words are compared whole, in any case
 * and without accents: "Lee" does not refuse "sleeve", nor "Park" "parking".
 */
export function leadMention(text: string, lead: LeadPrivacy): LeadMention | undefined {
  const read = readings(text);
  const patterns = streetPatterns(lead.address);
  if (read.some((words) => patterns.some((pattern) => holdsSequence(words.map(streetWord), pattern))))
    return { kind: "street" };
  for (const [word, shown] of nameWords(lead.name))
    if (read.some((words) => words.some((textWord) => namesWord(textWord, word)))) return { kind: "name", word: shown };
  return undefined;
}

/**
 * Why `field` ("The story", "The title") cannot be public for this lead, or undefined. The street
 * is not quoted back: the message says what to take out, and the owner knows which street it is.
 */
export function leadMentionIn(text: string, lead: LeadPrivacy, field = "The story"): string | undefined {
  const mention = leadMention(text, lead);
  if (!mention) return undefined;
  if (mention.kind === "street")
    return `${field} names the homeowner's street address. Take it out: the page may only say the town.`;
  return `${field} names the homeowner (“${mention.word}”). Take the name out: projects never say whose house it was.`;
}

/** Why the page's address cannot be public for this lead, or undefined; a new title gives a new one. */
export function slugMentionIn(slug: string, lead: LeadPrivacy): string | undefined {
  const mention = leadMention(slug, lead);
  if (!mention) return undefined;
  const what = mention.kind === "street" ? "the homeowner's street" : `the homeowner (“${mention.word}”)`;
  return `The page's address, made from the title and town, names ${what}. Save a title without it: the page gets a new address.`;
}

function checkLine(value: string, label: string, max: number): string | undefined {
  if (!value.trim()) return `Enter the ${label}.`;
  if (value.length > max) return `The ${label} may be at most ${max} characters.`;
  return hiddenCharacterError(value, `The ${label}`);
}

/** The errors of a project's fields, by field; none means it may be saved. */
export function checkProject(
  values: ProjectValues,
  lead?: LeadPrivacy,
  today: string = dayOf(new Date()),
): ProjectErrors {
  const errors: ProjectErrors = {};
  const title = checkLine(values.title, "title", MAX_TITLE) ?? (lead && leadMentionIn(values.title, lead, "The title"));
  if (title) errors.title = title;
  if (!isService(values.service)) errors.service = "Choose the service.";
  const town = checkLine(values.town, "town", MAX_TOWN) ?? (lead && leadMentionIn(values.town, lead, "The town"));
  if (town) errors.town = town;
  const month = /^(\d{4})-(\d{2})$/.exec(values.finished);
  if (!month || Number(month[2]) < 1 || Number(month[2]) > 12 || Number(month[1]) < 1984)
    errors.finished = "Enter the month and year the job was finished.";
  else if (values.finished > today.slice(0, 7)) errors.finished = "The month finished cannot be after this month.";
  if (values.story.length > MAX_STORY)
    errors.story = `The story may be at most ${MAX_STORY.toLocaleString("en-US")} characters (it has ${values.story.length.toLocaleString("en-US")}).`;
  else {
    const story = hiddenCharacterError(values.story, "The story", true) ?? (lead && leadMentionIn(values.story, lead));
    if (story) errors.story = story;
  }
  // The address is cut at 60 characters, which can leave a name where the title had a longer word.
  if (lead && !errors.title && !errors.town) {
    const slug = slugMentionIn(slugify(`${values.title} ${values.town}`), lead);
    if (slug) errors.title = slug;
  }
  return errors;
}

/** What the desk's photo inputs offer to pick: the types the server reads. */
export const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/** A photo's optional label, as the forms offer it. */
export const LABEL_CHOICES = [
  { value: "", text: "None" },
  { value: "before", text: "Before" },
  { value: "after", text: "After" },
] as const;

/** A photo without its description: the words the desk's batch also shows before sending. */
export const DESCRIPTION_MISSING = "Describe the photo: what it shows is read to visitors who cannot see it.";

/** Checks a photo's description (its alt text), and that it does not name the lead it was made from. */
export function checkDescription(description: string, lead?: LeadPrivacy): string | undefined {
  if (!description.trim()) return DESCRIPTION_MISSING;
  if (description.length > MAX_DESCRIPTION) return `The description may be at most ${MAX_DESCRIPTION} characters.`;
  return (
    hiddenCharacterError(description, "The description") ??
    (lead && leadMentionIn(description, lead, "The description"))
  );
}

/** What a project shows the public: its fields, its address and each photo's description, in order. */
export interface PublicFields {
  title: string;
  town: string;
  story: string;
  slug: string;
  descriptions: readonly string[];
}

/** The first public field that names the lead, as the message to show; undefined when none does. */
export function publicFieldsMention(fields: PublicFields, lead: LeadPrivacy): string | undefined {
  return (
    leadMentionIn(fields.title, lead, "The title") ??
    leadMentionIn(fields.town, lead, "The town") ??
    leadMentionIn(fields.story, lead) ??
    fields.descriptions.reduce<string | undefined>(
      (found, description, i) => found ?? leadMentionIn(description, lead, `The description of photo ${i + 1}`),
      undefined,
    ) ??
    slugMentionIn(fields.slug, lead)
  );
}

/** A URL segment: lower-case words joined by hyphens, at most 60 characters. */
export function slugify(text: string): string {
  return plain(text).trim().replace(/ /g, "-").slice(0, 60).replace(/-+$/, "");
}

/** Segments under /projects/ that name lists, not projects. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["page", "service", "town", "photos"]);

export type StoryBlock = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

/** The story as blocks: lines starting "- " or "* " make a list, blank lines separate paragraphs. */
export function storyBlocks(story: string): StoryBlock[] {
  const blocks: StoryBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of story.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const item = /^[-*•]\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      const last = blocks[blocks.length - 1];
      if (last?.kind === "list") last.items.push(item[1] ?? "");
      else blocks.push({ kind: "list", items: [item[1] ?? ""] });
    } else if (!line) endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

/** "2026-10" as "October 2026". */
export function finishedLabel(finished: string): string {
  const [year, month] = finished.split("-").map(Number);
  if (!year || !month) return finished;
  return new Date(Date.UTC(year, month - 1, 15)).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
