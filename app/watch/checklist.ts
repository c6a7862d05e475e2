/**
 * A house's checklist: what each visit looks at, inside and out. Every plan starts from the
 * standard list and the owner edits it for the house, one item per line. Each item keeps an id for
 * as long as its words stay, so what belongs to it (its baseline photos, its results on past
 * visits) follows it when the list around it changes. Pure; shared with the browser.
 */

export type Area = "inside" | "outside";

export interface ChecklistItem {
  id: string;
  area: Area;
  label: string;
}

export const AREAS: readonly Area[] = ["inside", "outside"];
export const AREA_LABELS: Record<Area, string> = { inside: "Inside", outside: "Outside" };

export const ITEM_MAX = 120;
export const ITEMS_MAX = 40;

export const STANDARD_CHECKLIST: Record<Area, readonly string[]> = {
  inside: [
    "Under sinks and toilets: no drips or damp",
    "Water heater: no leaks, pilot or power on",
    "Thermostat set and the heat running",
    "Run each tap and flush each toilet",
    "Breaker panel: nothing tripped",
    "Sump pump runs and the pit is clear",
    "Windows and doors locked",
    "Signs of pests or mold",
    "Mail and packages",
  ],
  outside: [
    "Roof line and gutters",
    "Siding and windows",
    "Hose bibs: off, no leaks",
    "Decks and stairs",
    "Storm shutters",
    "Debris in the yard",
  ],
};

/** The list as the editor shows it: one text per area, one item per line. */
export function checklistText(items: readonly ChecklistItem[]): Record<Area, string> {
  return {
    inside: items
      .filter((i) => i.area === "inside")
      .map((i) => i.label)
      .join("\n"),
    outside: items
      .filter((i) => i.area === "outside")
      .map((i) => i.label)
      .join("\n"),
  };
}

/** The lines of one area as typed: trimmed, blank lines dropped. */
export function checklistLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/[ \t]+/g, " "))
    .filter((line) => line !== "");
}

/**
 * The list made from the editor's two texts: an item whose words are unchanged keeps its id, any
 * other gets a new one from `newId`. Twice the same words in one area is one item.
 */
export function checklistFrom(
  text: Record<Area, string>,
  before: readonly ChecklistItem[],
  newId: () => string,
): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const area of AREAS) {
    const seen = new Set<string>();
    for (const label of checklistLines(text[area])) {
      const key = label.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const kept = before.find((i) => i.area === area && i.label.toLowerCase() === key);
      items.push({ id: kept?.id ?? newId(), area, label });
    }
  }
  return items;
}

export function standardChecklist(newId: () => string): ChecklistItem[] {
  return AREAS.flatMap((area) => STANDARD_CHECKLIST[area].map((label) => ({ id: newId(), area, label })));
}

/** A stored list back, dropping anything that is not an item (it was written by this file). */
export function parseChecklist(json: string): ChecklistItem[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown): ChecklistItem[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const { id, area, label } = entry as Record<string, unknown>;
    return typeof id === "string" && (area === "inside" || area === "outside") && typeof label === "string"
      ? [{ id, area, label }]
      : [];
  });
}
