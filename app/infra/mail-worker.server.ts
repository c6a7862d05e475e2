/**
 * Delivers the outbox's mail (the rows of channel "mail"; pushes have their own worker).
 *
 * Claiming and leases are shared with the push worker (`outbox-lease.server.ts`): several server
 * instances never claim one message twice, and a worker that dies mid-send leaves a lease that
 * expires, so the message is sent again. Delivery is at least once, and each message carries a
 * stable Message-ID so a receiving server can spot the duplicate.
 *
 * Failures: an SMTP 5xx (other than a failed login, which is the operator's to fix) is a permanent
 * refusal: the message is marked failed and logged, never retried. Anything else is retried after
 * MAIL_RETRY_BASE_MS, doubling each time up to six hours, and given up after MAX_ATTEMPTS (about
 * three days at the default base).
 *
 * Too large: a message with attachments that the server refuses for its size is sent again at once
 * without them, with the bodies queued for that case (`withoutAttachments`), which say where the
 * attachments can be had. Attachment budgets are estimates and every provider has its own limit;
 * the owner must hear about the lead either way.
 *
 * With no SMTP_URL the message is written as an .eml file under DATA_DIR/outbox instead.
 */
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type { Dialect } from "./db.server";
import type { Env } from "~/settings/env.server";
import { describeError, log } from "./log.server";
import { mailFileDirectory, mailFileName } from "./mail-files.server";
import { claimDue, whileLeased, workerLoop, type OutboxRow } from "./outbox-lease.server";
import { parseMailPayload, withoutLinkTokens, type MailPayload } from "./outbox.server";
import { timestamp, type Database } from "./schema.server";
import { smtpTransportOptions } from "./smtp-transport.server";

export type MailWorkerConfig = Pick<Env, "smtpUrl" | "mailFrom" | "dataDir" | "mailRetryBaseMs">;

export interface MailWorkerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: MailWorkerConfig;
  /** How often to look for due messages when nobody nudges; default 1 s. */
  pollIntervalMs?: number;
  /** Messages claimed at once; each lease must outlast sending the whole batch. */
  batchSize?: number;
  /** How long a claimed message is reserved for this worker. */
  leaseMs?: number;
  maxAttempts?: number;
  maxRetryDelayMs?: number;
}

export interface MailWorker {
  start(): void;
  /** Finishes the message in hand, then stops; resolves when nothing is running. */
  stop(): Promise<void>;
  nudge(): void;
  /** Claims and delivers one batch; returns how many messages it handled. */
  runOnce(): Promise<number>;
}

export const MAX_ATTEMPTS = 20;
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/** Delay before the retry that follows failed attempt number `attempt` (1-based). */
export function retryDelayMs(attempt: number, baseMs: number, capMs: number = MAX_RETRY_DELAY_MS): number {
  // The exponent is bounded so that a large attempt count cannot turn the product into Infinity.
  const exponent = Math.min(Math.max(0, attempt - 1), 40);
  return Math.min(capMs, baseMs * 2 ** exponent);
}

function errorField(error: unknown, field: "code" | "responseCode" | "response"): unknown {
  return typeof error === "object" && error !== null && field in error
    ? (error as Record<typeof field, unknown>)[field]
    : undefined;
}

/** True when retrying cannot help: the server refused this message or recipient for good. */
export function isPermanentMailError(error: unknown): boolean {
  const code = errorField(error, "code");
  const responseCode = errorField(error, "responseCode");
  if (typeof responseCode === "number") return responseCode >= 500 && responseCode < 600 && code !== "EAUTH";
  // nodemailer refusing to build the message (no valid recipient, malformed content) before talking to anyone.
  return code === "EENVELOPE" || code === "EMESSAGE";
}

/**
 * True when the server refused the message for its size: reply 552, the enhanced status 5.3.4
 * ("message too big for system") whatever the reply code, or nodemailer refusing before sending
 * because the message is larger than the server announced it accepts.
 */
export function isMessageTooLargeError(error: unknown): boolean {
  if (errorField(error, "responseCode") === 552) return true;
  const response = errorField(error, "response");
  if (typeof response === "string" && /^5\d\d[ -]5\.3\.4\b/m.test(response)) return true;
  const code = errorField(error, "code");
  return code === "EMESSAGE" && error instanceof Error && /^Message size larger than allowed/.test(error.message);
}

function domainOf(address: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(address);
  return match?.[1] ?? "localhost";
}

interface DeliveryResult {
  messageId: string;
  /** Where the message was written, when there is no SMTP server. */
  file?: string;
}

interface Delivery {
  send(message: Mail.Options, row: OutboxRow): Promise<DeliveryResult>;
  close(): void;
}

