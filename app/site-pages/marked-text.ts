/**
 * Text as the owner types it in the article editor, with marks on its words, and as Markdown (the
 * FAQ's answers and their links are written the same way). A
 * blank line starts a new paragraph and a line starting with "- " is an item of a list; every other
 * character Markdown would read as markup is escaped, so what is typed is what the page shows. Bold
 * words and links are marks: the words, copied from the text, and what they do (bold, or lead to a
 * place picked from the list), so no brackets or stars are typed.
 */
import type { LinkChoiceGroup } from "./faq-form";

/** Text as Markdown that shows exactly these characters; the facts' tokens (`{phone}`) stay tokens. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>~|#!]/g, "\\$&").replace(/&(?=#?\w+;)/g, "\\&");
}

/** A paragraph's first characters, escaped where a line's start would make them a heading, list or rule. */
export const atLineStart = (line: string) => line.replace(/^([-+=])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");

/** What a mark does to its words: makes them bold, or links them to a place of the site. */
export const BOLD = "bold";

export interface Mark {
  words: string;
  /** `BOLD`, or where the link leads. */
  does: string;
  /**
   * Which time the words appear in the text, counted from 1, when the mark sat on a later one than
   * the first free (a link on the second "home watch service"); 0 for the first free.
   */
  nth: number;
}

/** Text as the owner types it, and the marks on its words. */
export interface TextBlock {
  text: string;
  marks: Mark[];
}

/** A piece of a block's text: a paragraph, or a list's items. */
type Piece = { list: false; text: string } | { list: true; items: string[] };

const LIST_ITEM = /^\s*-\s+/;

/** A block's text as its paragraphs and lists: lines starting with "- " are a list's items. */
function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) pieces.push({ list: false, text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") endParagraph();
    else if (LIST_ITEM.test(line)) {
      endParagraph();
      const item = line.replace(LIST_ITEM, "");
      const last = pieces.at(-1);
      if (last?.list) last.items.push(item);
      else pieces.push({ list: true, items: [item] });
    } else paragraph.push(line);
  }
  endParagraph();
  return pieces;
}

/** Each run of text a mark may sit on, in order: the paragraphs, and each list item. */
export const runsOf = (text: string) => piecesOf(text).flatMap((p) => (p.list ? p.items : [p.text]));

interface Place {
  p: number;
  start: number;
  end: number;
}

/** Every place `words` appear in the runs, in order. */
function occurrences(runs: readonly string[], words: string): Place[] {
  const found: Place[] = [];
  if (words === "") return found;
  for (const [p, text] of runs.entries())
    for (let start = text.indexOf(words); start >= 0; start = text.indexOf(words, start + 1))
      found.push({ p, start, end: start + words.length });
  return found;
}

/** Which time, counted from 1, the words at `place` appear in the runs. */
export const nthAt = (runs: readonly string[], words: string, place: { p: number; start: number }) =>
  occurrences(runs, words).findIndex((o) => o.p === place.p && o.start === place.start) + 1;

/**
 * Where each mark sits: on the time its words appear that it names when that one is free, or else
 * on the first appearance no earlier mark took.
 */
export function placeMarks(
  runs: readonly string[],
  marks: readonly { words: string; nth?: number }[],
): (Place | undefined)[] {
  const taken: Place[] = [];
  const free = (o: Place) => !taken.some((t) => t.p === o.p && o.start < t.end && t.start < o.end);
  return marks.map((mark) => {
    const found = occurrences(runs, mark.words);
    const named = mark.nth ? found[mark.nth - 1] : undefined;
    const place = named && free(named) ? named : found.find(free);
    if (place) taken.push(place);
    return place;
  });
}

function withMarks(text: string, marks: readonly { mark: Mark; start: number; end: number }[]): string {
  let out = "";
  let at = 0;
  for (const { mark, start, end } of marks) {
    out += markdownText(text.slice(at, start));
    const words = markdownText(text.slice(start, end));
    out += mark.does === BOLD ? `**${words}**` : `[${words}](${mark.does})`;
    at = end;
  }
  return out + markdownText(text.slice(at));
}

/** Each run (a paragraph, a list item) as Markdown, its text escaped and its marked words bold or linked. */
export function markedRuns(runs: readonly string[], marks: readonly Mark[]): string[] {
  const places = placeMarks(runs, marks);
  return runs.map((text, r) =>
    withMarks(
      text,
      marks
        .map((mark, k) => ({ mark, place: places[k] }))
        .filter((m) => m.place?.p === r)
        .map((m) => ({ mark: m.mark, start: m.place?.start ?? 0, end: m.place?.end ?? 0 }))
        .sort((a, b) => a.start - b.start),
    ),
  );
}

/** A block's text as Markdown: its paragraphs and lists, with bold words and links where marked. */
export function blockMarkdown(block: TextBlock): string {
  const pieces = piecesOf(block.text);
  const marked = markedRuns(runsOf(block.text), block.marks);
  let r = 0;
  return pieces
    .map((piece) =>
      piece.list
        ? piece.items.map(() => `- ${atLineStart(marked[r++] ?? "")}`).join("\n")
        : atLineStart(marked[r++] ?? ""),
    )
    .join("\n\n");
}

/** Where a mark may lead, as the picker offers it: bold first, then the places of the site. */
export const markChoices = (groups: readonly LinkChoiceGroup[]): LinkChoiceGroup[] => [
  { label: "Style", choices: [{ title: "Bold", to: BOLD }] },
  ...groups,
];
