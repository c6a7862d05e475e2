/**
 * What a visitor typed into the estimate form, kept in the tab's sessionStorage until the request
 * succeeds: a reload or a back-swipe gives it back. The idempotency key is kept with it, so a
 * request sent again after a reload that followed a lost answer is still recognised by the server.
 * Photos cannot be kept this way (files are not stored), and the form says so.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 */
import { ESTIMATE_FIELDS, type EstimateValues } from "./estimate-schema";
import { draftStorageKey } from "./estimate-draft-key";
import { isIdempotencyKey } from "./idempotency-key";

export interface EstimateDraft {
  values: Partial<EstimateValues>;
  key?: string;
  /** The text sent with `key` last time; other text gets a new key, since it is another request. */
  sentValues?: Partial<EstimateValues>;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export { draftStorageKey };

function textValues(value: unknown): Partial<EstimateValues> {
  const values: Partial<EstimateValues> = {};
  if (typeof value !== "object" || value === null) return values;
  for (const field of ESTIMATE_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === "string") values[field] = v;
  }
  return values;
}

/** The stored draft, or undefined when there is none, it is unreadable, or storage is off. */
export function loadDraft(storage: DraftStorage | undefined, formId: string): EstimateDraft | undefined {
  try {
    const raw = storage?.getItem(draftStorageKey(formId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    const key = typeof record.key === "string" && isIdempotencyKey(record.key) ? record.key : undefined;
    return {
      values: textValues(record.values),
      key,
      sentValues: record.sentValues === undefined ? undefined : textValues(record.sentValues),
    };
  } catch {
    return undefined;
  }
}

export function saveDraft(storage: DraftStorage | undefined, formId: string, draft: EstimateDraft): void {
  try {
    storage?.setItem(draftStorageKey(formId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private modes): the form works, it just cannot survive a reload.
  }
}

export function clearDraft(storage: DraftStorage | undefined, formId: string): void {
  try {
    storage?.removeItem(draftStorageKey(formId));
  } catch {
    // As above.
  }
}

export function sameValues(a: Partial<EstimateValues>, b: Partial<EstimateValues>): boolean {
  return ESTIMATE_FIELDS.every((field) => (a[field] ?? "") === (b[field] ?? ""));
}

/** The browser's sessionStorage, or undefined where reading it throws (storage blocked). */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
