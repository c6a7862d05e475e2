/**
 * The visit screen's entries on their way to the office. Each tap becomes an entry kept on the
 * phone (localStorage, so a reload or a closed tab loses nothing) and sent in the order it was made,
 * one at a time. A lost connection, a server that does not answer, or one that fails keeps the
 * entry and tries again, sooner when the phone says it is back online; an answer that refuses it
 * (a finished visit, an unmarked item at 'Finish') ends it and is shown. A signed-out answer keeps
 * every entry until the owner signs in again. Browser code: nothing here reaches for the server.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { entryFields, type VisitEntry } from "./visit-entries";

export interface QueuedEntry {
  key: string;
  entry: VisitEntry;
}

export type QueueState =
  { phase: "idle" } | { phase: "sending" } | { phase: "waiting"; retryInMs: number } | { phase: "signed-out" };

export interface Refusal {
  entry: VisitEntry;
  error: string;
  problems: string[];
}

/** Waits between tries after a lost connection: quick at first, then every half minute. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** With no answer for this long the try is taken as lost. */
export const ANSWER_TIMEOUT_MS = 20_000;

const storageKey = (visitId: string) => `watch-visit-entries:${visitId}`;

function readStored(visitId: string): QueuedEntry[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(storageKey(visitId)) ?? "[]");
    return Array.isArray(value) ? (value as QueuedEntry[]) : [];
  } catch {
    return [];
  }
}

function store(visitId: string, queue: readonly QueuedEntry[]) {
  try {
    if (queue.length === 0) window.localStorage.removeItem(storageKey(visitId));
    else window.localStorage.setItem(storageKey(visitId), JSON.stringify(queue));
  } catch {
    // A full or blocked storage still sends what is in memory.
  }
}

type Answer =
  { kind: "done" } | { kind: "refused"; error: string; problems: string[] } | { kind: "lost" } | { kind: "signed-out" };

async function sendEntry(url: string, queued: QueuedEntry): Promise<Answer> {
  const abort = new AbortController();
  const timer = window.setTimeout(() => abort.abort(), ANSWER_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams(entryFields(queued.entry)),
      headers: { Accept: "application/json" },
      signal: abort.signal,
      credentials: "same-origin",
    });
    if (response.status === 401) return { kind: "signed-out" };
    if (response.status >= 500 || response.status === 429) return { kind: "lost" };
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string; problems?: string[] };
    if (response.ok && body.ok) return { kind: "done" };
    return { kind: "refused", error: body.error ?? "Refused.", problems: body.problems ?? [] };
  } catch {
    return { kind: "lost" };
  } finally {
    window.clearTimeout(timer);
  }
}

/** A result replaces one for the same item still waiting behind the one in flight. */
function withEntry(queue: readonly QueuedEntry[], queued: QueuedEntry): QueuedEntry[] {
  const { entry } = queued;
  if (entry.kind !== "result") return [...queue, queued];
  const waiting = queue.findIndex(
    (q, index) => index > 0 && q.entry.kind === "result" && q.entry.itemId === entry.itemId,
  );
  if (waiting === -1) return [...queue, queued];
  return [...queue.slice(0, waiting), ...queue.slice(waiting + 1), queued];
}

export interface OutboxSnapshot {
  queue: readonly QueuedEntry[];
  state: QueueState;
  refusal: Refusal | null;
}

const EMPTY: OutboxSnapshot = { queue: [], state: { phase: "idle" }, refusal: null };

/** One visit's entries on the phone, and the one loop that sends them. */
class EntryOutbox {
  private snapshot: OutboxSnapshot;
  private readonly listeners = new Set<() => void>();
  private sending = false;
  private attempt = 0;
  private timer = 0;
  private onFinished: () => void = () => undefined;

  constructor(
    private readonly visitId: string,
    private readonly url: string,
  ) {
    this.snapshot = { ...EMPTY, queue: readStored(visitId) };
    window.addEventListener("online", () => {
      this.attempt = 0;
      void this.pump();
    });
    void this.pump();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  /** What the screen does once the departure reached the office: read the visit again. */
  whenFinished(then: () => void) {
    this.onFinished = then;
  }

  private set(change: Partial<OutboxSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    if (change.queue) store(this.visitId, change.queue);
    for (const listener of this.listeners) listener();
  }

  add(entry: VisitEntry) {
    this.set({
      queue: withEntry(this.snapshot.queue, { key: crypto.randomUUID(), entry }),
      ...(entry.kind === "finish" ? { refusal: null } : {}),
    });
    void this.pump();
  }

  private async pump() {
    if (this.sending) return;
    this.sending = true;
    window.clearTimeout(this.timer);
    try {
      for (;;) {
        const [first] = this.snapshot.queue;
        if (!first) {
          this.set({ state: { phase: "idle" } });
          return;
        }
        this.set({ state: { phase: "sending" } });
        const answer = await sendEntry(this.url, first);
        if (answer.kind === "lost") {
          const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
          this.attempt += 1;
          this.set({ state: { phase: "waiting", retryInMs: delay } });
          this.timer = window.setTimeout(() => void this.pump(), delay);
          return;
        }
        if (answer.kind === "signed-out") {
          this.set({ state: { phase: "signed-out" } });
          return;
        }
        this.attempt = 0;
        const queue = this.snapshot.queue.filter((q) => q.key !== first.key);
        if (answer.kind === "refused")
          this.set({ queue, refusal: { entry: first.entry, error: answer.error, problems: answer.problems } });
        else {
          this.set({ queue });
          if (first.entry.kind === "finish") this.onFinished();
        }
      }
    } finally {
      this.sending = false;
    }
  }
}

const outboxes = new Map<string, EntryOutbox>();

function outboxOf(visitId: string, url: string): EntryOutbox {
  const found = outboxes.get(visitId);
  if (found) return found;
  const made = new EntryOutbox(visitId, url);
  outboxes.set(visitId, made);
  return made;
}

const noSubscription = () => () => undefined;
const empty = () => EMPTY;

/** The visit's entries as the screen shows them, and `add` for each tap. Nothing is sent on the server. */
export function useEntryQueue(visitId: string, url: string, onFinished: () => void) {
  const outbox = typeof window === "undefined" ? undefined : outboxOf(visitId, url);
  useEffect(() => {
    outbox?.whenFinished(onFinished);
  }, [outbox, onFinished]);
  const snapshot = useSyncExternalStore(outbox?.subscribe ?? noSubscription, outbox?.getSnapshot ?? empty, empty);
  const add = useCallback((entry: VisitEntry) => outbox?.add(entry), [outbox]);
  return { ...snapshot, add };
}
