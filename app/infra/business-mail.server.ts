/**
 * A letter from the business to a homeowner or an owner about their work: paragraphs, one button
 * after the first, the business's name, address and phone at the foot, replies to LEADS_TO, and
 * stored documents attached. When the homeowner's mail server refuses the attachments as too large,
 * the same letter goes again without them, saying where to read them. Quotes and jobs write theirs
 * with it, so every letter about a contract looks and behaves alike.
 */
import { displayPhone, postalAddress, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { buttonHtml, emailDocument, greetingName, html, multiline, parseMailbox } from "./mail-format.server";
import type { MailAddress, MailDocumentRef, MailKind, OutgoingMail } from "./outbox.server";
import type { MailContext } from "~/settings/env.server";

export interface Recipient {
  name: string;
  email: string;
}

/** The homeowner's address with their name, and the greeting that opens the letter. */
export function addressee(person: Recipient): { to: MailAddress | string; greeting: string } {
  const name = greetingName(person.name);
  return { to: name ? { name, address: person.email } : person.email, greeting: name ? `Hi ${name},` : "Hello," };
}

export interface BusinessMailExtras {
  link?: { href: string; label: string };
  documents?: MailDocumentRef[];
}

/** What the letter's foot names of the business: the facts in force when the letter is written. */
export type LetterFacts = Pick<BusinessFacts, "address" | "phone">;

export function businessMail(
  kind: MailKind,
  to: MailAddress | string,
  subject: string,
  paragraphs: string[],
  context: MailContext,
  leadId: string,
  facts: LetterFacts,
  extra: BusinessMailExtras = {},
): OutgoingMail {
  const foot = [profile.legalName, postalAddress(facts), displayPhone(facts.phone)];
  const link = extra.link;
  const textLines = [...paragraphs];
  if (link) textLines.splice(1, 0, `${link.label}: ${link.href}`);
  const body = html`${paragraphs.map(
    (p, index) =>
      html`<p>${multiline(p)}</p>
        ${index === 0 && link ? buttonHtml(link.href, link.label) : ""}`,
  )}`;
  const withoutAttachments = extra.documents?.length
    ? {
        text: `${textLines.join("\n\n")}\n\n(The PDF was too large for your mail server: open the link to read and print it.)\n\n--\n${foot.join("\n")}\n`,
        html: emailDocument(subject, body, html`${foot.join(" · ")}`),
      }
    : undefined;
  return {
    kind,
    to,
    subject,
    text: `${textLines.join("\n\n")}\n\n--\n${foot.join("\n")}\n`,
    html: emailDocument(subject, body, html`${foot.join(" · ")}`),
    replyTo: parseMailbox(context.leadsTo),
    documents: extra.documents,
    withoutAttachments,
    leadId,
  };
}
