/**
 * Delivers the outbox's pushes (channel "push") to the owners' devices, claimed under a lease like
 * mail (`infra/outbox-lease.server.ts`), so two server instances never send one push twice and a
 * push claimed by a process that died is sent once its lease runs out.
 *
 * web-push encrypts the payload to the device (aes128gcm) and signs the request (VAPID); the
 * request itself is sent here, with no redirects followed and a time limit, and only to an endpoint
 * on a host PUSH_SERVICE_HOSTS allows now (the list may have shrunk since the device subscribed).
 *
 * Answers: 2xx is delivered. 404 and 410 mean the subscription is gone: the device is forgotten,
 * with the pushes still queued for it. 429, 5xx and network failures are retried with the mail
 * worker's back-off, a few times only, since an alert hours late is not worth much more. Any other
 * 4xx (a key the service does not accept, a payload it refuses) will not get better: failed.
 */
import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Dialect } from "~/infra/db.server";
import type { Env } from "~/settings/env.server";
import { describeError, log } from "~/infra/log.server";
import { retryDelayMs } from "~/infra/mail-worker.server";
import { claimDue, whileLeased, workerLoop, type OutboxRow } from "~/infra/outbox-lease.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { parsePushMessage } from "~/infra/push-outbox.server";
import { pushEndpointProblem } from "./push-endpoints";
import { forgetDevice } from "./subscriptions.server";
import { vapidDetails } from "./vapid.server";

export type PushWorkerConfig = Pick<Env, "vapidKeys" | "siteUrl" | "pushServiceHosts" | "mailRetryBaseMs">;

export interface PushWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: PushWorkerConfig;
  /** How often to look for due pushes when nobody nudges; default 1 s. */
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Per request to the push service. */
  timeoutMs?: number;
}

export interface PushWorker {
  start(): void;
  stop(): Promise<void>;
  nudge(): void;
  /** Claims and delivers one batch; returns how many pushes it handled. */
  runOnce(): Promise<number>;
}

/** How long the push service keeps a push for a device that is off: a day, then the alert is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_MAX_ATTEMPTS = 8;
const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

type Outcome =
  | { kind: "sent"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "retry"; error: string; retryAfterMs?: number }
  | { kind: "failed"; error: string };

/** What an answer from the push service means for the push and the device. */
export function outcomeOf(status: number, body: string, retryAfter: string | null): Outcome {
  if (status >= 200 && status < 300) return { kind: "sent", status };
  if (status === 404 || status === 410) return { kind: "gone", status };
  const error = `push service answered ${status}${body ? `: ${body.slice(0, 300)}` : ""}`;
  if (status === 429 || status >= 500) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return { kind: "retry", error, retryAfterMs: seconds === undefined ? undefined : seconds * 1000 };
  }
  return { kind: "failed", error };
}

export function createPushWorker(options: PushWorkerOptions): PushWorker {
  const { db, dialect, config } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 5;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A batch is sent in parallel and each send is bounded by timeoutMs, so twice that covers it; a
  // push claimed by a process that died goes out again after this long.
  const leaseMs = options.leaseMs ?? timeoutMs * 2;
  const maxAttempts = options.maxAttempts ?? PUSH_MAX_ATTEMPTS;

  async function send(row: OutboxRow): Promise<Outcome> {
    const device = row.subscription_id
      ? await db.selectFrom("push_subscriptions").selectAll().where("id", "=", row.subscription_id).executeTakeFirst()
      : undefined;
    // Removed since it was queued (the row would normally have gone with it).
    if (!device) return { kind: "failed", error: "the device was removed" };
    const problem = pushEndpointProblem(device.endpoint, config.pushServiceHosts);
    if (problem) return { kind: "failed", error: `endpoint no longer allowed: ${problem}` };
    const message = parsePushMessage(row.payload);
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message),
      { vapidDetails: await vapidDetails(db, config), TTL: PUSH_TTL_SECONDS, urgency: "high" },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let response: Response;
    try {
      response = await fetch(device.endpoint, {
        method: "POST",
        headers,
        body: new Uint8Array(request.body),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: "retry", error: describeError(error) };
    }
    const body = await response.text().catch(() => "");
    return outcomeOf(response.status, body, response.headers.get("retry-after"));
  }

  async function deliver(row: OutboxRow, lockedUntil: string): Promise<void> {
    const fields = {
      id: row.id,
      kind: row.kind,
      leadId: row.lead_id,
      device: row.subscription_id,
      attempt: row.attempts,
    };
    let outcome: Outcome;
    try {
      outcome = await send(row);
    } catch (error) {
      // A payload or key we cannot encrypt with will not get better by waiting.
      outcome = { kind: "failed", error: describeError(error) };
    }
    const finish = whileLeased(db, row, lockedUntil);
    switch (outcome.kind) {
      case "sent":
        await finish.set({ status: "sent", sent_at: timestamp(), locked_until: null, last_error: null }).execute();
        log("info", "push sent", { ...fields, status: outcome.status });
        return;
      case "gone":
        // Deletes this row too, with every push still queued for the device.
        if (row.subscription_id) await forgetDevice(db, row.subscription_id);
        log("info", "push subscription gone; device removed", { ...fields, status: outcome.status });
        return;
      case "failed":
        await finish.set({ status: "failed", last_error: outcome.error.slice(0, 1000), locked_until: null }).execute();
        log("error", "push failed permanently", { ...fields, error: outcome.error });
        return;
      case "retry": {
        if (row.attempts >= maxAttempts) {
          await finish
            .set({ status: "failed", last_error: outcome.error.slice(0, 1000), locked_until: null })
            .execute();
          log("error", "push failed permanently", { ...fields, error: outcome.error });
          return;
        }
        const delay = Math.max(
          retryDelayMs(row.attempts, config.mailRetryBaseMs, MAX_RETRY_DELAY_MS),
          Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_DELAY_MS),
        );
        const nextAttemptAt = timestamp(new Date(Date.now() + delay));
        await finish
          .set({
            status: "pending",
            last_error: outcome.error.slice(0, 1000),
            locked_until: null,
            next_attempt_at: nextAttemptAt,
          })
          .execute();
        log("warn", "push delivery failed, will retry", { ...fields, error: outcome.error, retryAt: nextAttemptAt });
      }
    }
  }

  async function runOnce(): Promise<number> {
    const { rows, lockedUntil } = await claimDue(db, dialect, { channel: "push", batchSize, leaseMs, now: new Date() });
    // The devices answer independently; one slow phone's push service does not hold up the others.
    await Promise.all(rows.map((row) => deliver(row, lockedUntil)));
    return rows.length;
  }

  const loop = workerLoop({ name: "push worker", pollIntervalMs, batchSize, runOnce });
  return { ...loop, runOnce };
}
