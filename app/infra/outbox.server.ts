/**
 * The transactional outbox: a message is a row written in the same transaction as the lead or
 * subscriber it is about, and the worker (`mail-worker.server.ts`) delivers it afterwards. So an
 * SMTP outage delays mail but can never lose a lead, and a failed commit never sends mail.
 *
 * Attachments are stored by reference (a lead photo's id): the bytes already sit in `lead_photos`
 * and are read at sending time. A small text attachment written for the message (a calendar
 * invitation) has nowhere else to live, so it is stored in the payload itself. A file made or
 * received at run time (a quote's PDF) is stored in `stored_documents` and referenced the same way.
 *
 * A message with attachments may carry the same message without them (`withoutAttachments`), sent
 * instead when the mail server refuses the message for its size. Its bodies are written when the
 * message is queued, by the code that knows what the attachments were and how else to reach them.
 *
 * A sent message keeps no working link (record 0040): the worker stores it with each link's token
 * replaced (`withoutLinkTokens`) in the update that marks it sent. Until then the payload holds the
 * links as written, so a retry, a restart or a restored backup still sends ones that open.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { TOKEN_PATH_PREFIXES } from "~/route-registry";
import { timestamp, type Database } from "./schema.server";
import { afterCommit } from "./transaction.server";

export type MailKind =
  | "lead-owner-notification"
  | "lead-visitor-confirmation"
  | "lead-reminder"
  | "newsletter-confirm"
  | "newsletter-welcome"
  | "owner-sign-in-code"
  | "owner-passkey-added"
  | "owner-invitation"
  | "owner-account-change"
  | "visit-proposal"
  | "visit-invitation"
  | "visit-cancellation"
  | "owner-digest"
  | "quote-sent"
  | "quote-reminder"
  | "quote-accepted"
  | "quote-cancelled"
  | "review-request"
  | "job-scheduled"
  | "job-dates"
  | "job-new-link"
  | "job-completed"
  | "change-order-sent"
  | "change-order-accepted"
  | "change-order-declined"
  | "invoice-sent"
  | "invoice-reminder"
  | "payment-receipt"
  | "watch-plan-sent"
  | "watch-plan-accepted"
  | "watch-report"
  | "watch-storm-check"
  | "watch-invoice"
  | "watch-plan-ended";

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailAttachmentRef {
  photoId: string;
  fileName: string;
  contentType: string;
}

/** A file in `stored_documents`. */
export interface MailDocumentRef {
  documentId: string;
  fileName: string;
  contentType: string;
}

/** Text written for this message, carried in the payload; at most `INLINE_ATTACHMENT_MAX_CHARS`. */
export interface MailInlineAttachment {
  content: string;
  fileName: string;
  contentType: string;
}

/** An invitation is a few kilobytes; anything near this is a mistake, not an attachment to store. */
export const INLINE_ATTACHMENT_MAX_CHARS = 64 * 1024;

export interface OutgoingMail {
  kind: MailKind;
  to: MailAddress | string;
  subject: string;
  text: string;
  html: string;
  replyTo?: MailAddress;
  headers?: Record<string, string>;
  attachments?: MailAttachmentRef[];
  inlineAttachments?: MailInlineAttachment[];
  documents?: MailDocumentRef[];
  /** The bodies to send instead, without the attachments, if the server refuses the message as too large. */
  withoutAttachments?: MailBodies;
  leadId?: string;
}

export interface MailBodies {
  text: string;
  html: string;
}

const mailAddressSchema = z.object({ name: z.string(), address: z.string() });

const payloadSchema = z.object({
  toName: z.string().optional(),
  text: z.string(),
  html: z.string(),
  replyTo: mailAddressSchema.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(z.object({ photoId: z.string(), fileName: z.string(), contentType: z.string() })).optional(),
  inlineAttachments: z
    .array(
      z.object({
        content: z.string().max(INLINE_ATTACHMENT_MAX_CHARS),
        fileName: z.string(),
        contentType: z.string(),
      }),
    )
    .optional(),
  documents: z.array(z.object({ documentId: z.string(), fileName: z.string(), contentType: z.string() })).optional(),
  // Optional: messages queued before it existed have none, and fail on a size refusal as they did.
  withoutAttachments: z.object({ text: z.string(), html: z.string() }).optional(),
});

