/**
 * The emails of a site visit: the proposal to the homeowner (one link per time offered), the
 * invitation with its calendar file to both sides once a time is confirmed, and the cancellation.
 *
 * To the homeowner they repeat nothing the visitor typed except a first name (see `greetingName`):
 * anyone can put anyone's address into the estimate form. The calendar file names the project
 * address as the visit's place, which the owner has read before proposing a visit.
 */
import { displayPhone, postalAddress, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { buttonHtml, emailDocument, greetingName, html, parseMailbox, type SafeHtml } from "~/infra/mail-format.server";
import type { MailAddress, MailInlineAttachment, MailKind, OutgoingMail } from "~/infra/outbox.server";
import { calendarContentType, calendarFile, type CalendarMethod } from "./ics.server";
import { formatWindow, ZONE_NAME } from "~/time/business-time";
import type { MailContext } from "~/settings/env.server";

export const VISIT_LINK_DAYS = 14;

export interface VisitLead {
  id: string;
  name: string;
  email: string;
  address: string;
}

export interface OfferedWindow {
  startsAt: Date;
  endsAt: Date;
  token: string;
}

export interface BookedVisit {
  id: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  /** The owner who proposed it: the business side of the invitation. */
  ownerEmail: string;
}

export const visitUrl = (siteUrl: string, token: string) => `${siteUrl}/visit/${encodeURIComponent(token)}`;

function footer(facts: BusinessFacts) {
  const lines = [profile.legalName, postalAddress(facts), displayPhone(facts.phone)];
  return {
    html: html`${lines.map((line, index) => html`${index > 0 ? html`<br />` : ""}${line}`)}`,
    text: lines.join("\n"),
  };
}

function homeowner(lead: VisitLead): { to: MailAddress | string; greeting: string } {
  const name = greetingName(lead.name);
  return { to: name ? { name, address: lead.email } : lead.email, greeting: name ? `Hi ${name},` : "Hello," };
}

interface Written {
  subject: string;
  text: string;
  html: string;
}

/** A message's subject and both its bodies, each ending with the business's footer. */
function written(subject: string, text: string[], body: SafeHtml, facts: BusinessFacts): Written {
  const foot = footer(facts);
  return {
    subject,
    text: `${text.join("\n")}\n\n--\n${foot.text}\n`,
    html: emailDocument(subject, body, foot.html),
  };
}

/**
 * The envelopes of one kind of visit email, the same for every copy: the homeowner's is addressed
 * by first name only and answers to LEADS_TO; the owner's goes to the owner who proposed the visit.
 * A booked visit's emails carry its calendar file.
 */
function visitMails(kind: Extract<MailKind, `visit-${string}`>, lead: VisitLead, context: MailContext) {
  const envelope = (
    recipient: Pick<OutgoingMail, "to" | "replyTo">,
    { subject, text, html }: Written,
    calendar?: MailInlineAttachment[],
  ): OutgoingMail => ({
    kind,
    leadId: lead.id,
    ...recipient,
    subject,
    ...(calendar ? { inlineAttachments: calendar } : {}),
    text,
    html,
  });
  return {
    toHomeowner: (message: Written, calendar?: MailInlineAttachment[]) =>
      envelope({ to: homeowner(lead).to, replyTo: parseMailbox(context.leadsTo) }, message, calendar),
    toOwner: (ownerEmail: string, message: Written, calendar?: MailInlineAttachment[]) =>
      envelope({ to: ownerEmail }, message, calendar),
  };
}

/** To the homeowner: the times the owner offers, each with its own link. */
export function proposalEmail(lead: VisitLead, windows: readonly OfferedWindow[], context: MailContext): OutgoingMail {
  const facts = currentFacts();
  const { greeting } = homeowner(lead);
  const one = windows.length === 1;
  const subject = `Choose a time for your site visit - ${profile.shortName}`;
  const intro = one
    ? `Thank you for your estimate request. We would like to see the project in person, and can come by at this time (${ZONE_NAME}). Please confirm it with the link below:`
    : `Thank you for your estimate request. We would like to see the project in person; here are the times we can come by (${ZONE_NAME}). Choose the one that suits you:`;
  const expiry = one
    ? `The link works for ${VISIT_LINK_DAYS} days.`
    : `The links work for ${VISIT_LINK_DAYS} days, and once one time is confirmed the others are released.`;
  const calling = `If ${one ? "this time does not suit" : "none of these times suits"} you, reply to this email or call us at ${displayPhone(facts.phone)} and we will find another.`;
  const rows = windows.map((w) => ({
    when: formatWindow(w.startsAt, w.endsAt),
    url: visitUrl(context.siteUrl, w.token),
  }));
  const text = [
    greeting,
    ``,
    intro,
    ``,
    ...rows.flatMap((row) => [row.when, `Confirm this time: ${row.url}`, ``]),
    expiry,
    calling,
    ``,
    profile.name,
  ];
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">Choose a time for your site visit</h1>
    <p>${greeting}</p>
    <p>${intro}</p>
    ${rows.map(
      (row) =>
        html`<p style="margin:16px 0 0;font-weight:600">${row.when}</p>
          ${buttonHtml(row.url, "Choose this time")}`,
    )}
    <p>${expiry}</p>
    <p>${calling}</p>
    <p>${profile.name}</p>`;
  return visitMails("visit-proposal", lead, context).toHomeowner(written(subject, text, body, facts));
}

export function visitUid(visitId: string, siteUrl: string): string {
  return `visit-${visitId}@${new URL(siteUrl).hostname}`;
}

function calendarAttachment(
  method: CalendarMethod,
  lead: VisitLead,
  visit: BookedVisit,
  context: MailContext,
  now: Date,
  facts: BusinessFacts,
) {
  const { street, locality } = facts.address;
  const name = greetingName(lead.name);
  const content = calendarFile({
    method,
    uid: visitUid(visit.id, context.siteUrl),
    sequence: visit.sequence,
    stamp: now,
    startsAt: visit.startsAt,
    endsAt: visit.endsAt,
    summary: `Site visit - ${profile.shortName}`,
    description: `${profile.name} visits to see the project and prepare your estimate. To change the time, call ${displayPhone(facts.phone)}.`,
    location: lead.address || `${street}, ${locality}`,
    organizer: { name: profile.name, email: parseMailbox(context.leadsTo).address },
    attendee: { name, email: lead.email },
  });
  return [{ content, fileName: "invite.ics", contentType: calendarContentType(method) }];
}

/** To the homeowner and to the owner: the confirmed time, with the invitation for their calendars. */
export function invitationEmails(lead: VisitLead, visit: BookedVisit, context: MailContext, now: Date): OutgoingMail[] {
  const facts = currentFacts();
  const when = formatWindow(visit.startsAt, visit.endsAt);
  const attachment = calendarAttachment("REQUEST", lead, visit, context, now, facts);
  const { greeting } = homeowner(lead);

  const subject = `Your site visit is booked: ${when} - ${profile.shortName}`;
  const confirmed = `Thank you: we will see you ${when} (${ZONE_NAME}). The invitation attached adds the visit to your calendar.`;
  const change = `To change or cancel the visit, reply to this email or call us at ${displayPhone(facts.phone)}.`;
  const mails = visitMails("visit-invitation", lead, context);
  const toHomeowner = mails.toHomeowner(
    written(
      subject,
      [greeting, ``, confirmed, ``, change, ``, profile.name],
      html`<h1 style="font-size:20px;margin:0 0 16px">Your site visit is booked</h1>
        <p>${greeting}</p>
        <p>${confirmed}</p>
        <p>${change}</p>
        <p>${profile.name}</p>`,
      facts,
    ),
    attachment,
  );

  const deskUrl = `${context.siteUrl}/owner/leads/${lead.id}`;
  const ownerSubject = `Visit booked: ${lead.name}, ${when}`;
  const ownerText = `${lead.name} confirmed the site visit ${when} (${ZONE_NAME}), at ${lead.address || "an address not given"}.`;
  const toOwner = mails.toOwner(
    visit.ownerEmail,
    written(
      ownerSubject,
      [ownerText, ``, `The lead on the desk: ${deskUrl}`],
      html`<h1 style="font-size:20px;margin:0 0 16px">Visit booked</h1>
        <p>${ownerText}</p>
        ${buttonHtml(deskUrl, "Open on the desk")}`,
      facts,
    ),
    attachment,
  );
  return [toHomeowner, toOwner];
}

/** Why a visit ends: the owner called it off, proposed other times, or deleted the lead. */
export type CancellationReason = "cancelled" | "replaced" | "deleted";

function nextStep(reason: CancellationReason, facts: BusinessFacts): string {
  const phone = displayPhone(facts.phone);
  const steps: Record<CancellationReason, string> = {
    replaced: `We will send you new times to choose from in a separate email.`,
    cancelled: `We will be in touch to arrange another time; you can also reply to this email or call us at ${phone}.`,
    deleted: `If you would still like us to come by, reply to this email or call us at ${phone}.`,
  };
  return steps[reason];
}

const OWNER_NOTE: Record<CancellationReason, string> = {
  replaced: "; new times were proposed",
  cancelled: "",
  deleted: ": the lead was deleted",
};

/**
 * When a visit is called off, replaced, or its lead deleted. A booked visit's cancellation carries
 * the calendar file that removes it (same UID, higher SEQUENCE), to both sides; times only offered
 * are withdrawn with a line to the homeowner.
 */
export function cancellationEmails(
  lead: VisitLead,
  visit: { id: string; sequence: number; ownerEmail: string; booked: { startsAt: Date; endsAt: Date } | null },
  reason: CancellationReason,
  context: MailContext,
  now: Date,
): OutgoingMail[] {
  const facts = currentFacts();
  const { greeting } = homeowner(lead);
  const mails = visitMails("visit-cancellation", lead, context);
  const next = nextStep(reason, facts);
  if (!visit.booked) {
    const subject = `The visit times we offered are withdrawn - ${profile.shortName}`;
    const line = `The times we offered for a site visit are no longer available, and their links no longer work.`;
    return [
      mails.toHomeowner(
        written(
          subject,
          [greeting, ``, line, next, ``, profile.name],
          html`<h1 style="font-size:20px;margin:0 0 16px">Visit times withdrawn</h1>
            <p>${greeting}</p>
            <p>${line} ${next}</p>
            <p>${profile.name}</p>`,
          facts,
        ),
      ),
    ];
  }
  const booked: BookedVisit = { id: visit.id, sequence: visit.sequence, ownerEmail: visit.ownerEmail, ...visit.booked };
  const when = formatWindow(booked.startsAt, booked.endsAt);
  const attachment = calendarAttachment("CANCEL", lead, booked, context, now, facts);
  const subject = `Site visit cancelled: ${when} - ${profile.shortName}`;
  const line = `We have cancelled the site visit of ${when} (${ZONE_NAME}). The attachment removes it from your calendar.`;
  const ownerSubject = `Visit cancelled: ${lead.name}, ${when}`;
  const ownerLine = `The site visit with ${lead.name} of ${when} is cancelled${OWNER_NOTE[reason]}.`;
  return [
    mails.toHomeowner(
      written(
        subject,
        [greeting, ``, line, next, ``, profile.name],
        html`<h1 style="font-size:20px;margin:0 0 16px">Site visit cancelled</h1>
          <p>${greeting}</p>
          <p>${line}</p>
          <p>${next}</p>
          <p>${profile.name}</p>`,
        facts,
      ),
      attachment,
    ),
    mails.toOwner(booked.ownerEmail, written(ownerSubject, [ownerLine], html`<p>${ownerLine}</p>`, facts), attachment),
  ];
}
