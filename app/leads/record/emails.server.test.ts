import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { displayPhone, firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { factsSource } from "~/facts/facts-source.server";
import { liveFactsOf } from "~/facts/live-facts";
import { greetingName } from "~/infra/mail-format.server";
import { installSnapshot } from "~/live/snapshot.server";
import { encodedAttachmentBytes, ownerNotification, splitAttachments, visitorConfirmation } from "./emails.server";

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
  photos: [photo("a", 3 * MB), photo("b", 3 * MB), photo("c", 3 * MB), photo("d", 1 * MB)],
};
const options = {
  leadsTo: "Office <office@example.test>",
  maxAttachmentBytes: 10 * MB,
  siteUrl: "https://site.example",
};

/** The attachment's body as nodemailer writes it into a message. */
async function encodedAttachment(bytes: number): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await transport.sendMail({
    from: "a@example.test",
    to: "b@example.test",
    text: "t",
    attachments: [{ filename: "p.jpg", contentType: "image/jpeg", content: randomBytes(bytes) }],
  });
  const message = info.message.toString();
  const part = message.slice(message.indexOf("Content-Disposition: attachment"));
  const body = part.slice(part.indexOf("\r\n\r\n") + 4);
  return body.slice(0, body.indexOf("\r\n--"));
}

describe("owner notification", () => {
  it("counts a photo at the size it has in the message, base64 and line breaks included", async () => {
    for (const bytes of [1, 57, 100, 4_560, 100_000]) {
      const written = (await encodedAttachment(bytes)).length;
      const counted = encodedAttachmentBytes(bytes);
      // Never less than what is sent, and never more than the final line break over it.
      expect(counted).toBeGreaterThanOrEqual(written);
      expect(counted - written).toBeLessThanOrEqual(2);
    }
    expect(encodedAttachmentBytes(0)).toBe(0);
  });

  it("leaves out a photo whose raw size fits the budget but whose encoded size does not", () => {
    const { attached, leftOut } = splitAttachments([photo("big", 8 * MB), photo("small", 1 * MB)], 10 * MB);
    expect(attached.map((p) => p.id)).toEqual(["small"]);
    expect(leftOut.map((p) => p.id)).toEqual(["big"]);
    // 7 MB travels as about 9.6 MB
    expect(splitAttachments([photo("seven", 7 * MB)], 10 * MB).attached).toHaveLength(1);
  });

  it("attaches photos in order while they fit in the budget, and says how many are stored", () => {
    const mail = ownerNotification(lead, options);
    // 3 MB each travels as about 4.1 MB: two fit in 10 MB, the third does not, the 1 MB one does.
    expect(mail.attachments?.map((a) => a.photoId)).toEqual(["a", "b", "d"]);
    expect(mail.to).toEqual({ name: "Office", address: "office@example.test" });
    expect(mail.replyTo).toEqual({ name: "Jane <Doe>", address: "jane@example.com" });
    expect(mail.text).toContain("Phone: (609) 555-0199");
    expect(mail.text).toContain("Project address: (not given)");
    expect(mail.text).toContain("4 photos, 3 attached");
    expect(mail.text).toContain("1 more photo (3.0 MB) did not fit in this email");
    expect(mail.text).toContain('run "npm run leads -- --csv" on the server');
    expect(mail.text).toContain("July 4, 2025 at 10:30 AM (New Jersey time)");
    expect(mail.html).toContain("Jane &lt;Doe&gt;");
    expect(mail.html).toContain("Line one<br>Line &lt;two&gt;");
    expect(mail.html).toContain('href="tel:+16095550199"');
    expect(mail.html).not.toContain("<Doe>");
  });

  it("attaches nothing with a budget of 0 and points to the stored photos", () => {
    const mail = ownerNotification(lead, { ...options, maxAttachmentBytes: 0 });
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain("4 photos, not attached");
    expect(mail.text).toContain("4 photos (10.0 MB) did not fit in this email");
    // nothing attached, so nothing a server could refuse for its size
    expect(mail.withoutAttachments).toBeUndefined();
  });

  it("carries the same notification without attachments, saying where the photos are", () => {
    const mail = ownerNotification(lead, options);
    const fallback = mail.withoutAttachments;
    expect(fallback).toBeDefined();
    for (const body of [fallback!.text, fallback!.html]) {
      expect(body).toContain("The mail server refused this email with the photos attached");
      expect(body).toContain("npm run leads -- --csv");
      expect(body).toContain("4 photos (10.0 MB)");
      expect(body).toContain("(609) 555-0199");
      expect(body).toContain(lead.id);
    }
    expect(fallback!.text).toContain("4 photos, not attached");
    expect(fallback!.text).not.toContain("did not fit");
    expect(fallback!.html).toContain("Line one<br>Line &lt;two&gt;");
    expect(ownerNotification({ ...lead, photos: [] }, options).withoutAttachments).toBeUndefined();
  });
});

