/**
 * The quote's emails: the quote itself to the homeowner (the PDF attached, the link to accept it),
 * the one reminder, the accepted contract and its signed copy to both sides after acceptance, and
 * the cancellation with its record to both.
 * Replies go to LEADS_TO. The link is a credential: it is in these emails and nowhere else.
 */
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { addressee as homeowner, businessMail as mail, type Recipient } from "~/infra/business-mail.server";
import type { MailDocumentRef, OutgoingMail } from "~/infra/outbox.server";
import { formatDateTimeWithZone } from "~/time/business-time";
import type { Contractor } from "~/paperwork/contract-terms";
import type { MailContext } from "~/settings/env.server";

export interface QuoteLead extends Recipient {
  id: string;
}

export const quoteUrl = (siteUrl: string, token: string) => `${siteUrl}/quote/${encodeURIComponent(token)}`;

export function quoteSentEmail(
  lead: QuoteLead,
  token: string,
  version: number,
  validUntil: string,
  pdf: MailDocumentRef,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = homeowner(lead);
  const revised = version > 1 ? " This version replaces the one we sent before." : "";
  return mail(
    "quote-sent",
    to,
    `Your quote from ${profile.shortName}${version > 1 ? ` (version ${version})` : ""}`,
    [
      `${greeting}\n\nHere is your written quote, attached as a PDF with our certificate of insurance.${revised} You can read it, choose any optional items and accept it online at the link below. The price holds until the end of ${validUntil}.`,
      "Opening the link changes nothing: you accept only by signing on the page. Questions? Reply to this email or call us.",
    ],
    context,
    lead.id,
    facts,
    { link: { href: quoteUrl(context.siteUrl, token), label: "Read and accept your quote" }, documents: [pdf] },
  );
}

/**
 * The one reminder. The link is stored only as its hash, so the reminder cannot repeat it: it
 * names the email that holds it, and attaches the quote's PDF again.
 */
export function quoteReminderEmail(
  lead: QuoteLead,
  sentAt: Date,
  pdf: MailDocumentRef,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = homeowner(lead);
  return mail(
    "quote-reminder",
    to,
    `Your quote from ${profile.shortName} is waiting`,
    [
      `${greeting}\n\nOn ${formatDateTimeWithZone(sentAt)} we emailed you a written quote, with the subject "Your quote from ${profile.shortName}". Its PDF is attached again. To accept it, use the link in that email.`,
      "If anything should change, or you cannot find the email, reply to this one and we will send an updated quote. This is the only reminder we send.",
    ],
    context,
    lead.id,
    facts,
    { documents: [pdf] },
  );
}

/**
 * After acceptance, to the homeowner and each owner: the accepted contract (the file whose SHA-256
 * the acceptance record names) and the signed copy with that record, both attached. The address
 * for a written cancellation is the contract's own.
 */
export function acceptedEmails(
  lead: QuoteLead,
  token: string,
  owners: readonly string[],
  documents: { accepted: MailDocumentRef; signed: MailDocumentRef },
  contractor: Contractor,
  cancelUntil: Date,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = homeowner(lead);
  const deadline = formatDateTimeWithZone(new Date(cancelUntil.getTime() - 60_000));
  const attached = [documents.accepted, documents.signed];
  const homeownerMail = mail(
    "quote-accepted",
    to,
    `Your signed contract with ${contractor.shortName}`,
    [
      `${greeting}\n\nThank you: you accepted our quote. Two PDFs are attached: ${documents.accepted.fileName} is the contract you accepted, and ${documents.signed.fileName} is the same contract signed by both of us, with the record of your acceptance on its last page. That record names the SHA-256 fingerprint of ${documents.accepted.fileName}, so anyone can check that the file is unchanged. Keep both.`,
      `You may cancel until midnight at the end of the third business day: until ${deadline}. Send written notice by certified mail or deliver it by hand to ${contractor.legalName}, ${contractor.address}, or use 'Cancel this contract' at the link above.`,
    ],
    context,
    lead.id,
    facts,
    { link: { href: quoteUrl(context.siteUrl, token), label: "Your contract" }, documents: attached },
  );
  const ownerMails = owners.map((owner) =>
    mail(
      "quote-accepted",
      owner,
      `Quote accepted: ${lead.name}`,
      [
        `${lead.name} accepted the quote. The accepted contract and the signed copy are attached. Their right to cancel runs until ${deadline}.`,
      ],
      context,
      lead.id,
      facts,
      { link: { href: `${context.siteUrl}/owner/leads/${lead.id}`, label: "Open the lead" }, documents: attached },
    ),
  );
  return [homeownerMail, ...ownerMails];
}

/** After a cancellation, to both sides, with its record attached. */
export function cancelledEmails(
  lead: QuoteLead,
  owners: readonly string[],
  at: Date,
  record: MailDocumentRef,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = homeowner(lead);
  const when = formatDateTimeWithZone(at);
  return [
    mail(
      "quote-cancelled",
      to,
      `Your contract with ${profile.shortName} is cancelled`,
      [
        `${greeting}\n\nYou cancelled your contract with us on ${when}. Nothing more is owed, and any payment you made will be returned. The record of your cancellation is attached.`,
        "If this was a mistake, reply to this email or call us and we will write a new quote.",
      ],
      context,
      lead.id,
      facts,
      { documents: [record] },
    ),
    ...owners.map((owner) =>
      mail(
        "quote-cancelled",
        owner,
        `Contract cancelled: ${lead.name}`,
        [
          `${lead.name} cancelled the contract on ${when}, within their three business days. The lead is now Lost (cancelled by the homeowner). The record of the cancellation is attached.`,
        ],
        context,
        lead.id,
        facts,
        { link: { href: `${context.siteUrl}/owner/leads/${lead.id}`, label: "Open the lead" }, documents: [record] },
      ),
    ),
  ];
}
