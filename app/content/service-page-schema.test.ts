import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { firstFacts } from "./business-facts";
import { profile } from "./profile";
import { parseServicePage } from "./service-page-schema";
import { getServicePage } from "./service-pages.server";
import { serviceSlugs } from "./services";

const card = (title: string) => ({ icon: "wrench", title, text: "A short line about the card." });

/** A small page that follows every rule; each test breaks one. */
function validPage() {
  return {
    metaTitle: "Carpentry on LBI | {shortName}",
    metaDescription:
      "Custom carpentry and trim for island homes: built-ins, window seats, crown and casing, and exterior trim " +
      "in materials that last in salt air.",
    keywords: ["carpentry LBI", "trim carpenter", "built-ins"],
    sections: [
      {
        kind: "hero",
        eyebrow: "Carpentry",
        heading: "Built-ins, cut on site",
        intro: "We build it.",
        estimateButton: "Ask",
      },
      { kind: "card-grid", heading: "What we make", cards: [card("Shelves"), card("Seats")] },
      { kind: "gallery", heading: "Recent work", items: [1, 2, 3].map((n) => galleryItem(n)) },
      { kind: "questions", heading: "Questions we hear" },
      {
        kind: "call-to-action",
        heading: "Ready?",
        text: "Call us within {replyWithinHours} hours.",
        estimateButton: "Ask",
      },
    ] as Record<string, unknown>[],
  };
}

function galleryItem(n: number) {
  return { image: `gallery-carpentry-${n}`, alt: "A built-in bookcase in a living room", caption: "Bookcase" };
}

const body = "## Can you match old trim?\n\nUsually. See [our services](/services).\n";
const source = (front: object, markdown = body) => `---\n${stringify(front)}---\n\n${markdown}`;

const problemsOf = (front: object, markdown = body, file = "services/carpentry.md") => {
  try {
    parseServicePage(file, source(front, markdown));
    return "";
  } catch (error) {
    return String(error);
  }
};

describe("service page content files", () => {
  it("are all valid: every service has its page, starting with the hero and ending with the call to action", () => {
    for (const slug of serviceSlugs) {
      const page = getServicePage(slug);
      expect(page.sections[0]?.kind, slug).toBe("hero");
      expect(page.sections.at(-1)?.kind, slug).toBe("call-to-action");
    }
  });

  it("put business facts in place of their tokens", () => {
    const page = parseServicePage("services/carpentry.md", source(validPage()));
    expect(page.metaTitle).toBe(`Carpentry on LBI | ${profile.shortName}`);
    const cta = page.sections.at(-1);
    expect(cta?.kind === "call-to-action" && cta.text).toBe(
      `Call us within ${firstFacts.figures.replyWithinHours} hours.`,
    );
  });

  it("give each section an id from its heading and the questions section the body's questions", () => {
    const page = parseServicePage("services/carpentry.md", source(validPage()));
    expect(page.sections.map((s) => s.id)).toContain("questions-we-hear");
    const questions = page.sections.find((s) => s.kind === "questions");
    expect(questions?.kind === "questions" && questions.questions).toEqual([
      {
        id: undefined,
        question: "Can you match old trim?",
        answer: [["Usually. See ", { text: "our services", href: "/services" }, "."]],
      },
    ]);
  });
});

