/**
 * The job's emails to the homeowner. Each says what changed in its first line and carries a link
 * to the job's page: a new link each time (the database keeps only links' hashes), every one of
 * them opening the same page for as long as the job lasts.
 */
import { profile } from "~/content/profile";
import { addressee, businessMail, type BusinessMailContext, type Recipient } from "~/infra/business-mail.server";
import type { MailDocumentRef, OutgoingMail } from "~/infra/outbox.server";
import { dayLabel } from "./job-rules";

export interface JobHomeowner extends Recipient {
  leadId: string;
}

export const jobUrl = (siteUrl: string, token: string) => `${siteUrl}/job/${encodeURIComponent(token)}`;

const pageLink = (context: BusinessMailContext, token: string) => ({
  href: jobUrl(context.siteUrl, token),
  label: "Your job's page",
});

const dayOrOpen = (day: string | null) => (day ? dayLabel(day) : "a day we will confirm");

export function datesChangedEmail(
  homeowner: JobHomeowner,
  job: { title: string; start_day: string | null; completion_day: string | null },
  reason: string,
  token: string,
  context: BusinessMailContext,
): OutgoingMail {
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
    { link: pageLink(context, token) },
  );
}

export function completedEmail(
  homeowner: JobHomeowner,
  job: { title: string },
  completedDay: string,
  warranty: { text: string; runsTo: string | undefined; document: MailDocumentRef },
  token: string,
  context: BusinessMailContext,
): OutgoingMail {
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
    { link: pageLink(context, token), documents: [warranty.document] },
  );
}

/** Small work begun without a quote: the homeowner still gets the job's page. */
export function jobScheduledEmail(
  homeowner: JobHomeowner,
  job: { title: string; start_day: string | null; completion_day: string | null; total: string },
  token: string,
  context: BusinessMailContext,
): OutgoingMail {
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
    { link: pageLink(context, token) },
  );
}
