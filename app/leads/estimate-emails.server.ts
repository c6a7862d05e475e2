/**
 * The two emails an estimate request owes: the owner's notification (every field, the photos, and
 * Reply-To set to the visitor so answering is one click) and the visitor's confirmation.
 * Visitor input only ever reaches the HTML through `html`, which escapes it.
 */
import { profile } from "~/content/profile";
import {
  buttonHtml,
  detailRowsHtml,
  detailRowsText,
  emailDocument,
  formatBusinessTime,
  formatBytes,
  html,
  parseMailbox,
  type DetailRow,
} from "~/infra/mail-format.server";
import type { OutgoingMail } from "~/infra/outbox.server";
import { usPhoneDigits, type EstimateValues } from "./estimate-schema";

/** Most mail servers refuse messages over 20-25 MB; base64 adds a third. */
export const OWNER_ATTACHMENTS_MAX_BYTES = 15 * 1024 * 1024;

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
  photos: readonly StoredPhoto[];
}

/** The photos that fit in one email, in order, and those left out. */
export function splitAttachments(photos: readonly StoredPhoto[], budget: number = OWNER_ATTACHMENTS_MAX_BYTES) {
  const attached: StoredPhoto[] = [];
  const leftOut: StoredPhoto[] = [];
  let used = 0;
  for (const photo of photos) {
    if (used + photo.bytes <= budget) {
      attached.push(photo);
      used += photo.bytes;
    } else leftOut.push(photo);
  }
  return { attached, leftOut };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function footer() {
  const { street, locality, region, postalCode } = profile.address;
  const lines = [
    profile.legalName,
    `${street}, ${locality}, ${region} ${postalCode}`,
    `${profile.phone.display} · NJ HIC #${profile.hicRegistration}`,
  ];
  return {
    html: html`${lines.map((line, index) => html`${index > 0 ? html`<br />` : ""}${line}`)}`,
    text: lines.join("\n"),
  };
}

function photoSummary(photos: readonly StoredPhoto[], attachedCount: number): string {
  if (photos.length === 0) return "none";
  if (attachedCount === photos.length) return `${plural(photos.length, "photo")} attached`;
  return `${plural(photos.length, "photo")}, ${attachedCount} attached`;
}

/**
 * The owner's notification. `siteUrl` is the origin of the desk, where the lead's page (photos,
 * status, notes) is one tap from the email.
 */
export function ownerNotification(lead: LeadForEmail, leadsTo: string, siteUrl: string): OutgoingMail {
  const { values } = lead;
  const deskUrl = `${siteUrl}/owner/leads/${lead.id}`;
  const { attached, leftOut } = splitAttachments(lead.photos);
  const phoneDigits = usPhoneDigits(values.phone);
  const rows: DetailRow[] = [
    { label: "Name", value: values.name },
    { label: "Phone", value: values.phone, href: phoneDigits ? `tel:+1${phoneDigits}` : undefined },
    { label: "Email", value: values.email, href: `mailto:${values.email}` },
    { label: "Project address", value: values.address || "(not given)" },
    { label: "Received", value: formatBusinessTime(lead.createdAt) },
    { label: "Photos", value: photoSummary(lead.photos, attached.length) },
    { label: "Reference", value: lead.id },
    { label: "On the desk", value: deskUrl, href: deskUrl },
    { label: "Project description", value: values.description || "(not given)", multiline: true },
  ];

  const leftOutBytes = leftOut.reduce((sum, photo) => sum + photo.bytes, 0);
  const leftOutNote =
    leftOut.length > 0
      ? `${plural(leftOut.length, "more photo")} (${formatBytes(leftOutBytes)}) did not fit in this email. ` +
        `They are stored with the request: see them on the desk at ${deskUrl}.`
      : undefined;
  const subject = `Estimate request from ${values.name}`;
  const foot = footer();

  const text = [
    `New estimate request from the website.`,
    ``,
    detailRowsText(rows),
    ...(leftOutNote ? [``, leftOutNote] : []),
    ``,
    `Open it on the desk: ${deskUrl}`,
    `Reply to this email to answer ${values.name} directly.`,
  ].join("\n");

  const body = html`<h1 style="font-size:20px;margin:0 0 8px">New estimate request</h1>
    <p style="margin:0">From the website, ${formatBusinessTime(lead.createdAt)}.</p>
    ${detailRowsHtml(rows)}
    ${leftOutNote ? html`<p style="padding:12px;background:#fef3c7;border-radius:6px">${leftOutNote}</p>` : ""}
    ${buttonHtml(deskUrl, "Open on the desk")}
    ${buttonHtml(`mailto:${values.email}`, `Reply to ${values.name}`)}`;

  return {
    kind: "lead-owner-notification",
    leadId: lead.id,
    to: parseMailbox(leadsTo),
    replyTo: { name: values.name, address: values.email },
    subject,
    text: `${text}\n\n--\n${foot.text}\n`,
    html: emailDocument(subject, body, foot.html),
    attachments: attached.map((photo) => ({
      photoId: photo.id,
      fileName: photo.fileName,
      contentType: photo.contentType,
    })),
  };
}

export function visitorConfirmation(lead: LeadForEmail, leadsTo: string): OutgoingMail {
  const { values } = lead;
  const hours = profile.replyWithinHours;
  const subject = `We received your estimate request - ${profile.shortName}`;
  const rows: DetailRow[] = [
    { label: "Name", value: values.name },
    { label: "Phone", value: values.phone },
    { label: "Email", value: values.email },
    { label: "Project address", value: values.address || "(not given)" },
    {
      label: "Photos",
      value:
        lead.photos.length === 0
          ? "none"
          : `${plural(lead.photos.length, "photo")}: ${lead.photos.map((photo) => photo.fileName).join(", ")}`,
    },
    { label: "Project description", value: values.description || "(not given)", multiline: true },
  ];
  const foot = footer();
  const intro = `Thank you for contacting ${profile.name}. We received your request for a free estimate and will reply within ${hours} hours.`;
  const urgent = `If your project is urgent, call us at ${profile.phone.display}.`;

  const text = [
    `Hi ${values.name},`,
    ``,
    intro,
    ``,
    `Here is what you sent us:`,
    ``,
    detailRowsText(rows),
    ``,
    urgent,
    ``,
    `${profile.name}`,
  ].join("\n");

  const body = html`<h1 style="font-size:20px;margin:0 0 16px">We received your estimate request</h1>
    <p>Hi ${values.name},</p>
    <p>${intro}</p>
    <p>Here is what you sent us:</p>
    ${detailRowsHtml(rows)}
    <p>If your project is urgent, call us at <a href="tel:${profile.phone.e164}">${profile.phone.display}</a>.</p>
    <p>${profile.name}</p>`;

  return {
    kind: "lead-visitor-confirmation",
    leadId: lead.id,
    to: { name: values.name, address: values.email },
    replyTo: parseMailbox(leadsTo),
    subject,
    text: `${text}\n\n--\n${foot.text}\n`,
    html: emailDocument(subject, body, foot.html),
  };
}
