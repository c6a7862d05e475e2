/**
 * The job's emails to the homeowner. Each says what changed in its first line and carries the
 * job's one link to its page (`job-link.server.ts`), the same in every email until the owner sends
 * a new one in its place.
 */
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { addressee, businessMail, type Recipient } from "~/infra/business-mail.server";
import type { MailDocumentRef, OutgoingMail } from "~/infra/outbox.server";
import { dayLabel } from "./job-rules";
import type { MailContext } from "~/settings/env.server";

export interface JobHomeowner extends Recipient {
  leadId: string;
}

export const jobUrl = (siteUrl: string, token: string) => `${siteUrl}/job/${encodeURIComponent(token)}`;

/** The link every email about the job carries, to its page. */
export const pageLink = (context: MailContext, token: string) => ({
  href: jobUrl(context.siteUrl, token),
  label: "Your job's page",
});

const dayOrOpen = (day: string | null) => (day ? dayLabel(day) : "a day we will confirm");

export function datesChangedEmail(
  homeowner: JobHomeowner,
  job: { title: string; start_day: string | null; completion_day: string | null },
  reason: string,
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "job-dates",
    to,
    `New dates for your job: ${job.title}`.slice(0, 150),
    [
      `${greeting}\n\nYour job's dates have changed: we now start on ${dayOrOpen(job.start_day)} and complete the work by ${dayOrOpen(job.completion_day)}.`,
      `Why: ${reason}`,
      "Your job's page always shows the dates as they stand. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token) },
  );
}

export function completedEmail(
  homeowner: JobHomeowner,
  job: { title: string },
  completedDay: string,
  warranty: { text: string; runsTo: string | undefined; document: MailDocumentRef },
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const runs = warranty.runsTo ? `It covers the work until ${dayLabel(warranty.runsTo)}.` : "It runs as its words say.";
  return businessMail(
    "job-completed",
    to,
    `Your job is complete: ${job.title}`.slice(0, 150),
    [
      `${greeting}\n\nYour job is complete: we finished the work on ${dayLabel(completedDay)}. Thank you for choosing ${profile.shortName}.`,
      `Our written warranty is attached as ${warranty.document.fileName}. ${runs}\n\n${warranty.text}`,
      "If anything about the work is not right, reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token), documents: [warranty.document] },
  );
}

/**
 * 'Send the homeowner a new link': the link of every earlier email is ended (forwarded, or shared by
 * mistake), and this one opens the job's page from now on.
 */
export function newLinkEmail(
  homeowner: JobHomeowner,
  job: { title: string },
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "job-new-link",
    to,
    `A new link to your job's page: ${job.title}`.slice(0, 150),
    [
      `${greeting}\n\nHere is a new link to your job's page. The link in our earlier emails no longer opens it, so nobody it was passed on to can see your job.`,
      "Keep this email: every email about your job from now on carries this same link. If you did not expect it, reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token) },
  );
}

/** Small work begun without a quote: the homeowner still gets the job's page. */
export function jobScheduledEmail(
  homeowner: JobHomeowner,
  job: { title: string; start_day: string | null; completion_day: string | null; total: string },
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "job-scheduled",
    to,
    `Your job is scheduled: ${job.title}`.slice(0, 150),
    [
      `${greeting}\n\nYour job is scheduled: ${job.title}, for ${job.total}, starting on ${dayOrOpen(job.start_day)} and complete by ${dayOrOpen(job.completion_day)}.`,
      "Your job's page shows its dates and its progress as the work goes on. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token) },
  );
}

export function changeOrderSentEmail(
  homeowner: JobHomeowner,
  order: { number: number; reason: string; amount: string; jobTitle: string },
  pdf: MailDocumentRef,
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "change-order-sent",
    to,
    `Change order ${order.number} for your job: ${order.jobTitle}`.slice(0, 150),
    [
      `${greeting}\n\nWe propose change order ${order.number} to your contract (${order.amount}): ${order.reason}`,
      `It is attached as ${pdf.fileName}. Nothing changes until you sign it: read it, then accept or decline it on your job's page.`,
      "Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token), documents: [pdf] },
  );
}

/** After the homeowner signs, to them and each owner: the change order as sent, and the signed copy. */
export function changeOrderAcceptedEmails(
  homeowner: JobHomeowner,
  owners: readonly string[],
  order: { number: number; jobTitle: string; total: string },
  documents: { sent: MailDocumentRef; signed: MailDocumentRef },
  token: string,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const attached = [documents.sent, documents.signed];
  return [
    businessMail(
      "change-order-accepted",
      to,
      `You signed change order ${order.number}: ${order.jobTitle}`.slice(0, 150),
      [
        `${greeting}\n\nYou signed change order ${order.number}; your contract total is now ${order.total}.`,
        `${documents.sent.fileName} is the change order you signed, and ${documents.signed.fileName} the same signed by both of us, with the record of your signature on its last page. That record names the SHA-256 fingerprint of ${documents.sent.fileName}. Keep both.`,
      ],
      context,
      homeowner.leadId,
      facts,
      { link: pageLink(context, token), documents: attached },
    ),
    ...owners.map((owner) =>
      businessMail(
        "change-order-accepted",
        owner,
        `Change order ${order.number} signed: ${homeowner.name}`.slice(0, 150),
        [`${homeowner.name} signed change order ${order.number}. The contract total is now ${order.total}.`],
        context,
        homeowner.leadId,
        facts,
        { documents: attached },
      ),
    ),
  ];
}

/** To each owner: the homeowner declined; the contract stands as it was. */
export function changeOrderDeclinedEmails(
  homeowner: JobHomeowner,
  owners: readonly string[],
  order: { number: number; jobTitle: string },
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  return owners.map((owner) =>
    businessMail(
      "change-order-declined",
      owner,
      `Change order ${order.number} declined: ${homeowner.name}`.slice(0, 150),
      [
        `${homeowner.name} declined change order ${order.number} for ${order.jobTitle}. The contract stands as it was; the work it described is not part of the job.`,
      ],
      context,
      homeowner.leadId,
      facts,
    ),
  );
}
