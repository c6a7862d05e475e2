/**
 * The two emails an estimate request owes: the owner's notification (every field, the photos, and
 * Reply-To set to the visitor so answering is one click) and the visitor's confirmation, which
 * repeats nothing the visitor typed but a first name.
 * Visitor input only ever reaches the HTML through `html`, which escapes it.
 */
import { displayPhone, postalAddress, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { services } from "~/content/services";
import { currentFacts } from "~/facts/facts-source.server";
import {
  buttonHtml,
  detailRowsHtml,
  detailRowsText,
  emailDocument,
  formatBytes,
  greetingName,
  html,
  parseMailbox,
  type DetailRow,
} from "~/infra/mail-format.server";
import type { OutgoingMail } from "~/infra/outbox.server";
import { formatDateTimeWithZone } from "~/time/business-time";
import { usPhoneDigits, type EstimateValues } from "../estimate-schema";
import { HOME_WATCH_SERVICE } from "../home-watch-schema";
import { noticePlainText, type PublicNotice } from "~/notices/notice-text";

export interface StoredPhoto {
  id: string;
  fileName: string;
  contentType: string;
  bytes: number;
}

export interface LeadForEmail {
  id: string;
  createdAt: Date;
  values: EstimateValues;
  /** The service the request is for, when the form that sent it said (the home watch form does). */
  service?: string | null;
  photos: readonly StoredPhoto[];
}

export interface OwnerNotificationOptions {
  /** LEADS_TO: the owner's address, "addr@host" or "Name <addr@host>". */
  leadsTo: string;
  /** MAIL_MAX_ATTACHMENTS_MB in bytes, counted as the photos travel: base64-encoded. */
  maxAttachmentBytes: number;
  /** The site's origin: the lead's page on the desk (photos, status, notes) is one tap from the email. */
  siteUrl: string;
}

/** Characters per base64 line in a message; each line ends in CRLF. */
const BASE64_LINE = 76;

/**
 * What a photo of `bytes` bytes adds to a message once base64-encoded as nodemailer writes it: four
 * characters per three bytes, plus a line break per line. Mail servers limit the message as sent,
 * so that is what a budget must count; every line is counted with its break, so this is never less.
 */
export function encodedAttachmentBytes(bytes: number): number {
  if (bytes <= 0) return 0;
  const characters = 4 * Math.ceil(bytes / 3);
  return characters + 2 * Math.ceil(characters / BASE64_LINE);
}

/** The photos that fit in one email, in order, and those left out; `budget` is in encoded bytes. */
export function splitAttachments(photos: readonly StoredPhoto[], budget: number) {
  const attached: StoredPhoto[] = [];
  const leftOut: StoredPhoto[] = [];
  let used = 0;
  for (const photo of photos) {
    const size = encodedAttachmentBytes(photo.bytes);
    if (used + size <= budget) {
      attached.push(photo);
      used += size;
    } else leftOut.push(photo);
  }
  return { attached, leftOut };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function footer(facts: BusinessFacts) {
  const lines = [
    profile.legalName,
    postalAddress(facts),
    `${displayPhone(facts.phone)} · NJ HIC #${facts.hicRegistration}`,
  ];
  return {
    html: html`${lines.map((line, index) => html`${index > 0 ? html`<br />` : ""}${line}`)}`,
    text: lines.join("\n"),
  };
}

function photoSummary(photos: readonly StoredPhoto[], attachedCount: number): string {
  if (photos.length === 0) return "none";
  if (attachedCount === photos.length) return `${plural(photos.length, "photo")} attached`;
  if (attachedCount === 0) return `${plural(photos.length, "photo")}, not attached`;
  return `${plural(photos.length, "photo")}, ${attachedCount} attached`;
}

const totalBytes = (photos: readonly StoredPhoto[]) => photos.reduce((sum, photo) => sum + photo.bytes, 0);

const photosStored = (deskUrl: string) =>
  `They are stored with the request: see them on the desk at ${deskUrl}, or run "npm run leads -- --csv" on the server to save them as files.`;

const deskUrlOf = (lead: LeadForEmail, siteUrl: string) => `${siteUrl}/owner/leads/${lead.id}`;

/** "estimate request", or "home watch request" for the home watch page's form: the owner sorts them at a glance. */
function requestName(lead: LeadForEmail): string {
  return lead.service === HOME_WATCH_SERVICE ? "home watch request" : "estimate request";
}

function ownerSubject(lead: LeadForEmail): string {
  const name = requestName(lead);
  return `${name[0]?.toUpperCase()}${name.slice(1)} from ${lead.values.name}`;
}

/** The owner's notification with `attachedCount` photos attached and, when some are not, why. */
function ownerBodies(
  lead: LeadForEmail,
  attachedCount: number,
  note: string | undefined,
  deskUrl: string,
  facts: BusinessFacts,
) {
  const { values } = lead;
  const phoneDigits = usPhoneDigits(values.phone);
  const service = services.find((s) => s.slug === lead.service);
  const rows: DetailRow[] = [
    ...(service ? [{ label: "Service", value: service.title }] : []),
    { label: "Name", value: values.name },
    { label: "Phone", value: values.phone, href: phoneDigits ? `tel:+1${phoneDigits}` : undefined },
    { label: "Email", value: values.email, href: `mailto:${values.email}` },
    { label: "Project address", value: values.address || "(not given)" },
    { label: "Received", value: formatDateTimeWithZone(lead.createdAt) },
    { label: "Photos", value: photoSummary(lead.photos, attachedCount) },
    { label: "Reference", value: lead.id },
    { label: "On the desk", value: deskUrl, href: deskUrl },
    { label: "Project description", value: values.description || "(not given)", multiline: true },
  ];
  const subject = ownerSubject(lead);
  const foot = footer(facts);

  const text = [
    `New ${requestName(lead)} from the website.`,
    ``,
    detailRowsText(rows),
    ...(note ? [``, note] : []),
    ``,
    `Open it on the desk: ${deskUrl}`,
    `Reply to this email to answer ${values.name} directly.`,
  ].join("\n");

  const body = html`<h1 style="font-size:20px;margin:0 0 8px">New ${requestName(lead)}</h1>
    <p style="margin:0">From the website, ${formatDateTimeWithZone(lead.createdAt)}.</p>
    ${detailRowsHtml(rows)}
    ${note ? html`<p style="padding:12px;background:#fef3c7;border-radius:6px">${note}</p>` : ""}
    ${buttonHtml(deskUrl, "Open on the desk")} ${buttonHtml(`mailto:${values.email}`, `Reply to ${values.name}`)}`;

  return { text: `${text}\n\n--\n${foot.text}\n`, html: emailDocument(subject, body, foot.html) };
}

/**
 * The owner's notification: every field, the photos that fit in `maxAttachmentBytes`, and Reply-To
 * set to the visitor. When photos are attached it also carries the same notification without them,
 * for the worker to send if the mail server refuses the message for its size.
 */
export function ownerNotification(lead: LeadForEmail, options: OwnerNotificationOptions): OutgoingMail {
  const { values } = lead;
  const { attached, leftOut } = splitAttachments(lead.photos, options.maxAttachmentBytes);
  const deskUrl = deskUrlOf(lead, options.siteUrl);
  const facts = currentFacts();

  let leftOutNote: string | undefined;
  if (leftOut.length > 0) {
    const what = attached.length > 0 ? plural(leftOut.length, "more photo") : plural(leftOut.length, "photo");
    leftOutNote = `${what} (${formatBytes(totalBytes(leftOut))}) did not fit in this email. ${photosStored(deskUrl)}`;
  }
  const full = ownerBodies(lead, attached.length, leftOutNote, deskUrl, facts);

  let withoutAttachments: OutgoingMail["withoutAttachments"];
  if (attached.length > 0) {
    const refusedNote =
      `The mail server refused this email with the photos attached, so it was sent again without them: ` +
      `${plural(lead.photos.length, "photo")} (${formatBytes(totalBytes(lead.photos))}) came with the request. ${photosStored(deskUrl)}`;
    withoutAttachments = ownerBodies(lead, 0, refusedNote, deskUrl, facts);
  }

  return {
    kind: "lead-owner-notification",
    leadId: lead.id,
    to: parseMailbox(options.leadsTo),
    replyTo: { name: values.name, address: values.email },
    subject: ownerSubject(lead),
    text: full.text,
    html: full.html,
    attachments: attached.map((photo) => ({
      photoId: photo.id,
      fileName: photo.fileName,
      contentType: photo.contentType,
    })),
    withoutAttachments,
  };
}

/**
 * The visitor's confirmation: that the request arrived, when to expect an answer, and the phone
 * number. It repeats nothing the visitor typed except a first name (see `greetingName`).
 */
/** The notice's words, its link pointing at the site's own address or the phone. */
function noticeHtml(notice: PublicNotice, siteUrl: string) {
  return notice.parts.map((part) =>
    "href" in part
      ? html`<a href="${part.href.startsWith("tel:") ? part.href : siteUrl + part.href}">${part.text}</a>`
      : html`${part.text}`,
  );
}

export function visitorConfirmation(
  lead: LeadForEmail,
  leadsTo: string,
  /** The site's notice while it lasts, with the address its link is made absolute with. */
  posted?: { notice: PublicNotice | null; siteUrl: string },
): OutgoingMail {
  const notice = posted?.notice ?? null;
  const siteUrl = posted?.siteUrl ?? "";
  const name = greetingName(lead.values.name);
  const facts = currentFacts();
  const hours = facts.figures.replyWithinHours;
  const phone = displayPhone(facts.phone);
  const photos = lead.photos.length;
  const homeWatch = lead.service === HOME_WATCH_SERVICE;
  const subject = `We received your ${requestName(lead)} - ${profile.shortName}`;
  const foot = footer(facts);

  const greeting = name ? `Hi ${name},` : `Hello,`;
  const withPhotos = photos === 0 ? "" : photos === 1 ? ", with your photo" : `, with your ${photos} photos`;
  const asked = homeWatch ? "home watch for your house" : `a free estimate${withPhotos}`;
  const thanks = `Thank you for contacting ${profile.name}. We received your request for ${asked}. We will reply within ${hours} hours.`;
  const notYou = `If you did not ask us for ${homeWatch ? "home watch" : "an estimate"}, someone may have typed your address by mistake; you can ignore this email.`;

  const noticeLine = notice ? `Please note: ${noticePlainText(notice, siteUrl)}` : undefined;
  const text = [
    greeting,
    ``,
    thanks,
    ...(noticeLine ? [``, noticeLine] : []),
    ``,
    `If your project is urgent, call us at ${phone}.`,
    ``,
    notYou,
    ``,
    profile.name,
  ].join("\n");

  const body = html`<h1 style="font-size:20px;margin:0 0 16px">We received your ${requestName(lead)}</h1>
    <p>${greeting}</p>
    <p>${thanks}</p>
    ${notice ? html`<p><strong>Please note:</strong> ${noticeHtml(notice, siteUrl)}</p>` : ""}
    <p>If your project is urgent, call us at <a href="tel:${facts.phone}">${phone}</a>.</p>
    <p style="font-size:14px;color:#475569">${notYou}</p>
    <p>${profile.name}</p>`;

  return {
    kind: "lead-visitor-confirmation",
    leadId: lead.id,
    to: name ? { name, address: lead.values.email } : lead.values.email,
    replyTo: parseMailbox(leadsTo),
    subject,
    text: `${text}\n\n--\n${foot.text}\n`,
    html: emailDocument(subject, body, foot.html),
  };
}
