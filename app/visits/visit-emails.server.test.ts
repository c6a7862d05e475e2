import { describe, expect, it } from "vitest";
import { cancellationEmails, invitationEmails, proposalEmail, visitUid } from "./visit-emails.server";
import { instantOf } from "~/time/business-time";

const lead = {
  id: "0b7e1c52-4b1d-4f57-9d0e-8a1a4e7e2f10",
  name: "Dana <b>Visit</b> http://spam.example",
  email: "dana@example.com",
  address: "12 Dune Lane, Surf City",
};
const context = { siteUrl: "https://site.causeway.test", leadsTo: "Causeway <owner@causeway.test>" };
const startsAt = instantOf(2026, 12, 2, 9);
const endsAt = instantOf(2026, 12, 2, 11);
const booked = { id: "v1", startsAt, endsAt, sequence: 0, ownerEmail: "pat@causeway.test" };

describe("visit emails", () => {
  it("to the homeowner repeat nothing typed but a first name, in text and HTML", () => {
    const toHomeowner = [
      proposalEmail(lead, [{ startsAt, endsAt, token: "t".repeat(43) }], context),
      invitationEmails(lead, booked, context, new Date())[0],
      ...cancellationEmails(lead, { ...booked, booked: { startsAt, endsAt } }, "cancelled", context, new Date()).slice(
        0,
        1,
      ),
      ...cancellationEmails(lead, { ...booked, booked: null }, "replaced", context, new Date()),
    ];
    expect(toHomeowner).toHaveLength(4);
    for (const mail of toHomeowner) {
      expect(mail?.to).toEqual({ name: "Dana", address: "dana@example.com" });
      expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toMatch(/Visit<|<b>|spam\.example/);
      expect(mail?.text).toMatch(/^Hi Dana,/);
      expect(mail?.replyTo).toEqual({ name: "Causeway", address: "owner@causeway.test" });
    }
  });

  it("offer one link per time, each to its own page, with the time in New Jersey", () => {
    const mail = proposalEmail(
      lead,
      [
        { startsAt, endsAt, token: "a".repeat(43) },
        { startsAt: instantOf(2026, 12, 3, 15), endsAt: instantOf(2026, 12, 3, 17), token: "b".repeat(43) },
      ],
      context,
    );
    expect(mail.text).toContain(
      `Wednesday, December 2, 2026, 9:00 AM – 11:00 AM\nConfirm this time: https://site.causeway.test/visit/${"a".repeat(43)}`,
    );
    expect(mail.text).toContain(
      `Thursday, December 3, 2026, 3:00 PM – 5:00 PM\nConfirm this time: https://site.causeway.test/visit/${"b".repeat(43)}`,
    );
    expect(mail.html.match(/href="https:\/\/site\.causeway\.test\/visit\//g)).toHaveLength(2);
  });

  it("attach one invitation to both sides, and escape the lead's name in the owner's HTML", () => {
    const [home, owner] = invitationEmails(lead, booked, context, new Date());
    expect(owner?.to).toBe("pat@causeway.test");
    expect(owner?.html).toContain("Dana &lt;b&gt;Visit&lt;/b&gt;");
    for (const mail of [home, owner]) {
      expect(mail?.inlineAttachments).toHaveLength(1);
      const [ics] = mail?.inlineAttachments ?? [];
      expect(ics?.fileName).toBe("invite.ics");
      expect(ics?.contentType).toBe("text/calendar; method=REQUEST; charset=UTF-8");
      expect(ics?.content).toContain(`UID:${visitUid("v1", context.siteUrl)}`);
    }
    expect(visitUid("v1", context.siteUrl)).toBe("visit-v1@site.causeway.test");
  });
});
