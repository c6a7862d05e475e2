/** Where the owner stands with a lead, and why a lost one was lost. Shared with the browser. */

export const LEAD_STATUSES = [
  "new",
  "contacted",
  "visit-proposed",
  "visit-scheduled",
  "quoted",
  "won",
  "lost",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  "visit-proposed": "Visit proposed",
  "visit-scheduled": "Visit scheduled",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

export const LOST_REASONS = ["price", "timing", "no-answer", "not-our-work", "other", "cancelled"] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: "Price",
  timing: "Timing",
  "no-answer": "No answer",
  "not-our-work": "Not our work",
  other: "Other",
  cancelled: "Cancelled by the homeowner",
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

export function isLostReason(value: unknown): value is LostReason {
  return typeof value === "string" && (LOST_REASONS as readonly string[]).includes(value);
}

/** A stored status read back; anything unexpected shows as New rather than breaking the page. */
export function statusLabel(value: string): string {
  return isLeadStatus(value) ? STATUS_LABELS[value] : STATUS_LABELS.new;
}

export const NOTE_MAX_LENGTH = 2000;