export type MailPayload = z.infer<typeof payloadSchema>;

export function parseMailPayload(json: string): MailPayload {
  return payloadSchema.parse(JSON.parse(json));
}

/** What a sent message's stored copy reads where a link's token was. */
export const SENT_LINK_PLACEHOLDER = "[link removed once sent]";

/**
 * A link's token, as every mailed link carries it: after one of the token paths (a homeowner's
 * quote, job, visit or review) or in a `token=` query (an owner's setup link, the newsletter's),
 * `&` escaped or not. Every token is `randomToken`'s 43 base64url characters, which neither
 * `encodeURIComponent`, HTML escaping nor JSON changes, so the same pattern finds it in the
 * stored JSON's text, HTML and headers alike.
 */
const LINK_TOKEN = new RegExp(`(${TOKEN_PATH_PREFIXES.join("|")}|[?&;]token=)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, "g");

/**
 * A stored payload (its JSON) with the token of every link replaced by `SENT_LINK_PLACEHOLDER`:
 * the copy kept once the message is sent still shows what it said and where it pointed, but a
 * stolen database or backup opens nothing with it. The links are found by their shape rather than
 * named by each email's composer, so no email, including one written later or queued before this
 * existed, can keep one by forgetting to name it. The placeholder holds nothing JSON escapes.
 */
export function withoutLinkTokens(payloadJson: string): string {
  return payloadJson.replace(LINK_TOKEN, (_, prefix: string) => `${prefix}${SENT_LINK_PLACEHOLDER}`);
}

/** Adds a message to the outbox; pass the transaction that writes the record the message is about. */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  // Refused here, in the transaction that queues it, rather than by the worker after the commit.
  for (const attachment of mail.inlineAttachments ?? [])
    if (attachment.content.length > INLINE_ATTACHMENT_MAX_CHARS)
      throw new Error(
        `inline attachment ${attachment.fileName} is larger than ${INLINE_ATTACHMENT_MAX_CHARS} characters`,
      );
  const id = randomUUID();
  const to = typeof mail.to === "string" ? { name: "", address: mail.to } : mail.to;
  const payload: MailPayload = {
    toName: to.name || undefined,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    headers: mail.headers,
    attachments: mail.attachments,
    inlineAttachments: mail.inlineAttachments?.length ? mail.inlineAttachments : undefined,
    documents: mail.documents?.length ? mail.documents : undefined,
    withoutAttachments: mail.attachments?.length || mail.documents?.length ? mail.withoutAttachments : undefined,
  };
  await db
    .insertInto("outbox")
    .values({
      id,
      kind: mail.kind,
      lead_id: mail.leadId ?? null,
      recipient: to.address,
      subject: mail.subject,
      payload: JSON.stringify(payload),
      status: "pending",
      next_attempt_at: timestamp(now),
      created_at: timestamp(now),
    })
    .execute();
  // The workers are woken once the message is committed: before, they would find nothing to send.
  afterCommit(db, "outbox", nudgeMailWorkers);
  return id;
}

type Nudge = () => void;
const NUDGE_KEY = "__causewayHomeRepairMailNudges";
const shared = globalThis as typeof globalThis & { [NUDGE_KEY]?: Set<Nudge> };

function nudges(): Set<Nudge> {
  shared[NUDGE_KEY] ??= new Set();
  return shared[NUDGE_KEY];
}

/** Wakes the mail workers of this process; queuing a message calls it once its transaction commits. */
export function nudgeMailWorkers(): void {
  for (const nudge of nudges()) nudge();
}

/** Registers a worker's wake-up; returns the function that unregisters it. */
export function onMailNudge(nudge: Nudge): () => void {
  nudges().add(nudge);
  return () => nudges().delete(nudge);
}
