/**
 * Building blocks for email bodies.
 *
 * `html` is a tagged template that escapes every interpolated string, so visitor input can only
 * reach an email as text; markup must be built with `html` itself to be inserted unescaped.
 */
import type { MailAddress } from "./outbox.server";

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Text with its line breaks kept, escaped. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(text.split("\n").map(escapeHtml).join("<br>"));
}

export interface DetailRow {
  label: string;
  value: string;
  /** Shown as a link when set (tel:, mailto:, https:). */
  href?: string;
  multiline?: boolean;
}

export function detailRowsHtml(rows: readonly DetailRow[]): SafeHtml {
  const cells = rows.map((row) => {
    const value = row.multiline ? multiline(row.value) : row.value;
    const content = row.href ? html`<a href="${row.href}">${value}</a>` : value;
    return html`<tr>
      <th
        style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#475569;font-weight:600;white-space:nowrap"
      >
        ${row.label}
      </th>
      <td style="padding:6px 0;vertical-align:top">${content}</td>
    </tr>`;
  });
  return html`<table role="presentation" style="border-collapse:collapse;margin:16px 0">
    ${cells}
  </table>`;
}

export function detailRowsText(rows: readonly DetailRow[]): string {
  return rows.map((row) => (row.multiline ? `${row.label}:\n${row.value}` : `${row.label}: ${row.value}`)).join("\n");
}

/** A complete HTML document with the inline styles mail clients require. */
export function emailDocument(title: string, body: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f1f5f9">
        <div
          style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#0f172a"
        >
          ${body}
          <hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0" />
          <div style="font-size:13px;color:#64748b">${footer}</div>
        </div>
      </body>
    </html>`.value;
}

export function buttonHtml(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0">
    <a
      href="${href}"
      style="display:inline-block;background:#0e7490;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600"
      >${label}</a
    >
  </p>`;
}

/** Splits "Name <address@host>" (the form MAIL_FROM and LEADS_TO may take) into its parts. */
export function parseMailbox(value: string): MailAddress {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(value);
  if (match) return { name: (match[1] ?? "").replace(/^"|"$/g, ""), address: (match[2] ?? "").trim() };
  return { name: "", address: value.trim() };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Longer than any first name; a longer "word" is more likely a message than a name. */
const GREETING_NAME_MAX_LENGTH = 40;

/**
 * The name to greet the visitor by: the first word of what they typed, letters (and the combining
 * marks that belong to them) only. Undefined when that leaves no name.
 *
 * Anyone can type any address into the form, so the confirmation must not carry text of their
 * choosing to it from the business's domain; a bare first name cannot hold a link or a sentence.
 */
export function greetingName(name: string): string | undefined {
  const firstWord = name.trim().split(/\s+/u)[0] ?? "";
  const letters = firstWord.normalize("NFC").replace(/[^\p{L}\p{M}]/gu, "");
  if (!/\p{L}/u.test(letters) || [...letters].length > GREETING_NAME_MAX_LENGTH) return undefined;
  return letters;
}
