/**
 * Home watch's emails: the plan to the homeowner (its PDF attached, the link to accept it), and
 * after acceptance the signed plan to both sides. Replies go to LEADS_TO. The link is a
 * credential, in these emails and nowhere else; the access notes are in none of them.
 */
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { addressee, businessMail as mail, type Recipient } from "~/infra/business-mail.server";
import type { MailDocumentRef, OutgoingMail } from "~/infra/outbox.server";
import type { MailContext } from "~/settings/env.server";
import { dayText } from "~/paperwork/document";
import { formatCents } from "~/paperwork/money";
import { dayOf } from "~/time/business-time";

export interface WatchHomeowner extends Recipient {
  leadId: string;
}

export const watchUrl = (siteUrl: string, token: string) => `${siteUrl}/watch/${encodeURIComponent(token)}`;

export function planSentEmail(
  homeowner: WatchHomeowner,
  token: string,
  firstVisit: string,
  pdf: MailDocumentRef,
  context: MailContext,
): OutgoingMail {
  const { to, greeting } = addressee(homeowner);
  return mail(
    "watch-plan-sent",
    to,
    `Your home watch plan from ${profile.shortName}`,
    [
      `${greeting}\n\nHere is your home watch plan for the season, attached as a PDF: the visits, what each one covers, the price and how to end it. You can read it and accept it online at the link below. The first visit would be on ${dayText(firstVisit)}.`,
      "Opening the link changes nothing: you accept only by signing on the page. Send us the lockbox and alarm codes by phone, not by email. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    currentFacts(),
    { link: { href: watchUrl(context.siteUrl, token), label: "Read and accept your plan" }, documents: [pdf] },
  );
}

/** To the homeowner and each owner: the plan as accepted, and the signed copy with its record. */
export function planAcceptedEmails(
  homeowner: WatchHomeowner,
  token: string,
  owners: readonly string[],
  documents: { accepted: MailDocumentRef; signed: MailDocumentRef },
  firstVisit: string,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const attached = [documents.accepted, documents.signed];
  const first = dayText(firstVisit);
  return [
    mail(
      "watch-plan-accepted",
      to,
      `Your signed home watch plan with ${profile.shortName}`,
      [
        `${greeting}\n\nThank you: your house is on our list, and the first visit is on ${first}. Two PDFs are attached: ${documents.accepted.fileName} is the plan you accepted, and ${documents.signed.fileName} is the same plan signed by both of us, with the record of your acceptance on its last page. Keep both.`,
        "Your plan's page, at the link above, shows the next visit and every report. After each visit we email you its report.",
      ],
      context,
      homeowner.leadId,
      facts,
      { link: { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" }, documents: attached },
    ),
    ...owners.map((owner) =>
      mail(
        "watch-plan-accepted",
        owner,
        `Home watch plan accepted: ${homeowner.name}`,
        [`${homeowner.name} accepted the home watch plan. The first visit is on ${first}. Both PDFs are attached.`],
        context,
        homeowner.leadId,
        facts,
        { link: { href: `${context.siteUrl}/owner/watch`, label: "Open the plans" }, documents: attached },
      ),
    ),
  ];
}

/** What a report's emails say of it. */
export interface ReportMailView {
  day: string;
  arrived: string;
  left: string;
  summary: string;
  issues: number;
  lines: { label: string; result: string; issue: boolean; note: string; next: string | null }[];
}

/**
 * A finished visit's report: its first line says whether anything was found; the homeowner's
 * letter links to the report's page, each owner's copy to the visit on the desk.
 */
export function reportEmails(
  homeowner: WatchHomeowner,
  owners: readonly string[],
  report: ReportMailView,
  reportHref: string,
  deskHref: string,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const found =
    report.issues === 0 ? "all clear" : report.issues === 1 ? "1 issue found" : `${report.issues} issues found`;
  const subject = `Home watch report for ${report.day}: ${found}`;
  const issues = report.lines
    .filter((l) => l.issue)
    .map((l) => `${l.label}: ${l.note}${l.next ? ` Next: ${l.next}.` : ""}`);
  const body = [
    report.summary,
    `${greeting}\n\nWe were at the house from ${report.arrived} to ${report.left}. ${report.issues === 0 ? "Every item we checked was fine." : issues.join("\n")}`,
    "The report at the link lists every item we checked, with our notes. Questions? Reply to this email or call us.",
  ];
  return [
    mail("watch-report", to, subject, body, context, homeowner.leadId, facts, {
      link: { href: reportHref, label: "Read the report" },
    }),
    ...owners.map((owner) =>
      mail(
        "watch-report",
        owner,
        `Report sent to ${homeowner.name}: ${found}`,
        [report.summary, ...(issues.length > 0 ? [issues.join("\n")] : [])],
        context,
        homeowner.leadId,
        facts,
        { link: { href: deskHref, label: "Open the visit" } },
      ),
    ),
  ];
}

/** A storm check called: the house will be checked by the time given, and the report follows. */
export function stormCheckEmail(
  homeowner: WatchHomeowner,
  address: string,
  dueBy: string,
  token: string | undefined,
  context: MailContext,
): OutgoingMail {
  const { to, greeting } = addressee(homeowner);
  return mail(
    "watch-storm-check",
    to,
    `Storm check: we will check your house by ${dueBy}`,
    [
      `${greeting}\n\nAfter the storm, we will check your house at ${address} by ${dueBy}: the roof line, siding, windows, decks and stairs, and inside for water. Its report comes to you by email as soon as the check is done.`,
      "A storm check is billed as your plan says. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    currentFacts(),
    token ? { link: { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" } } : {},
  );
}

/** The month's invoice, its PDF attached: what it is for, when it is due and how to pay. */
export function watchInvoiceEmail(
  homeowner: WatchHomeowner,
  invoice: { number: string; label: string; amountCents: number; dueDay: string },
  howToPay: readonly string[],
  pdf: MailDocumentRef,
  token: string | undefined,
  context: MailContext,
): OutgoingMail {
  const { to, greeting } = addressee(homeowner);
  return mail(
    "watch-invoice",
    to,
    `Invoice ${invoice.number}: ${invoice.label}, ${formatCents(invoice.amountCents)}`.slice(0, 150),
    [
      `${greeting}\n\nHere is invoice ${invoice.number} for ${formatCents(invoice.amountCents)}: ${invoice.label}. It is due by ${dayText(invoice.dueDay)}, and each visit's report is on your plan's page.`,
      `It is attached as ${pdf.fileName}. How to pay:\n${howToPay.join("\n")}`,
      "Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    currentFacts(),
    {
      documents: [pdf],
      ...(token ? { link: { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" } } : {}),
    },
  );
}

/** A payment received on the plan's invoices: its receipt attached, and what is still owed. */
export function watchReceiptEmail(
  homeowner: WatchHomeowner,
  payment: { amountCents: number; receivedDay: string; owedCents: number },
  pdf: MailDocumentRef,
  token: string | undefined,
  context: MailContext,
): OutgoingMail {
  const { to, greeting } = addressee(homeowner);
  const owed =
    payment.owedCents > 0
      ? `${formatCents(payment.owedCents)} is still owed on your plan's invoices.`
      : "Every invoice of your plan is paid.";
  return mail(
    "payment-receipt",
    to,
    `Receipt: ${formatCents(payment.amountCents)} received, thank you`,
    [
      `${greeting}\n\nWe received your payment of ${formatCents(payment.amountCents)} on ${dayText(payment.receivedDay)} for home watch. Thank you. ${owed}`,
      `Your receipt is attached as ${pdf.fileName}.`,
    ],
    context,
    homeowner.leadId,
    currentFacts(),
    {
      documents: [pdf],
      ...(token ? { link: { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" } } : {}),
    },
  );
}

/** The one reminder of an invoice unpaid 7 business days after its due date. */
export function watchInvoiceReminderEmail(
  homeowner: WatchHomeowner,
  invoice: { number: string; label: string; dueDay: string; unpaidCents: number },
  howToPay: readonly string[],
  pdf: MailDocumentRef | null,
  token: string | undefined,
  context: MailContext,
): OutgoingMail {
  const { to, greeting } = addressee(homeowner);
  return mail(
    "invoice-reminder",
    to,
    `Reminder: invoice ${invoice.number} is unpaid`,
    [
      `${greeting}\n\nA reminder that invoice ${invoice.number} (${invoice.label}) was due on ${dayText(invoice.dueDay)}, and ${formatCents(invoice.unpaidCents)} of it is unpaid. If you have already paid, thank you, and please let us know so we can match it.`,
      `How to pay:\n${howToPay.join("\n")}`,
      "This is the only reminder we send. Questions? Reply to this email or call us.",
    ],
    context,
    homeowner.leadId,
    currentFacts(),
    {
      documents: pdf ? [pdf] : [],
      ...(token ? { link: { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" } } : {}),
    },
  );
}

/** The homeowner ended the plan on its page: a confirmation to them, a note to each owner. */
export function planEndedEmails(
  homeowner: WatchHomeowner,
  token: string,
  owners: readonly string[],
  deskHref: string,
  now: Date,
  context: MailContext,
): OutgoingMail[] {
  const facts = currentFacts();
  const { to, greeting } = addressee(homeowner);
  const link = { href: watchUrl(context.siteUrl, token), label: "Your home watch plan" };
  return [
    mail(
      "watch-plan-ended",
      to,
      `Your home watch plan has ended`,
      [
        `${greeting}\n\nAs you asked on your plan's page, your home watch plan ended today. No more visits are made, and the lockbox and alarm codes we held are deleted: please change them if you wish.`,
        "You pay only for the visits already made; any not yet invoiced come on one last invoice at the end of the month. Your plan's page keeps every report and invoice. Thank you for trusting us with your house.",
      ],
      context,
      homeowner.leadId,
      facts,
      { link },
    ),
    ...owners.map((owner) =>
      mail(
        "watch-plan-ended",
        owner,
        `Home watch plan ended by ${homeowner.name}`,
        [
          `${homeowner.name} ended their home watch plan on its page on ${dayText(dayOf(now))}. The visits ahead are cancelled and the access notes deleted; the visits made are billed at the month's end.`,
        ],
        context,
        homeowner.leadId,
        facts,
        { link: { href: deskHref, label: "Open the plan" } },
      ),
    ),
  ];
}
