/** The email that reminds the owners of a lead still New after the set business hours. */
import { hoursRows, weekOn, type BusinessFacts } from "~/content/business-facts";
import { currentFacts } from "~/facts/facts-source.server";
import { buttonHtml, emailDocument, html, parseMailbox } from "~/infra/mail-format.server";
import type { OutgoingMail } from "~/infra/outbox.server";
import { reminderAlert, type LeadForAlert } from "~/leads/record/alert-text";
import { leadPath } from "~/owner/paths";
import { dayOf, formatDateTimeWithZone, ZONE_NAME } from "~/time/business-time";

/**
 * "Monday - Friday 9am - 5pm": the week in force on `day` as the site shows it, the days without
 * hours left out.
 */
function openingHours(facts: Pick<BusinessFacts, "hours" | "specialHours">, day: string): string {
  return hoursRows(weekOn(facts, day))
    .filter((row) => /\d/.test(row.value))
    .map((row) => `${row.label} ${row.value}`)
    .join(", ");
}

export function reminderEmail(
  lead: LeadForAlert & { createdAt: Date },
  options: { to: string; siteUrl: string; afterHours: number; now?: Date },
): OutgoingMail {
  const alert = reminderAlert(lead, options.afterHours);
  const deskUrl = `${options.siteUrl}${leadPath(lead.id)}`;
  const [details = "", words = ""] = alert.body.split("\n");
  const received = `Received ${formatDateTimeWithZone(lead.createdAt)}.`;
  const text = `${alert.title}\n\n${details}\n${words}\n\n${received}\n\nOpen it on the desk: ${deskUrl}\n`;
  const body = html`<h1 style="font-size:20px;margin:0 0 12px">${alert.title}</h1>
    <p>${details}</p>
    <p style="color:#334155">${words}</p>
    <p>${received}</p>
    ${buttonHtml(deskUrl, "Open on the desk")}`;
  const hours = openingHours(currentFacts(), dayOf(options.now ?? new Date()));
  const footer = html`One reminder per lead, once it has waited ${options.afterHours} business hours (${hours},
  ${ZONE_NAME}) without being marked contacted.`;
  return {
    kind: "lead-reminder",
    leadId: lead.id,
    to: parseMailbox(options.to),
    subject: alert.title,
    text,
    html: emailDocument(alert.title, body, footer),
  };
}
