import { describe, expect, it } from "vitest";
import { checkReply, checkReview, defaultDisplayName, townOf } from "./review-rules";
import { reviewFigures } from "./review-summary";

const valid = { rating: "3", body: "The stairs are solid, the paint ran a bit.", name: "Dana V.", town: "Surf City" };

describe("a review's rules", () => {
  it("takes a rating of 1 to 5, and 20 to 2,000 characters of review", () => {
    expect(checkReview(valid)).toMatchObject({ ok: true, review: { rating: 3 } });
    expect(checkReview({ ...valid, rating: "1" })).toMatchObject({ ok: true, review: { rating: 1 } });
    for (const rating of ["", "0", "6", "3.5", " 3", "five"])
      expect(checkReview({ ...valid, rating }), rating).toMatchObject({
        ok: false,
        errors: { rating: expect.any(String) },
      });
    expect(checkReview({ ...valid, body: "x".repeat(19) })).toMatchObject({ ok: false });
    expect(checkReview({ ...valid, body: "x".repeat(20) })).toMatchObject({ ok: true });
    expect(checkReview({ ...valid, body: "x".repeat(2_000) })).toMatchObject({ ok: true });
    expect(checkReview({ ...valid, body: "x".repeat(2_001) })).toMatchObject({ ok: false });
    // Spaces do not make up the length.
    expect(checkReview({ ...valid, body: `   ${"x".repeat(10)}          ` })).toMatchObject({ ok: false });
  });

  it("keeps line breaks but refuses control and bidi characters in every field", () => {
    expect(checkReview({ ...valid, body: "First line of it.\r\nSecond line of it." })).toMatchObject({
      ok: true,
      review: { body: "First line of it.\nSecond line of it." },
    });
    for (const bad of ["\u0000", "\u001b[31m", "\u202E", "\u2066", "\u0085"]) {
      expect(checkReview({ ...valid, body: `${valid.body}${bad}` }).ok, JSON.stringify(bad)).toBe(false);
      expect(checkReview({ ...valid, name: `Dana${bad}` }).ok).toBe(false);
      expect(checkReview({ ...valid, town: `Surf${bad}City` }).ok).toBe(false);
    }
    expect(checkReview({ ...valid, name: "Dana\nV." })).toMatchObject({ ok: false });
    expect(checkReview({ ...valid, name: "  " })).toMatchObject({ ok: false, errors: { name: expect.any(String) } });
    expect(checkReview({ ...valid, town: "" })).toMatchObject({ ok: false, errors: { town: expect.any(String) } });
  });

  it("shows a first name and the last name's initial by default, and guesses the town from the address", () => {
    expect(defaultDisplayName("Dana Visitor")).toBe("Dana V.");
    expect(defaultDisplayName("  maría  de la  cruz ")).toBe("maría C.");
    expect(defaultDisplayName("Cher")).toBe("Cher");
    expect(townOf("12 Dune Lane, Surf City, NJ 08008")).toBe("Surf City");
    expect(townOf("4 Bay Ave, Beach Haven, New Jersey")).toBe("Beach Haven");
    expect(townOf("")).toBe("");
  });

  it("takes a reply of some text, with the same refusals", () => {
    expect(checkReply(" Thank you. ")).toEqual({ ok: true, body: "Thank you." });
    expect(checkReply("")).toMatchObject({ ok: false });
    expect(checkReply("Thanks\u202E")).toMatchObject({ ok: false });
  });

  it("names the field and the hidden character it found, in the review, the name, the town and the reply", () => {
    // A phone number between right-to-left marks would show reversed: 0142-555-609.
    expect(checkReview({ ...valid, body: "Call them at \u200f609-555-0142\u200f, great crew." })).toEqual({
      ok: false,
      errors: {
        body: "Your review holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
      },
    });
    expect(checkReview({ ...valid, name: "Dana\u200b V." })).toMatchObject({
      ok: false,
      errors: { name: expect.stringMatching(/^The name to show holds a zero-width character \(U\+200B\)/) },
    });
    expect(checkReview({ ...valid, town: `Surf City${String.fromCodePoint(0xe0041)}` })).toMatchObject({
      ok: false,
      errors: { town: expect.stringMatching(/^The town holds an invisible tag character \(U\+E0041\)/) },
    });
    expect(checkReply("Thank you\u061c, Dana.")).toEqual({
      ok: false,
      error:
        "The reply holds a hidden direction mark (U+061C) that would not show on screen. Type it again without it.",
    });
  });
});

describe("the figures of the reviews", () => {
  it("counts, averages to one decimal and counts each star from the reviews given", () => {
    expect(reviewFigures([])).toMatchObject({ count: 0, average: null });
    const figures = reviewFigures([{ rating: 5 }, { rating: 4 }, { rating: 4 }, { rating: 4 }]);
    expect(figures.count).toBe(4);
    // 4.25 rounds up, as a person would.
    expect(figures.average).toBe("4.3");
    expect(figures.byStars).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 3 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
    expect(reviewFigures([{ rating: 1 }]).average).toBe("1.0");
  });
});
