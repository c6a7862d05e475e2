/**
 * A finished visit as its report says it: the summary that opens the email and the page (anything
 * found or not), and each item with its result, note and next step, Issues first. Pure; shared
 * with the browser.
 */
import { NEXT_STEPS, RESULT_LABELS, isNextStep } from "./visit-entries";
import type { ItemResult } from "./watch-tables";

/** A photo as the report shows it: its small copy, the larger one it opens, and its time. */
export interface ReportPhoto {
  src: string;
  href: string;
  width: number;
  height: number;
  caption: string;
}

export interface ReportItem {
  area: string;
  label: string;
  result: ItemResult;
  note: string;
  nextStep: string;
  /** This visit's photos of the item, and the item's baselines on the plan. */
  photos?: ReportPhoto[];
  baseline?: ReportPhoto[];
}

/** A photo with its alt text, which names the item (and which photo, when there are several). */
export interface ShownReportPhoto extends ReportPhoto {
  alt: string;
}

export interface ReportLine {
  label: string;
  result: string;
  issue: boolean;
  note: string;
  /** For an Issue: what happens next, in the homeowner's words. */
  next: string | null;
  photos: ShownReportPhoto[];
  /** For an Issue: the item's baseline photos, shown beside this visit's. */
  baseline: ShownReportPhoto[];
}

function withAlt(photos: readonly ReportPhoto[] | undefined, what: string): ShownReportPhoto[] {
  const list = photos ?? [];
  return list.map((p, i) => ({ ...p, alt: list.length > 1 ? `${what}, photo ${i + 1} of ${list.length}` : what }));
}

export const issuesOf = (items: readonly ReportItem[]) => items.filter((i) => i.result === "issue");

/** The first line of the email and the page: whether anything was found, and what. */
export function reportSummary(items: readonly ReportItem[], address: string, day: string): string {
  const issues = issuesOf(items);
  if (issues.length === 0) return `All clear: we found nothing wrong at ${address} on ${day}.`;
  const named = issues.map((i) => i.label).join("; ");
  return `${issues.length === 1 ? "1 issue" : `${issues.length} issues`} found at ${address} on ${day}: ${named}.`;
}

/** The report's subject line. */
export function reportSubject(items: readonly ReportItem[], day: string): string {
  const issues = issuesOf(items).length;
  return `Home watch report for ${day}: ${issues === 0 ? "all clear" : issues === 1 ? "1 issue found" : `${issues} issues found`}`;
}

/** The items as the report lists them: Issues first, then the rest in the checklist's order. */
export function reportLines(items: readonly ReportItem[]): ReportLine[] {
  const ordered = [...issuesOf(items), ...items.filter((i) => i.result !== "issue")];
  return ordered.map((i) => ({
    label: i.label,
    result: RESULT_LABELS[i.result],
    issue: i.result === "issue",
    note: i.note,
    next: i.result === "issue" && isNextStep(i.nextStep) ? NEXT_STEPS[i.nextStep] : null,
    photos: withAlt(i.photos, `${i.label}${i.result === "issue" ? ", this visit" : ""}`),
    baseline: i.result === "issue" ? withAlt(i.baseline, `${i.label}, baseline`) : [],
  }));
}

/** A photo's caption: the camera's time when it was plausible, else when the photo reached us. */
export function photoCaption(from: "camera" | "arrival", time: string): string {
  return `${from === "camera" ? "Taken" : "Arrived"} ${time}`;
}
