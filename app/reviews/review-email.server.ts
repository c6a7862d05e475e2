/**
 * The email asking a homeowner for a review. Every customer whose job was won gets the same words,
 * whatever the job was like; it offers nothing in return, asks for an honest account of the work,
 * and says the review is published as written. It carries the newsletter's one-click unsubscribe
 * (RFC 8058), which here means "never ask me again".
 */
import { displayPhone } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { currentFacts } from "~/facts/facts-source.server";
import { buttonHtml, emailDocument, greetingName, html } from "~/infra/mail-format.server";
import type { OutgoingMail } from "~/infra/outbox.server";
import { REVIEW_LINK_DAYS } from "./review-rules";

export function reviewUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/review/${encodeURIComponent(token)}`;
}

/** The person's own page to say "no more"; the header's address takes the one-click POST. */
export function reviewUnsubscribeUrl(siteUrl: string, token: string): string {
  return `${reviewUrl(siteUrl, token)}?unsubscribe`;
}

export interface ReviewRequestMail {
  leadId: string;
  name: string;
  email: string;
  token: string;
  siteUrl: string;
}

export function reviewRequestEmail({ leadId, name, email, token, siteUrl }: ReviewRequestMail): OutgoingMail {
  const link = reviewUrl(siteUrl, token);
  const stop = reviewUnsubscribeUrl(siteUrl, token);
  const first = greetingName(name);
  const hello = first ? `Hello ${first},` : "Hello,";
  const subject = `How did we do? Your review of ${profile.shortName}`;
  const ask = `Thank you for choosing ${profile.name}. We ask every customer the same question once a job is done: how did the work go? Good or bad, please tell other homeowners in your own words.`;
  const rules = `Your review is published on our website as you write it, whatever the rating. We offer nothing in return for a review, and nothing depends on what it says.`;
  const expiry = `The link is yours alone and works once, for ${REVIEW_LINK_DAYS} days.`;
  const facts = currentFacts();
  const foot = `${profile.legalName} · ${facts.address.locality}, ${profile.region} · ${displayPhone(facts.phone)}`;
  return {
    kind: "review-request",
    to: email,
    subject,
    leadId,
    headers: {
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: `${hello}\n\n${ask}\n\nWrite your review:\n${link}\n\n${rules} ${expiry}\n\nDon't want to be asked for reviews? Unsubscribe:\n${stop}\n\n--\n${foot}\n`,
    html: emailDocument(
      subject,
      html`<p>${hello}</p>
        <p>${ask}</p>
        ${buttonHtml(link, "Write my review")}
        <p style="font-size:14px;color:#475569">${rules} ${expiry}</p>
        <p style="font-size:14px;color:#475569">
          Don't want to be asked for reviews? <a href="${stop}">Unsubscribe</a>.
        </p>`,
      html`${foot}`,
    ),
  };
}
