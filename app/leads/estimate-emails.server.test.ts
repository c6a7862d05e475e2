import { describe, expect, it } from "vitest";
import { ownerNotification, splitAttachments, visitorConfirmation } from "./estimate-emails.server";

const MB = 1024 * 1024;
const photo = (id: string, bytes: number) => ({ id, fileName: `${id}.jpg`, contentType: "image/jpeg", bytes });

const lead = {
  id: "0b9c6e1a-1111-4222-8333-444455556666",
  createdAt: new Date("2025-07-04T14:30:00Z"),
  values: {
    name: "Jane <Doe>",
    email: "jane@example.com",
    phone: "(609) 555-0199",
    address: "",
    description: "Line one\nLine <two>",
  },
  photos: [photo("a", 6 * MB), photo("b", 6 * MB), photo("c", 6 * MB), photo("d", 1 * MB)],
};

describe("estimate emails", () => {
  it("attaches photos in order while they fit in 15 MB", () => {
    const { attached, leftOut } = splitAttachments(lead.photos);
    expect(attached.map((p) => p.id)).toEqual(["a", "b", "d"]);
    expect(leftOut.map((p) => p.id)).toEqual(["c"]);
  });

  it("gives the owner every field, Reply-To the visitor, and the count of photos left out", () => {
    const mail = ownerNotification(lead, "Office <office@example.test>", "https://site.example");
    expect(mail.to).toEqual({ name: "Office", address: "office@example.test" });
    expect(mail.replyTo).toEqual({ name: "Jane <Doe>", address: "jane@example.com" });
    expect(mail.attachments?.map((a) => a.photoId)).toEqual(["a", "b", "d"]);
    expect(mail.text).toContain("Phone: (609) 555-0199");
    expect(mail.text).toContain("Project address: (not given)");
    expect(mail.text).toContain("4 photos, 3 attached");
    expect(mail.text).toContain("1 more photo (6.0 MB) did not fit");
    expect(mail.text).toContain("July 4, 2025 at 10:30 AM (New Jersey time)");
    expect(mail.html).toContain("Jane &lt;Doe&gt;");
    expect(mail.html).toContain("Line one<br>Line &lt;two&gt;");
    expect(mail.html).toContain('href="tel:+16095550199"');
    expect(mail.html).not.toContain("<Doe>");
  });

  it("links the owner to the lead's page on the desk", () => {
    const mail = ownerNotification(lead, "office@example.test", "https://site.example");
    expect(mail.text).toContain(`https://site.example/owner/leads/${lead.id}`);
    expect(mail.html).toContain(`href="https://site.example/owner/leads/${lead.id}"`);
  });

  it("promises the visitor a reply within 24 hours and repeats what they sent", () => {
    const mail = visitorConfirmation(lead, "office@example.test");
    expect(mail.to).toEqual({ name: "Jane <Doe>", address: "jane@example.com" });
    expect(mail.text).toContain("within 24 hours");
    expect(mail.text).toContain("4 photos: a.jpg, b.jpg, c.jpg, d.jpg");
    expect(mail.attachments).toBeUndefined();
    expect(mail.html).not.toContain("<two>");
  });
});