function smtpDelivery(url: string): Delivery {
  const transport = nodemailer.createTransport(smtpTransportOptions(url));
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function fileDelivery(dataDir: string): Delivery {
  // Streamed to the file as it is encoded: a notification with 10 MB of photos would otherwise sit
  // in memory whole, base64 and all, next to the photos it was made from.
  const transport = nodemailer.createTransport({ streamTransport: true, newline: "windows" });
  const directory = mailFileDirectory(dataDir);
  return {
    async send(message, row) {
      const file = path.join(directory, mailFileName(row));
      await fs.mkdir(directory, { recursive: true });
      const info = await transport.sendMail(message);
      await pipeline(info.message, createWriteStream(file));
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, dialect, config } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  // One message per claim by default, so a lease only ever has to cover one send (a couple of minutes
  // at most with the timeouts in SMTP_TIMEOUTS, twice that with a resend without attachments),
  // whatever the number of messages waiting.
  const batchSize = options.batchSize ?? 1;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS;
  const fromDomain = domainOf(config.mailFrom);

  let delivery: Delivery | undefined;

  function getDelivery(): Delivery {
    delivery ??= config.smtpUrl ? smtpDelivery(config.smtpUrl) : fileDelivery(config.dataDir);
    return delivery;
  }

  async function buildMessage(row: OutboxRow, payload: MailPayload): Promise<Mail.Options> {
    const refs = payload.attachments ?? [];
    const photos =
      refs.length === 0
        ? []
        : await db
            .selectFrom("lead_photos")
            .select(["id", "data"])
            .where(
              "id",
              "in",
              refs.map((ref) => ref.photoId),
            )
            .execute();
    const dataById = new Map(photos.map((photo) => [photo.id, photo.data]));
    const attachments: Mail.Attachment[] = [];
    for (const ref of refs) {
      const data = dataById.get(ref.photoId);
      // The owner deleted the lead's photos before this message went out: send the rest.
      if (data) attachments.push({ filename: ref.fileName, contentType: ref.contentType, content: data });
    }
    const documentRefs = payload.documents ?? [];
    const documents =
      documentRefs.length === 0
        ? []
        : await db
            .selectFrom("stored_documents")
            .select(["id", "data"])
            .where(
              "id",
              "in",
              documentRefs.map((ref) => ref.documentId),
            )
            .execute();
    const documentById = new Map(documents.map((document) => [document.id, document.data]));
    for (const ref of documentRefs) {
      const data = documentById.get(ref.documentId);
      if (data) attachments.push({ filename: ref.fileName, contentType: ref.contentType, content: data });
    }
    for (const inline of payload.inlineAttachments ?? [])
      attachments.push({ filename: inline.fileName, contentType: inline.contentType, content: inline.content });
    return {
      from: config.mailFrom,
      to: payload.toName ? { name: payload.toName, address: row.recipient } : row.recipient,
      subject: row.subject,
      text: payload.text,
      html: payload.html,
      replyTo: payload.replyTo,
      headers: payload.headers,
      attachments,
      messageId: `<${row.id}@${fromDomain}>`,
    };
  }

  const finish = (row: OutboxRow, lockedUntil: string) => whileLeased(db, row, lockedUntil);

  async function deliver(row: OutboxRow, lockedUntil: string): Promise<void> {
    const fields = { id: row.id, kind: row.kind, attempt: row.attempts };
    // Set when the server refused the message as too large: what was sent instead, and what any
    // later attempt sends, so the refused size is not tried again.
    let smaller: MailPayload | undefined;
    const recordSmaller = () => (smaller ? { payload: JSON.stringify(smaller) } : {});
    try {
      const payload = parseMailPayload(row.payload);
      const message = await buildMessage(row, payload);
      let result: DeliveryResult;
      try {
        result = await getDelivery().send(message, row);
      } catch (error) {
        const attached = message.attachments?.length ?? 0;
        if (!payload.withoutAttachments || attached === 0 || !isMessageTooLargeError(error)) throw error;
        log("warn", "mail refused as too large; sending it again without attachments", {
          ...fields,
          attachments: attached,
          error: describeError(error).slice(0, 1000),
        });
        smaller = {
          ...payload,
          ...payload.withoutAttachments,
          attachments: undefined,
          documents: undefined,
          withoutAttachments: undefined,
        };
        result = await getDelivery().send(await buildMessage(row, smaller), row);
      }
      // In the update that marks it sent, so no moment or crash leaves a sent message with its links.
      // Failed mail keeps them: it was never delivered, and `--retry` must send links that open.
      const kept = withoutLinkTokens(smaller ? JSON.stringify(smaller) : row.payload);
      await finish(row, lockedUntil)
        .set({ status: "sent", sent_at: timestamp(), locked_until: null, last_error: null, payload: kept })
        .execute();
      const details = { ...fields, ...(smaller ? { withoutAttachments: true } : {}) };
      if (result.file) log("info", "mail written to file (no SMTP_URL)", { ...details, file: result.file });
      else log("info", "mail sent", { ...details, messageId: result.messageId });
    } catch (error) {
      const lastError = describeError(error).slice(0, 1000);
      if (isPermanentMailError(error) || row.attempts >= maxAttempts) {
        await finish(row, lockedUntil)
          .set({ status: "failed", last_error: lastError, locked_until: null, ...recordSmaller() })
          .execute();
        log("error", "mail failed permanently", { ...fields, error: lastError });
        return;
      }
      const delay = retryDelayMs(row.attempts, config.mailRetryBaseMs, maxRetryDelayMs);
      const nextAttemptAt = timestamp(new Date(Date.now() + delay));
      await finish(row, lockedUntil)
        .set({
          status: "pending",
          last_error: lastError,
          locked_until: null,
          next_attempt_at: nextAttemptAt,
          ...recordSmaller(),
        })
        .execute();
      log("warn", "mail delivery failed, will retry", { ...fields, error: lastError, retryAt: nextAttemptAt });
    }
  }

  async function runOnce(): Promise<number> {
    const { rows, lockedUntil } = await claimDue(db, dialect, { channel: "mail", batchSize, leaseMs, now: new Date() });
    for (const row of rows) await deliver(row, lockedUntil);
    return rows.length;
  }

  const loop = workerLoop({ name: "mail worker", pollIntervalMs, batchSize, runOnce });

  return {
    start: loop.start,
    async stop() {
      await loop.stop();
      delivery?.close();
      delivery = undefined;
    },
    nudge: loop.nudge,
    runOnce,
  };
}
