import { describe, expect, it } from "vitest";
import { welcomeEmail } from "~/leads/newsletter-emails.server";
import { reviewRequestEmail } from "~/reviews/review-email.server";
import { randomToken } from "./link-token.server";
import { parseMailPayload, SENT_LINK_PLACEHOLDER, withoutLinkTokens } from "./outbox.server";

const SITE = "https://site.causeway.test";

describe("a sent message's stored copy", () => {
  it("keeps no token of a link in its text, HTML or headers, and still reads as it was sent", () => {
    const token = randomToken();
    const review = reviewRequestEmail({ leadId: "l1", name: "Dana", email: "dana@example.com", token, siteUrl: SITE });
    const welcome = welcomeEmail("sam@example.com", token, SITE, "owner@causeway.test");
    for (const mail of [review, welcome]) {
      const sent = JSON.stringify({ text: mail.text, html: mail.html, headers: mail.headers });
      expect(sent).toContain(token);
      const kept = withoutLinkTokens(sent);
      expect(kept).not.toContain(token);
      const payload = parseMailPayload(kept);
      expect(payload.text).toContain(SENT_LINK_PLACEHOLDER);
      expect(payload.text.replaceAll(SENT_LINK_PLACEHOLDER, token)).toBe(mail.text);
    }
    expect(withoutLinkTokens(JSON.stringify({ text: "", html: `<a href="/x?a=1&amp;token=${token}">` }))).toBe(
      JSON.stringify({ text: "", html: `<a href="/x?a=1&amp;token=${SENT_LINK_PLACEHOLDER}">` }),
    );
  });
});