describe("a broken service page stops the build, naming the file and the field", () => {
  it("a title longer than search results show", () => {
    const page = { ...validPage(), metaTitle: "A".repeat(61) };
    expect(problemsOf(page)).toMatch(/services\/carpentry\.md is invalid:[\s\S]*metaTitle: .*60/);
  });

  it("a description outside 140 to 160 characters", () => {
    expect(problemsOf({ ...validPage(), metaDescription: "Too short." })).toMatch(/metaDescription: .*140/);
  });

  it("a card grid of three cards", () => {
    const page = validPage();
    page.sections[1] = { kind: "card-grid", heading: "What we make", cards: [card("A"), card("B"), card("C")] };
    expect(problemsOf(page)).toMatch(/sections\.1\.cards: holds exactly 2 or 4 cards/);
  });

  it("an icon the site does not draw", () => {
    const page = validPage();
    page.sections[1] = {
      kind: "card-grid",
      heading: "What we make",
      cards: [card("A"), { ...card("B"), icon: "rocket" }],
    };
    expect(problemsOf(page)).toMatch(/sections\.1\.cards\.1\.icon: /);
  });

  it("an unknown token, or a brace left open", () => {
    const page = validPage();
    page.sections[0] = { ...page.sections[0], intro: "Call {fone} today." };
    expect(problemsOf(page)).toMatch(/sections\.0\.intro: unknown token \{fone\}/);
    page.sections[0] = { ...page.sections[0], intro: "Call {phone today." };
    expect(problemsOf(page)).toMatch(/sections\.0\.intro: unmatched/);
  });

  it("a token YAML reads as a mapping because it was not quoted", () => {
    const text = source(validPage()).replace("estimateButton: Ask\n", "estimateButton: {phone}\n");
    expect(() => parseServicePage("services/carpentry.md", text)).toThrow(/sections\.0\.estimateButton: /);
  });

  it("an unknown kind of section, or a field the kind does not have", () => {
    const page = validPage();
    page.sections[1] = { kind: "carousel", heading: "Slides" };
    expect(problemsOf(page)).toMatch(/sections\.1\.kind: /);
    page.sections[1] = { kind: "banner", icon: "award", heading: "Certified", text: "We are.", colour: "red" };
    expect(problemsOf(page)).toMatch(/sections\.1: .*colour/);
  });

  it("a page that does not open with its hero or close with its call to action", () => {
    const page = validPage();
    page.sections.reverse();
    const problems = problemsOf(page);
    expect(problems).toMatch(/sections\.0: the first section is the hero/);
    expect(problems).toMatch(/sections\.4: the last section is the call to action/);
  });

  it("a photo of the owner's in the gallery or at the top, named in full, the top's with its description", () => {
    const photo = "photo-0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f";
    const page = validPage();
    page.sections[0] = { ...page.sections[0], photo, photoAlt: "A new cedar deck at dusk" };
    page.sections[2] = {
      kind: "gallery",
      heading: "Recent work",
      items: [galleryItem(1), galleryItem(2), { ...galleryItem(3), image: photo }],
    };
    expect(problemsOf(page)).toBe("");
    // Anchored at both ends: a name that only holds a photo's is not one.
    page.sections[2] = {
      kind: "gallery",
      heading: "Recent work",
      items: [galleryItem(1), galleryItem(2), { ...galleryItem(3), image: `x${photo}.jpg` }],
    };
    expect(problemsOf(page)).toMatch(/sections\.2\.items\.2\.image: must be named gallery-carpentry-<n>/);
    page.sections[2] = { kind: "gallery", heading: "Recent work", items: [1, 2, 3].map((n) => galleryItem(n)) };
    page.sections[0] = { ...page.sections[0], photo, photoAlt: undefined };
    expect(problemsOf(page)).toMatch(/sections\.0\.photoAlt: a photo at the top has a description/);
    page.sections[0] = { ...page.sections[0], photo: "photo-1", photoAlt: "A new cedar deck at dusk" };
    expect(problemsOf(page)).toMatch(/sections\.0\.photo: must name a photo put on the site from the desk/);
  });

  it("two sections with the same heading", () => {
    const page = validPage();
    page.sections[2] = { ...page.sections[2], heading: "What we make" };
    expect(problemsOf(page)).toMatch(/sections\.2: heading "What we make": another section has it/);
  });

  it("a gallery picture named for another service, or too few pictures", () => {
    const page = validPage();
    page.sections[2] = {
      kind: "gallery",
      heading: "Recent work",
      items: [galleryItem(1), galleryItem(2), { ...galleryItem(3), image: "gallery-decks-and-stairs-1" }],
    };
    expect(problemsOf(page)).toMatch(/sections\.2\.items\.2\.image: must be named gallery-carpentry-<n>/);
    page.sections[2] = { kind: "gallery", heading: "Recent work", items: [galleryItem(1)] };
    expect(problemsOf(page)).toMatch(/sections\.2\.items: /);
  });

  it("questions in the body that no section shows, or a section with no questions to show", () => {
    const page = validPage();
    const withoutSection = { ...page, sections: page.sections.filter((s) => s.kind !== "questions") };
    expect(problemsOf(withoutSection)).toMatch(/the body holds questions, but no section of kind "questions"/);
    expect(problemsOf(page, "")).toMatch(/sections\.3: shows the questions of the body, which holds none/);
  });

  it("an answer with more than text and links, or a link off the site", () => {
    expect(problemsOf(validPage(), "## Why?\n\n- a list\n- of things\n")).toMatch(
      /question 1 \("Why\?"\): holds a list/,
    );
    expect(problemsOf(validPage(), "## Why?\n\nSee **this**.\n")).toMatch(/holds bold text/);
    expect(problemsOf(validPage(), "## Why?\n\nSee [this](https://example.com).\n")).toMatch(
      /links lead to pages of this site/,
    );
  });

  it("a file named for no service", () => {
    expect(problemsOf(validPage(), body, "services/roofing.md")).toMatch(
      /services\/roofing\.md is invalid:[\s\S]*no service has the slug "roofing"/,
    );
  });
});
