import { describe, expect, it } from "vitest";
import { displayPhone, firstFacts } from "~/content/business-facts";
import { checkNotice, noticeParts, phoneLinkExample } from "./notice-text";

const siteUrl = "https://www.causewayhomerepair.example";
const pages = new Set(["/", "/estimate", "/services/home-watch"]);
const rules = { siteUrl, phone: firstFacts.phone, isSitePage: (path: string) => pages.has(path) };

describe("checkNotice", () => {
  it("takes plain text as one part", () => {
    expect(checkNotice("  Closed Thursday for Thanksgiving.  ", rules)).toEqual({
      ok: true,
      parts: [{ text: "Closed Thursday for Thanksgiving." }],
    });
  });

  it("turns one [words](address) into a link to a page of the site", () => {
    expect(checkNotice("Storm repairs first. [Book a visit](/estimate) today.", rules)).toEqual({
      ok: true,
      parts: [{ text: "Storm repairs first. " }, { text: "Book a visit", href: "/estimate" }, { text: " today." }],
    });
  });

  it("accepts the site's full address and a section of a page, and normalizes a phone link", () => {
    const full = checkNotice(`See [home watch](${siteUrl}/services/home-watch/)`, rules);
    expect(full.ok && full.parts[1]).toEqual({ text: "home watch", href: "/services/home-watch" });
    const section = checkNotice("[Contact](/#contact)", rules);
    expect(section.ok && section.parts[0]).toEqual({ text: "Contact", href: "/#contact" });
    const phone = checkNotice("For a leak, [call us](tel:(609) 555-0142).", rules);
    expect(phone.ok && phone.parts[1]).toEqual({ text: "call us", href: "tel:+16095550142" });
  });

  it.each([
    ["[spam](https://evil.example/)", /page of this site/],
    ["[spam](//evil.example/)", /page of this site/],
    ["[spam](javascript:alert(1))", /page of this site/],
    ["[no such page](/nowhere)", /page of this site/],
    ["Visit https://evil.example now", /Web addresses can only be a link/],
    ["Visit www.evil.example now", /Web addresses can only be a link/],
    ["[one](/estimate) and [two](/)", /one link at most/],
    ["[call](tel:12345)", /US number/],
    ["[](/estimate)", /words to show/],
    ["[broken] (/estimate)", /Write a link as/],
    ["", /Write the notice/],
    ["Closed \u202Etoday", /^The notice holds a hidden direction mark \(U\+202E\)/],
    ["Closed \u0007today", /^The notice holds a control character \(U\+0007\)/],
    ["Closed to\u200bday", /^The notice holds a zero-width character \(U\+200B\)/],
    ["Call \u200f609-555-0142\u200f today", /^The notice holds a hidden direction mark \(U\+200F\)/],
  ])("refuses %j", (text, message) => {
    const checked = checkNotice(text, rules);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toMatch(message);
  });

  it("gives the business's own number, as published, as the example of a phone link", () => {
    const noWords = checkNotice("[](/estimate)", rules);
    const badNumber = checkNotice("[call](tel:12345)", rules);
    expect(noWords.ok ? "" : noWords.error).toBe(
      `Give the link words to show: [call us](tel:${displayPhone(firstFacts.phone)}).`,
    );
    expect(badNumber.ok ? "" : badNumber.error).toBe(
      `The phone link needs a US number: [call us](tel:${displayPhone(firstFacts.phone)}).`,
    );
    const published = checkNotice("[](/estimate)", { ...rules, phone: "+16095550177" });
    expect(published.ok ? "" : published.error).toBe("Give the link words to show: [call us](tel:(609) 555-0177).");
    // The example works as written: copied into a notice, it is the business's phone link.
    const example = checkNotice(`Leak? ${phoneLinkExample(firstFacts.phone)}`, rules);
    expect(example.ok && example.parts[1]).toEqual({ text: "call us", href: `tel:${firstFacts.phone}` });
  });

  it("counts what visitors read against the 200 characters, not the link's address", () => {
    const words = "x".repeat(190);
    expect(checkNotice(`${words} [call us](tel:6095550142)`, rules).ok).toBe(true);
    const tooLong = checkNotice("y".repeat(201), rules);
    expect(tooLong.ok ? "" : tooLong.error).toMatch(/200 characters or fewer \(it has 201\)/);
  });

  it("joins the lines a phone keyboard adds", () => {
    expect(checkNotice("Closed\ntoday.\r\nCall us.", rules)).toEqual({
      ok: true,
      parts: [{ text: "Closed today. Call us." }],
    });
  });
});

describe("noticeParts", () => {
  it("keeps what is typed as text, markup included", () => {
    expect(noticeParts("<script>alert(1)</script> [call](tel:6095550142)", siteUrl)).toEqual([
      { text: "<script>alert(1)</script> " },
      { text: "call", href: "tel:+16095550142" },
    ]);
  });
});