describe("visitor confirmation", () => {
  const spam = {
    ...lead,
    values: {
      name: "Win <a href='https://evil.example'>prizes</a>",
      email: "victim@example.com",
      // Another area code than the business's, so finding it in the email can only mean it was repeated.
      phone: "(201) 555-0177",
      address: "Claim at https://evil.example/claim",
      description: "Congratulations! Visit https://evil.example/prize to collect $1,000,000.",
    },
    photos: [{ ...photo("a", 1000), fileName: "evil.example-free-money.jpg" }],
  };

  it("repeats nothing the visitor typed but a first name", () => {
    const mail = visitorConfirmation(spam, "office@example.test");
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/evil|prize|Congratulations|Claim|free-money|victim|555-0177/i);
      expect(body).toContain("Hi Win,");
    }
    expect(mail.to).toEqual({ name: "Win", address: "victim@example.com" });
    expect(mail.subject).toBe(`We received your estimate request - ${profile.shortName}`);
    expect(mail.attachments).toBeUndefined();
  });

  it("promises a reply within 24 hours, counts the photos and gives the business phone", () => {
    const mail = visitorConfirmation(lead, "office@example.test");
    expect(mail.text).toContain("Hi Jane,");
    expect(mail.text).toContain("with your 4 photos");
    expect(mail.text).toContain("within 24 hours");
    expect(mail.text).toContain(displayPhone(firstFacts.phone));
    expect(mail.html).toContain(`href="tel:${firstFacts.phone}"`);
    expect(mail.replyTo).toEqual({ name: "", address: "office@example.test" });
    expect(visitorConfirmation({ ...lead, photos: [photo("a", 1)] }, "o@example.test").text).toContain(
      "with your photo.",
    );
    expect(visitorConfirmation({ ...lead, photos: [] }, "o@example.test").text).not.toContain("photo");
  });

  it("greets without a name when the first word has no letters", () => {
    const mail = visitorConfirmation({ ...lead, values: { ...lead.values, name: "#1 Bob" } }, "o@x.test");
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
    expect(mail.to).toBe("jane@example.com");
  });

  it("keeps letters and combining marks of the first word only", () => {
    expect(greetingName("  José María ")).toBe("José");
    expect(greetingName("Zoe\u0308 Smith")).toBe("Zoë");
    expect(greetingName("D'Angelo-Smith Jr.")).toBe("DAngeloSmith");
    expect(greetingName("Nguyễn Văn A")).toBe("Nguyễn");
    expect(greetingName("山田 太郎")).toBe("山田");
    expect(greetingName("अनिल कुमार")).toBe("अनिल");
    expect(greetingName("www.evil.example/win")).toBe("wwwevilexamplewin");
    expect(greetingName("12345")).toBeUndefined();
    expect(greetingName("🙂")).toBeUndefined();
    expect(greetingName("")).toBeUndefined();
    expect(greetingName("\u0301\u0301")).toBeUndefined();
    expect(greetingName("A".repeat(41))).toBeUndefined();
  });
});

describe("owner notification on the desk", () => {
  it("links the owner to the lead's page on the desk", () => {
    const mail = ownerNotification(lead, options);
    expect(mail.text).toContain(`https://site.example/owner/leads/${lead.id}`);
    expect(mail.html).toContain(`href="https://site.example/owner/leads/${lead.id}"`);
  });
});

describe("the business facts in the emails", () => {
  afterEach(() => installSnapshot(undefined));

  it("carries the facts published before the email is made, and the first facts before any", () => {
    const before = visitorConfirmation(lead, "o@example.test");
    const published = {
      ...firstFacts,
      phone: "+16095550177",
      address: { street: "9 Bay Ave", locality: "Ship Bottom", postalCode: "08008" },
      figures: { ...firstFacts.figures, replyWithinHours: 48 },
      hicRegistration: "13VH00000999",
    };
    installSnapshot({
      values: new Map([[factsSource.name, liveFactsOf(published, "2026-12-04", 1, "2026-12-04T12:00:00.000Z")]]),
      published: true,
      extraPages: [],
    });
    const after = visitorConfirmation(lead, "o@example.test");
    expect(after.text).toContain("within 48 hours");
    expect(after.text).toContain("call us at (609) 555-0177");
    expect(after.text).toContain("9 Bay Ave, Ship Bottom, NJ 08008");
    expect(after.text).toContain("NJ HIC #13VH00000999");
    expect(ownerNotification(lead, options).text).toContain("9 Bay Ave, Ship Bottom, NJ 08008");
    // What was made before keeps what it said.
    expect(before.text).toContain(displayPhone(firstFacts.phone));
    expect(before.text).not.toContain("555-0177");
  });
});
