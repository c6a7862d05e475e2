/**
 * A service page's words as the desk edits them: every piece of text in its front matter (the
 * search title and description, each section's heading, text, list items, cards and pictures'
 * descriptions), each a field with a label the owner reads. What is not words (a section's kind,
 * an icon, a picture's file, a list of towns) is not offered, so an edit cannot break the page's
 * shape. Shared by the page in the browser and the server.
 */
import { sectionPictures, type PictureField } from "./page-pictures";
export interface WordField {
  /** The field's name on the form: `w.` and its path in the front matter ("w.sections.1.heading"). */
  name: string;
  label: string;
  /** A paragraph rather than a line: drawn as a text area. */
  long: boolean;
}

export interface WordGroup {
  legend: string;
  fields: WordField[];
  /** The section's pictures, which the owner replaces with photos (`page-pictures.ts`). */
  pictures: PictureField[];
}

type Path = readonly (string | number)[];

/** Keys whose values are not words: the page's shape and its pictures' files. */
const NOT_WORDS = new Set(["kind", "icon", "image", "photo", "photoAlt", "towns", "rating"]);
/** Keys whose values are paragraphs. */
const LONG = new Set(["intro", "text", "alt", "metaDescription", "points", "items"]);

const KEY_WORDS: Record<string, string> = {
  eyebrow: "Line above the heading",
  heading: "Heading",
  intro: "Introduction",
  text: "Text",
  estimateButton: "Estimate button",
  callButton: "Call button",
  title: "Title",
  alt: "Description (for screen readers and search)",
  caption: "Caption",
};

const KIND_WORDS: Record<string, string> = {
  hero: "top of the page",
  banner: "banner",
  "card-grid": "cards",
  "feature-list": "list of features",
  checklist: "checklist",
  reasons: "reasons to choose us",
  "service-areas": "towns served",
  gallery: "gallery",
  questions: "questions",
  "call-to-action": "call to action",
};

const ITEM_WORDS: Record<string, string> = { items: "Item", points: "Reason", cards: "Card", keywords: "Search words" };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const wordFieldName = (path: Path) => `w.${path.join(".")}`;

function labelOf(path: Path, inGallery: boolean): string {
  const key = path.at(-1);
  const parent = path.at(-2);
  if (path[0] === "metaTitle") return "Title in search results";
  if (path[0] === "metaDescription") return "Description in search results";
  if (typeof key === "number") return `${ITEM_WORDS[String(parent)] ?? "Item"} ${key + 1}`;
  const words = KEY_WORDS[String(key)] ?? String(key);
  // Within a section's list (["sections", 1, "items", 2, "text"]), not the section itself.
  if (typeof parent === "number" && path.at(-3) !== "sections") {
    const list = inGallery ? "Picture" : (ITEM_WORDS[String(path.at(-3))] ?? "Item");
    return `${list} ${parent + 1}: ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
  }
  return words;
}

/** Every text leaf of `value` under `path`, in the file's order. */
function leaves(value: unknown, path: Path): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (isRecord(value))
    return Object.entries(value).flatMap(([key, item]) => (NOT_WORDS.has(key) ? [] : leaves(item, [...path, key])));
  return [];
}

/** The page's words in groups: its search listing, then each section in page order. */
export function wordGroups(frontMatter: unknown): WordGroup[] {
  if (!isRecord(frontMatter)) return [];
  const field = (path: Path, inGallery = false): WordField => ({
    name: wordFieldName(path),
    label: labelOf(path, inGallery),
    long: path.some((part) => typeof part === "string" && LONG.has(part)) && !/title|caption/.test(String(path.at(-1))),
  });
  const search: WordGroup = {
    legend: "In search results",
    pictures: [],
    fields: (["metaTitle", "metaDescription", "keywords"] as const).flatMap((key) =>
      leaves(frontMatter[key], [key]).map((path) => field(path)),
    ),
  };
  const sections = Array.isArray(frontMatter.sections) ? frontMatter.sections : [];
  return [
    search,
    ...sections.map((section: unknown, i): WordGroup => {
      const kind = isRecord(section) ? String(section.kind) : "";
      return {
        legend: `Section ${i + 1}: ${KIND_WORDS[kind] ?? kind}`,
        fields: leaves(section, ["sections", i]).map((path) => field(path, kind === "gallery")),
        pictures: sectionPictures(section, i),
      };
    }),
  ];
}

/** The value at a path, when it is text. */
export function wordAt(frontMatter: unknown, path: Path): string | undefined {
  let value: unknown = frontMatter;
  for (const part of path)
    value = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The path a field's name stands for. */
export const pathOf = (name: string): Path =>
  name
    .replace(/^w\./, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** A copy of `frontMatter` with each of `words` (by field name) put in place of the text it edits. */
export function withWords(frontMatter: unknown, words: Readonly<Record<string, string>>): unknown {
  const copy: unknown = structuredClone(frontMatter);
  for (const [name, text] of Object.entries(words)) {
    const path = pathOf(name);
    let holder: unknown = copy;
    for (const part of path.slice(0, -1))
      holder = isRecord(holder) || Array.isArray(holder) ? (holder as Record<string, unknown>)[part] : undefined;
    const last = path.at(-1);
    if ((isRecord(holder) || Array.isArray(holder)) && last !== undefined && wordAt(copy, path) !== undefined)
      (holder as Record<string | number, unknown>)[last] = text;
  }
  return copy;
}
