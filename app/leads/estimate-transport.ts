/**
 * Sending the estimate request from the browser: one attempt over XMLHttpRequest (the one browser
 * API that reports upload progress), and the retries after a lost connection.
 * Imported by client code: nothing here may reach for Node or server-only modules.
 *
 * Only a lost connection is retried (a network error, a stalled upload, no answer at all): every
 * answer the server gives, a refusal or an error, is final. Retrying is safe because each attempt
 * carries the same idempotency key, so the server stores the request once however many arrive.
 */
import { idempotencyHeaderValue, IDEMPOTENCY_HEADER } from "./idempotency-key";

export type SendResult = { kind: "answer"; status: number; body: unknown } | { kind: "lost" };

/** About 30 seconds in all: long enough for a phone to find its signal again, short enough to wait for. */
export const RETRY_DELAYS_MS: readonly number[] = [3_000, 9_000, 18_000];

/**
 * With no progress for this long the connection is taken as lost. It also covers the wait for the
 * answer after the last byte went up, while the server prepares the photos; a retry cut in too
 * early costs nothing but a wait, since the server answers it once the first attempt is done.
 */
export const STALL_MS = 60_000;

export interface SendOptions {
  url: string;
  body: Blob;
  contentType: string;
  idempotencyKey: string;
  onProgress(loaded: number, total: number): void;
  stallMs?: number;
}

export function sendOnce(options: SendOptions): Promise<SendResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let watchdog = 0;
    const stallMs = options.stallMs ?? STALL_MS;
    const settle = (result: SendResult) => {
      window.clearTimeout(watchdog);
      resolve(result);
    };
    const watch = () => {
      window.clearTimeout(watchdog);
      watchdog = window.setTimeout(() => xhr.abort(), stallMs);
    };
    xhr.open("POST", options.url);
    xhr.setRequestHeader("Content-Type", options.contentType);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyHeaderValue(options.idempotencyKey));
    xhr.upload.addEventListener("progress", (event) => {
      watch();
      options.onProgress(event.loaded, event.lengthComputable ? event.total : options.body.size);
    });
    xhr.addEventListener("progress", watch);
    xhr.addEventListener("load", () => {
      // Status 0 is no answer at all: the connection closed before a status line arrived.
      if (xhr.status === 0) return settle({ kind: "lost" });
      let body: unknown = undefined;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      settle({ kind: "answer", status: xhr.status, body });
    });
    for (const type of ["error", "timeout", "abort"] as const)
      xhr.addEventListener(type, () => settle({ kind: "lost" }));
    watch();
    xhr.send(options.body);
  });
}

export interface RetryOptions {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Called before each wait: `attempt` is the retry about to be made, counted from 1. */
  onRetry?: (attempt: number, delayMs: number) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Runs `attempt` until it gets an answer, retrying a lost connection after each delay in turn. */
export async function sendWithRetries(
  attempt: (attemptNumber: number) => Promise<SendResult>,
  { delaysMs = RETRY_DELAYS_MS, sleep = realSleep, onRetry }: RetryOptions = {},
): Promise<SendResult> {
  let result = await attempt(0);
  for (const [index, delay] of delaysMs.entries()) {
    if (result.kind === "answer") return result;
    onRetry?.(index + 1, delay);
    await sleep(delay);
    result = await attempt(index + 1);
  }
  return result;
}
