/**
 * What the visit screen sends, one entry per tap: the arrival, an item's result with its note and
 * what happens next, and the departure. The phone keeps each entry until the office has it, and
 * sends them in the order they were made; the same rules read them on both sides. Pure; shared with
 * the browser.
 */
import { hiddenCharacterError } from "~/forms/plain-text";
import type { ItemResult } from "./watch-tables";

export const RESULT_LABELS: Record<ItemResult, string> = { ok: "OK", issue: "Issue", skipped: "Not checked" };
export const RESULTS: readonly ItemResult[] = ["ok", "issue", "skipped"];

/** What happens after an Issue, said to the homeowner in the report. */
export const NEXT_STEPS = {
  "fixed-now": "Dealt with during the visit",
  "call-today": "We call you today to decide what to do",
  "quote-repair": "We send you a quote for the repair",
  "watch-next": "We look at it again at the next visit",
} as const;
export type NextStep = keyof typeof NEXT_STEPS;
export const isNextStep = (value: unknown): value is NextStep =>
  typeof value === "string" && Object.hasOwn(NEXT_STEPS, value);

export const NOTE_MAX = 1_000;

export type VisitEntry =
  | { kind: "start"; at: string }
  | { kind: "result"; at: string; itemId: string; result: ItemResult; note: string; nextStep: NextStep | "" }
  | { kind: "finish"; at: string };

const isResult = (value: unknown): value is ItemResult => value === "ok" || value === "issue" || value === "skipped";

/** An entry as a form or the script sent it; the message to show otherwise. */
export function readEntry(
  get: (name: string) => string,
): { ok: true; entry: VisitEntry } | { ok: false; error: string } {
  const at = get("at");
  const kind = get("intent");
  if (kind === "start" || kind === "finish") return { ok: true, entry: { kind, at } };
  if (kind !== "result") return { ok: false, error: "Say what to record: start, a result or finish." };
  const itemId = get("item");
  const result = get("result");
  const note = get("note").trim();
  const nextStep = get("nextStep");
  if (!/^[\w-]{1,40}$/.test(itemId)) return { ok: false, error: "That item is not on this visit's list." };
  if (!isResult(result)) return { ok: false, error: "Mark the item OK, Issue or Not checked." };
  if (note.length > NOTE_MAX) return { ok: false, error: `A note holds at most ${NOTE_MAX} characters.` };
  const hidden = hiddenCharacterError(note, "The note", true);
  if (hidden) return { ok: false, error: hidden };
  if (nextStep !== "" && !isNextStep(nextStep)) return { ok: false, error: "Choose what happens next from the list." };
  return { ok: true, entry: { kind, at, itemId, result, note, nextStep } };
}

/** The entry as form fields, as the script posts it and a form without the script sends it. */
export function entryFields(entry: VisitEntry): Record<string, string> {
  if (entry.kind !== "result") return { intent: entry.kind, at: entry.at };
  return {
    intent: "result",
    at: entry.at,
    item: entry.itemId,
    result: entry.result,
    note: entry.note,
    nextStep: entry.nextStep,
  };
}

/** How far a phone's clock may be from the server's and still be believed: a visit's length. */
export const CLOCK_TRUST_MS = 6 * 60 * 60 * 1000;

/**
 * When the tap happened: the phone's time when it is a time within the hours before the server
 * heard of it (an entry kept through a dead zone arrives late, but was made then), else the
 * server's own time.
 */
export function tappedAt(at: string, received: Date): Date {
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return received;
  if (time > received.getTime() + 60_000 || time < received.getTime() - CLOCK_TRUST_MS) return received;
  return new Date(Math.min(time, received.getTime()));
}

export interface ResultShown {
  itemId: string;
  result: ItemResult;
  note: string;
  nextStep: string;
}

/**
 * What stops 'Finish visit': an item not marked, or an Issue without its note or its next step,
 * each named by its words. Empty when the visit can finish.
 */
export function finishProblems(
  items: readonly { id: string; label: string }[],
  results: readonly ResultShown[],
): string[] {
  const byItem = new Map(results.map((r) => [r.itemId, r]));
  const problems: string[] = [];
  for (const item of items) {
    const result = byItem.get(item.id);
    if (!result) problems.push(`${item.label}: mark it OK, Issue or Not checked.`);
    else if (result.result === "issue" && result.note.trim() === "")
      problems.push(`${item.label}: say what you found.`);
    else if (result.result === "issue" && !isNextStep(result.nextStep))
      problems.push(`${item.label}: choose what happens next.`);
  }
  return problems;
}
