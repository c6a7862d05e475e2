import { describe, expect, it } from "vitest";
import { displayPhone, firstFacts } from "~/content/business-facts";
import { checkNoticeDraft, EMPTY_NOTICE, type NoticeValues } from "./notice-draft";
import { composeNotice, PHONE_TARGET } from "./notice-link";
import { checkNotice, NOTICE_MAX_LENGTH } from "./notice-text";

const siteUrl = "https://www.causewayhomerepair.example";
const pages = new Set(["/", "/estimate", "/services/home-watch"]);
const PHONE = firstFacts.phone;
const rules = { siteUrl, phone: PHONE, isSitePage: (path: string) => pages.has(path) };
const now = new Date("2026-11-24T15:00:00Z");
const draft = (fields: Partial<NoticeValues>): NoticeValues => ({
  ...EMPTY_NOTICE,
  body: "Storm repairs first.",
  ...fields,
});

describe("composeNotice", () => {
  it("writes a picked page after the text, one space between", () => {
    const composed = composeNotice(" Storm repairs first.\n", "/estimate", " Book a visit ", PHONE);
    expect(composed).toEqual({
      ok: true,
      body: "Storm repairs first. [Book a visit](/estimate)",
      link: "[Book a visit](/estimate)",
    });
    expect(checkNotice(composed.body, rules)).toEqual({
      ok: true,
      parts: [{ text: "Storm repairs first. " }, { text: "Book a visit", href: "/estimate" }],
    });
  });

  it("writes the business's phone for 'Call us', which the page reads as a tel: link", () => {
    const composed = composeNotice("For a leak,", PHONE_TARGET, "Call us", PHONE);
    expect(composed.body).toBe(`For a leak, [Call us](tel:${displayPhone(PHONE)})`);
    const parts = checkNotice(composed.body, rules);
    expect(parts.ok && parts.parts[1]).toEqual({ text: "Call us", href: `tel:${PHONE}` });
    expect(PHONE).toMatch(/^\+1\d{10}$/);
  });

  it("writes the number in force when the notice is written, not the first one", () => {
    const composed = composeNotice("For a leak,", PHONE_TARGET, "Call us", "+16095550177");
    expect(composed.body).toBe("For a leak, [Call us](tel:(609) 555-0177)");
  });

  it("keeps the text as typed with 'No link', whatever the link words say", () => {
    expect(composeNotice("Closed Thursday. [Book](/estimate)", "", "[ignored]", PHONE)).toEqual({
      ok: true,
      body: "Closed Thursday. [Book](/estimate)",
      link: null,
    });
  });

  it("refuses a picked link without words, or with brackets in them, at the link words", () => {
    expect(composeNotice("Closed Thursday.", "/estimate", "  ", PHONE)).toEqual({
      ok: false,
      body: "Closed Thursday.",
      errors: { linkWords: expect.stringMatching(/words the link shows/) },
    });
    const brackets = composeNotice("Closed Thursday.", "/estimate", "Book [now]", PHONE);
    expect(brackets.ok ? {} : brackets.errors).toEqual({ linkWords: expect.stringMatching(/\[ and \]/) });
    const hidden = composeNotice("Closed Thursday.", "/estimate", "Book\u200bnow", PHONE);
    expect(hidden.ok ? {} : hidden.errors).toEqual({
      linkWords: expect.stringMatching(/^'Link words' holds a zero-width/),
    });
  });

  it("refuses a picked link when the text already has a typed one, at the picker", () => {
    const composed = composeNotice("Storm repairs first: [book](/estimate).", "/", "Home", PHONE);
    expect(composed).toEqual({
      ok: false,
      body: "Storm repairs first: [book](/estimate).",
      errors: { linkTo: "The text already has a link. Choose 'No link', or take the typed link out of the text." },
    });
  });

  it("refuses a lone [ at the end of the text, which would swallow the picked link's words", () => {
    const composed = composeNotice("Closed [Thursday", "/estimate", "Book", PHONE);
    expect(composed.ok ? {} : composed.errors).toEqual({ body: expect.stringMatching(/lone \[/) });
    expect(composeNotice("[Closed] Thursday", "/estimate", "Book", PHONE).ok).toBe(true);
  });
});

describe("checkNoticeDraft with a picked link", () => {
  it("stores the composed text, and the page shows the link", () => {
    const checked = checkNoticeDraft(draft({ linkTo: "/services/home-watch", linkWords: "Home watch" }), rules, now);
    expect(checked.ok && checked.body).toBe("Storm repairs first. [Home watch](/services/home-watch)");
    expect(checked.ok && checked.parts).toEqual([
      { text: "Storm repairs first. " },
      { text: "Home watch", href: "/services/home-watch" },
    ]);
  });

  it("refuses a picked address that is not a public page by the rule a typed one meets", () => {
    const refused = checkNoticeDraft(
      draft({ linkTo: "/estimate", linkWords: "Book" }),
      { siteUrl, phone: PHONE, isSitePage: () => false },
      now,
    );
    expect(refused.ok ? {} : refused.errors).toEqual({ linkTo: expect.stringMatching(/not on the site/) });
    const offSite = checkNoticeDraft(draft({ linkTo: "https://evil.example/", linkWords: "Prize" }), rules, now);
    expect(offSite.ok ? {} : offSite.errors).toEqual({ linkTo: "Choose the link from the list." });
    const typed = checkNoticeDraft(
      draft({ body: "[Book](/estimate)" }),
      { siteUrl, phone: PHONE, isSitePage: () => false },
      now,
    );
    expect(typed.ok ? {} : typed.errors).toEqual({ body: expect.stringMatching(/page of this site/) });
  });

  it("refuses a forged 'Link to' value, however it is spelled, and stores nothing of it", () => {
    for (const linkTo of [
      "javascript:alert(1)",
      "//evil.example/estimate",
      "/estimate)[x](https://evil.example",
      "/estimate#x) [more](tel:9000000000",
      "tel:+19005550100",
      "/\\evil.example",
      "/estimate\u0000",
    ]) {
      const checked = checkNoticeDraft(draft({ linkTo, linkWords: "Prize" }), rules, now);
      expect(checked.ok, linkTo).toBe(false);
    }
  });

  it("counts the link's words in the 200 characters", () => {
    const words = "Book a visit";
    const fits = "x".repeat(NOTICE_MAX_LENGTH - words.length - 1);
    expect(checkNoticeDraft(draft({ body: fits, linkTo: "/estimate", linkWords: words }), rules, now).ok).toBe(true);
    const over = checkNoticeDraft(draft({ body: `${fits}xx`, linkTo: "/estimate", linkWords: words }), rules, now);
    expect(over.ok ? {} : over.errors).toEqual({
      body: `Shorten the notice to ${NOTICE_MAX_LENGTH} characters or fewer (it has ${NOTICE_MAX_LENGTH + 2}).`,
    });
    expect(checkNoticeDraft(draft({ body: `${fits}xx` }), rules, now).ok).toBe(true);
  });

  it("reports the picker's errors at their fields beside the text's own", () => {
    const checked = checkNoticeDraft(draft({ body: "", linkTo: "/estimate", linkWords: "" }), rules, now);
    expect(checked.ok ? {} : checked.errors).toEqual({
      linkWords: expect.any(String),
      body: "Write the notice first.",
    });
  });
});
