/** The newsletter's emails: the double opt-in confirmation and the welcome that follows it. */
import { displayPhone, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { buttonHtml, emailDocument, html, parseMailbox } from "~/infra/mail-format.server";
import type { OutgoingMail } from "~/infra/outbox.server";

export const CONFIRM_TOKEN_VALID_DAYS = 7;

export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

function footer(facts: BusinessFacts) {
  const line = `${profile.legalName} · ${facts.address.locality}, ${profile.region} · ${displayPhone(facts.phone)}`;
  return { text: line, html: html`${line}` };
}

export function confirmationEmail(email: string, token: string, siteUrl: string): OutgoingMail {
  const link = confirmUrl(siteUrl, token);
  const subject = `Please confirm your subscription - ${profile.shortName}`;
  const ask = `Please confirm that you want to receive the ${profile.name} newsletter: seasonal maintenance tips for Long Beach Island homes, a few times a year.`;
  const ignore = `If you did not sign up, ignore this email and you will not hear from us again. The link works for ${CONFIRM_TOKEN_VALID_DAYS} days.`;
  const foot = footer(currentFacts());
  return {
    kind: "newsletter-confirm",
    to: email,
    subject,
    text: `${ask}\n\nConfirm your subscription:\n${link}\n\n${ignore}\n\n--\n${foot.text}\n`,
    html: emailDocument(
      subject,
      html`<h1 style="font-size:20px;margin:0 0 16px">Confirm your subscription</h1>
        <p>${ask}</p>
        ${buttonHtml(link, "Confirm my subscription")}
        <p style="font-size:14px;color:#475569">Or open this address: <a href="${link}">${link}</a></p>
        <p style="font-size:14px;color:#475569">${ignore}</p>`,
      foot.html,
    ),
  };
}

export function welcomeEmail(email: string, unsubscribeToken: string, siteUrl: string, leadsTo: string): OutgoingMail {
  const facts = currentFacts();
  const phone = displayPhone(facts.phone);
  const link = unsubscribeUrl(siteUrl, unsubscribeToken);
  const mailto = `mailto:${parseMailbox(leadsTo).address}?subject=unsubscribe`;
  const subject = `You're subscribed to the ${profile.shortName} newsletter`;
  const thanks = `Thank you for confirming. You will receive seasonal maintenance tips for your Long Beach Island home from ${profile.name}, a few times a year.`;
  const estimate = `Need something fixed before then? Request a free estimate at ${siteUrl}/estimate or call ${phone}.`;
  const foot = footer(facts);
  return {
    kind: "newsletter-welcome",
    to: email,
    subject,
    // RFC 8058: mail clients show an unsubscribe button and POST "List-Unsubscribe=One-Click" to the https address.
    headers: {
      "List-Unsubscribe": `<${link}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: `${thanks}\n\n${estimate}\n\nTo unsubscribe at any time:\n${link}\n\n--\n${foot.text}\n`,
    html: emailDocument(
      subject,
      html`<h1 style="font-size:20px;margin:0 0 16px">You're subscribed</h1>
        <p>${thanks}</p>
        <p>
          Need something fixed before then? <a href="${siteUrl}/estimate">Request a free estimate</a> or call
          <a href="tel:${facts.phone}">${phone}</a>.
        </p>
        <p style="font-size:14px;color:#475569">
          Don't want these emails? <a href="${link}">Unsubscribe</a> at any time.
        </p>`,
      foot.html,
    ),
  };
}
