/**
 * A project's rules, shared by the desk's form in the browser and the server: what each field may
 * hold, the page's address made from the title, the story's paragraphs and lists, and the refusal
 * of a story that names the homeowner's street or surname. Plain functions, no Node.
 */
import { profile } from "~/content/profile";
import { services, type ServiceSlug } from "~/content/services";
import { hasForbiddenCharacter } from "~/forms/plain-text";

export const MAX_TITLE = 90;
export const MAX_STORY = 2_000;
export const MAX_TOWN = 60;
export const MAX_DESCRIPTION = 200;
export const MAX_PHOTOS = 12;
/** Projects on one page of /projects. */
export const PROJECTS_PER_PAGE = 12;

/** The towns offered in the form: those the profile serves, the island itself and the county left out. */
export const servedTowns: readonly string[] = [
  ...new Set([...profile.homeWatchAreas, ...profile.areaServed.places].filter((p) => !/island|county/i.test(p))),
];

export interface ProjectValues {
  title: string;
  service: string;
  town: string;
  /** YYYY-MM, as `<input type="month">` sends it. */
  finished: string;
  story: string;
}

export type ProjectErrors = Partial<Record<keyof ProjectValues, string>>;

/** What a story must not hold: the lead's street line and the homeowner's surname. */
export interface LeadPrivacy {
  address: string;
  name: string;
}

const isService = (value: string): value is ServiceSlug => services.some((s) => s.slug === value);

export function serviceTitle(slug: string): string {
  return services.find((s) => s.slug === slug)?.title ?? slug;
}

/** Lower case, letters and digits only, single spaces: how two spellings of a street are compared. */
function plain(text: string): string {
  return ` ${text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

/** The street line of an address as typed ("12 Ocean Ave, Surf City, NJ" gives "12 Ocean Ave"). */
export function streetLine(address: string): string {
  return (address.split(/[,\n]/)[0] ?? "").trim();
}

/** The homeowner's surname: the last word of the name, when it is a word at all. */
export function surname(name: string): string | undefined {
  const words = plain(name).trim().split(" ").filter(Boolean);
  const last = words[words.length - 1];
  return last && last.length >= 2 ? last : undefined;
}

/**
 * Why a story cannot be published for this lead, or undefined. The street is matched with its
 * number and its first word ("12 Ocean"), so "Avenue" for "Ave" does not slip through.
 */
export function leadMentionIn(story: string, lead: LeadPrivacy): string | undefined {
  const text = plain(story);
  const street = plain(streetLine(lead.address)).trim();
  const [number, first] = street.split(" ");
  if (
    street &&
    (text.includes(` ${street} `) || (number && first && /\d/.test(number) && text.includes(` ${number} ${first} `)))
  )
    return "The story names the homeowner's street address. Take it out: the page may only say the town.";
  const last = surname(lead.name);
  if (last && text.includes(` ${last} `))
    return `The story names the homeowner (“${last}”). Take the name out: projects never say whose house it was.`;
  return undefined;
}

function checkLine(value: string, label: string, max: number): string | undefined {
  if (!value.trim()) return `Enter the ${label}.`;
  if (value.length > max) return `The ${label} may be at most ${max} characters.`;
  if (hasForbiddenCharacter(value, false)) return `The ${label} holds characters that cannot be shown.`;
  return undefined;
}

/** The errors of a project's fields, by field; none means it may be saved. */
export function checkProject(values: ProjectValues, lead?: LeadPrivacy): ProjectErrors {
  const errors: ProjectErrors = {};
  const title = checkLine(values.title, "title", MAX_TITLE);
  if (title) errors.title = title;
  if (!isService(values.service)) errors.service = "Choose the service.";
  const town = checkLine(values.town, "town", MAX_TOWN);
  if (town) errors.town = town;
  const month = /^(\d{4})-(\d{2})$/.exec(values.finished);
  if (!month || Number(month[2]) < 1 || Number(month[2]) > 12 || Number(month[1]) < 1984)
    errors.finished = "Enter the month and year the job was finished.";
  if (values.story.length > MAX_STORY)
    errors.story = `The story may be at most ${MAX_STORY.toLocaleString("en-US")} characters (it has ${values.story.length.toLocaleString("en-US")}).`;
  else if (hasForbiddenCharacter(values.story, true)) errors.story = "The story holds characters that cannot be shown.";
  else if (lead) {
    const mention = leadMentionIn(`${values.title}\n${values.story}`, lead);
    if (mention) errors.story = mention;
  }
  return errors;
}

/** Checks a photo's description (its alt text). */
export function checkDescription(description: string): string | undefined {
  if (!description.trim()) return "Describe the photo: what it shows is read to visitors who cannot see it.";
  if (description.length > MAX_DESCRIPTION) return `The description may be at most ${MAX_DESCRIPTION} characters.`;
  if (hasForbiddenCharacter(description, false)) return "The description holds characters that cannot be shown.";
  return undefined;
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
