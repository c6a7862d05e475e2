/**
 * 'Add', 'Move up', 'Move down' and 'Remove' on the article editor's sections and their parts (steps,
 * problems, questions): each gives the article's values with the change made, which come back on
 * the form; nothing is stored until 'Publish'. A button names its place after the action: "3" is
 * the fourth section, "3.1" its second part; 'Add' with no place adds a section of the kind chosen.
 */
import {
  blankItem,
  blankSection,
  MOST_ITEMS,
  MOST_SECTIONS,
  sectionKinds,
  type ArticleFormValues,
  type ArticleSection,
  type SectionKind,
} from "./article-form";

export const SECTION_EDITS = ["add", "move-up", "move-down", "remove"] as const;
export type SectionEdit = (typeof SECTION_EDITS)[number];

export type SectionEditOutcome = { ok: true; done: string; values: ArticleFormValues } | { ok: false; error: string };

const NOT_ON_FORM: SectionEditOutcome = { ok: false, error: "That part is not on the form." };

/** The list moved: the entry at `i` one place up or down; undefined past either end. */
function moved<T>(list: readonly T[], i: number, edit: "move-up" | "move-down"): T[] | undefined {
  const to = edit === "move-up" ? i - 1 : i + 1;
  if (to < 0 || to >= list.length) return undefined;
  const copy = [...list];
  const [entry] = copy.splice(i, 1);
  if (entry !== undefined) copy.splice(to, 0, entry);
  return copy;
}

const where = (section: ArticleSection, i: number) =>
  section.heading ? `section ${i + 1} ("${section.heading}")` : `section ${i + 1}`;

function editSections(edit: SectionEdit, i: number, values: ArticleFormValues, kind: SectionKind): SectionEditOutcome {
  const { sections } = values;
  if (edit === "add") {
    if (sections.length >= MOST_SECTIONS)
      return { ok: false, error: `An article holds at most ${MOST_SECTIONS} sections.` };
    const label = sectionKinds[kind].label.toLowerCase();
    return {
      ok: true,
      done: `Added ${kind === "text" ? "a section" : label} at the end: write it, then publish.`,
      values: { ...values, sections: [...sections, blankSection(kind)] },
    };
  }
  const section = sections[i];
  if (!section) return NOT_ON_FORM;
  if (edit === "remove")
    return {
      ok: true,
      done: `Removed ${where(section, i)} from the form. Publish to take it off the article.`,
      values: { ...values, sections: sections.filter((_, j) => j !== i) },
    };
  const next = moved(sections, i, edit);
  if (!next) return NOT_ON_FORM;
  return {
    ok: true,
    done: `Moved ${where(section, i)} ${edit === "move-up" ? "up" : "down"}. Publish to put the new order on the article.`,
    values: { ...values, sections: next },
  };
}

function editItems(edit: SectionEdit, i: number, j: number | undefined, values: ArticleFormValues): SectionEditOutcome {
  const section = values.sections[i];
  if (!section) return NOT_ON_FORM;
  const { item, itemsLabel } = sectionKinds[section.kind];
  const withItems = (items: ArticleSection["items"]) => ({
    ...values,
    sections: values.sections.map((s, k) => (k === i ? { ...s, items } : s)),
  });
  if (edit === "add") {
    if (section.items.length >= MOST_ITEMS)
      return { ok: false, error: `A section holds at most ${MOST_ITEMS} ${itemsLabel}.` };
    return {
      ok: true,
      done: `Added ${item.toLowerCase()} ${section.items.length + 1} to ${where(section, i)}: write it, then publish.`,
      values: withItems([...section.items, blankItem()]),
    };
  }
  if (j === undefined || !section.items[j]) return NOT_ON_FORM;
  const name = `${item.toLowerCase()} ${j + 1} of ${where(section, i)}`;
  if (edit === "remove")
    return {
      ok: true,
      done: `Removed ${name} from the form. Publish to take it off the article.`,
      values: withItems(section.items.filter((_, k) => k !== j)),
    };
  const next = moved(section.items, j, edit);
  if (!next) return NOT_ON_FORM;
  return {
    ok: true,
    done: `Moved ${name} ${edit === "move-up" ? "up" : "down"}. Publish to put the new order on the article.`,
    values: withItems(next),
  };
}

/**
 * The change a button asks for at `at`: "" (a new section of `kind`), "3" (a section), "3+" (a new
 * part at the end of section 3) or "3.1" (a part).
 */
export function editArticle(
  edit: SectionEdit,
  at: string,
  values: ArticleFormValues,
  kind: SectionKind,
): SectionEditOutcome {
  if (at === "") return edit === "add" ? editSections(edit, -1, values, kind) : NOT_ON_FORM;
  const place = /^(\d{1,3})(?:(\+)|\.(\d{1,3}))?$/.exec(at);
  if (!place) return NOT_ON_FORM;
  const i = Number(place[1]);
  if (place[2]) return edit === "add" ? editItems(edit, i, undefined, values) : NOT_ON_FORM;
  if (place[3] !== undefined) return edit === "add" ? NOT_ON_FORM : editItems(edit, i, Number(place[3]), values);
  return edit === "add" ? NOT_ON_FORM : editSections(edit, i, values, kind);
}
