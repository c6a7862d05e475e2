/**
 * The homeowner's money emails: an invoice with its PDF, a receipt for each payment, and the one
 * reminder of an unpaid invoice. Each carries a new link to the job's page, where every invoice,
 * payment and the balance stand, and 'Pay online' when the owner has set a payment link.
 */
import { currentFacts } from "~/facts/facts-source.server";
import { addressee, businessMail } from "~/infra/business-mail.server";
import type { MailDocumentRef, OutgoingMail } from "~/infra/outbox.server";
import { pageLink, type JobHomeowner } from "~/jobs/job-emails.server";
import { dayLabel } from "~/jobs/job-rules";
import { formatCents } from "~/paperwork/money";
import { howToPayLines, type WaysToPay } from "./ways-to-pay";
import type { MailContext } from "~/settings/env.server";

export interface InvoiceMailFacts {
  number: string;
  label: string;
  amountCents: number;
  dueDay: string;
  dueDays: number;
  jobTitle: string;
  /** Of its amount, what payments already received cover. */
  paidOnItCents?: number;
}

function dueText(invoice: InvoiceMailFacts): string {
  const paid = invoice.paidOnItCents ?? 0;
  if (paid >= invoice.amountCents) return "It is already paid by what we received: thank you.";
  const when = invoice.dueDays > 0 ? `by ${dayLabel(invoice.dueDay)}` : "on receipt";
  return paid > 0
    ? `We already received ${formatCents(paid)} of it; ${formatCents(invoice.amountCents - paid)} is due ${when}.`
    : `It is due ${when}.`;
}

export function invoiceEmail(
  homeowner: JobHomeowner,
  invoice: InvoiceMailFacts,
  ways: WaysToPay,
  pdf: MailDocumentRef,
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "invoice-sent",
    to,
    `Invoice ${invoice.number}: ${invoice.label}, ${formatCents(invoice.amountCents)}`.slice(0, 150),
    [
      `${greeting}\n\nHere is invoice ${invoice.number} for ${formatCents(invoice.amountCents)}: ${invoice.label}, for ${invoice.jobTitle}. ${dueText(invoice)}`,
      `It is attached as ${pdf.fileName}. How to pay:\n${howToPayLines(ways).join("\n")}`,
      "Your job's page lists every invoice and payment, and the balance. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token), documents: [pdf] },
  );
}

export function receiptEmail(
  homeowner: JobHomeowner,
  payment: { amountCents: number; receivedDay: string; jobTitle: string; balanceCents: number },
  pdf: MailDocumentRef,
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const balance =
    payment.balanceCents > 0
      ? `The balance of your contract is now ${formatCents(payment.balanceCents)}.`
      : "Your contract is paid in full.";
  return businessMail(
    "payment-receipt",
    to,
    `Receipt: ${formatCents(payment.amountCents)} received, thank you`.slice(0, 150),
    [
      `${greeting}\n\nWe received your payment of ${formatCents(payment.amountCents)} on ${dayLabel(payment.receivedDay)} for ${payment.jobTitle}. Thank you. ${balance}`,
      `Your receipt is attached as ${pdf.fileName}.`,
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token), documents: [pdf] },
  );
}

export function invoiceReminderEmail(
  homeowner: JobHomeowner,
  invoice: InvoiceMailFacts & { unpaidCents: number },
  ways: WaysToPay,
  pdf: MailDocumentRef | null,
  token: string,
  context: MailContext,
): OutgoingMail {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  return businessMail(
    "invoice-reminder",
    to,
    `Reminder: invoice ${invoice.number} is unpaid`.slice(0, 150),
    [
      `${greeting}\n\nA reminder that invoice ${invoice.number} (${invoice.label}, for ${invoice.jobTitle}) was due on ${dayLabel(invoice.dueDay)}, and ${formatCents(invoice.unpaidCents)} of it is unpaid. If you have already paid, thank you, and please let us know so we can match it.`,
      `How to pay:\n${howToPayLines(ways).join("\n")}`,
      "This is the only reminder we send. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    facts,
    { link: pageLink(context, token), documents: pdf ? [pdf] : [] },
  );
}
