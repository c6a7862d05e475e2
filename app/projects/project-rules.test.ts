import { describe, expect, it } from "vitest";
import { filterPath, projectListPages, type PublicProject } from "./project-listing";
import {
  checkDescription,
  checkProject,
  leadMention,
  leadMentionIn,
  nameWords,
  publicFieldsMention,
  slugify,
  storyBlocks,
} from "./project-rules";

const lead = { address: "27 West 24th Street, Ship Bottom, NJ 08008", name: "Margaret Hollister" };
const valid = {
  title: "New bathroom",
  service: "bathroom-renovations",
  town: "Ship Bottom",
  finished: "2026-10",
  story: "",
};

describe("a project's story and fields", () => {
  it.each([
    ["A bath at 27 West 24th Street.", "street address"],
    ["Done at 27 W. 24th — no: 27 west 24th st", "street address"],
    // A family's plural names them as surely as the name does.
    ["The Hollisters' bath", "homeowner"],
    ["For the hollister family", "homeowner"],
    ["A bath in Ship Bottom on 24th Street", undefined],
    ["A bath on West 24th St.", "street address"],
  ])("%j is refused for naming %s", (story, reason) => {
    const refusal = leadMentionIn(story, lead);
    if (reason) expect(refusal).toContain(reason);
    else expect(refusal).toBeUndefined();
  });

  it("names each field that is wrong", () => {
    expect(checkProject({ ...valid, story: "x".repeat(2_001) }).story).toContain("2,000");
    expect(checkProject({ ...valid, service: "roofing" }).service).toBe("Choose the service.");
    expect(checkProject({ ...valid, finished: "2026-13" }).finished).toBeDefined();
    expect(checkProject({ ...valid, finished: "9999-12" }, undefined, "2026-12-01").finished).toBe(
      "The month finished cannot be after this month.",
    );
    expect(checkProject({ ...valid, finished: "2026-12" }, undefined, "2026-12-01").finished).toBeUndefined();
    expect(checkProject({ ...valid, title: "Bath \u202e" }).title).toBe(
      "The title holds a hidden direction mark (U+202E) that would not show on screen. Type it again without it.",
    );
    expect(checkProject({ ...valid, town: "Ship\u200bBottom" }).town).toMatch(/^The town holds a zero-width/);
    expect(checkProject({ ...valid, story: "Done.\n\nTiled\u2066 floor" }).story).toMatch(/^The story holds a hidden/);
    expect(checkProject({ ...valid, story: "Done.\n\n- Tiled floor\n- New vanity" })).toEqual({});
    expect(checkProject(valid)).toEqual({});
    expect(checkProject({ ...valid, title: "The Hollister bath" }, lead)).toEqual({
      title: "The title names the homeowner (“Hollister”). Take the name out: projects never say whose house it was.",
    });
    expect(checkProject({ ...valid, town: "27 West 24th Street, Ship Bottom" }, lead)).toEqual({
      town: "The town names the homeowner's street address. Take it out: the page may only say the town.",
    });
  });

  it("refuses every word of 'John Smith Jr.' but the suffix, as a whole word in any case", () => {
    const john = { name: "John Smith Jr.", address: "12 Ocean Ave, Surf City, NJ" };
    expect([...nameWords(john.name).keys()]).toEqual(["john", "smith"]);
    for (const text of ["The Smith family deck", "SMITH", "John's new stairs", "the smiths' porch", "Mr. Smith's"])
      expect(leadMention(text, john), text).toEqual({ kind: "name", word: expect.stringMatching(/^(Smith|John)$/) });
    for (const text of ["A deck by our Jr. carpenter", "Blacksmith-style railings", "Johnson grass removed"])
      expect(leadMention(text, john), text).toBeUndefined();
  });

  it("refuses each part of 'Mary-Ann O'Neil', and the name joined up, however the apostrophe is typed", () => {
    const mary = { name: "Mary-Ann O'Neil", address: "" };
    expect([...nameWords(mary.name).keys()]).toEqual(["mary", "ann", "maryann", "neil", "oneil"]);
    for (const text of [
      "For Mary",
      "Ann's kitchen",
      "MaryAnn's kitchen",
      "The O'Neil deck",
      "the O’Neil deck",
      "ONeil",
      "Neil",
    ])
      expect(leadMention(text, mary), text).toMatchObject({ kind: "name" });
    expect(leadMention("The ONeils' deck", mary)).toEqual({ kind: "name", word: "O'Neil" });
    // "O" alone is too short to be a word of the name; "annual" and "Marymount" are other words.
    for (const text of ["O ring seals", "The annual check", "Marymount Road"])
      expect(leadMention(text, mary), text).toBeUndefined();
  });

  it("refuses 'Lee' and 'Park' of 'Dr. Lee Park', never the words they are inside", () => {
    const lee = { name: "Dr. Lee Park", address: "" };
    expect([...nameWords(lee.name).keys()]).toEqual(["lee", "park"]);
    for (const text of ["A new sleeve for the post", "Parking pad in pavers", "Leeward side", "The doctor's office"])
      expect(leadMention(text, lee), text).toBeUndefined();
    for (const text of ["Lee's porch", "The PARK home", "Dr Park", "Léé"])
      expect(leadMention(text, lee), text).toMatchObject({ kind: "name" });
  });

  it("refuses the street in a photo's description, with or without its number, in any spelling of its type", () => {
    const john = { name: "John Smith Jr.", address: "12 Ocean Ave, Surf City, NJ" };
    for (const description of [
      "The deck at 12 Ocean Ave",
      "the deck on ocean ave",
      "Deck on Ocean Avenue, from the street",
      "OCEAN AVE. side of the house",
      "12 Ocean, looking west",
    ])
      expect(checkDescription(description, john), description).toBe(
        "The description names the homeowner's street address. Take it out: the page may only say the town.",
      );
    // The ocean itself, and the town, are fine; so is an address whose first line is only a town.
    for (const description of ["An ocean view from the new deck", "Surf City, from the deck"])
      expect(checkDescription(description, john), description).toBeUndefined();
    expect(checkDescription("Surf City, from the deck", { name: "Al Wu", address: "Surf City, NJ" })).toBeUndefined();
    // Nothing quotes the street back.
    expect(checkDescription("The Smith family deck at 12 Ocean Ave", john)).not.toMatch(/ocean|12/i);
    expect(checkDescription("Rotten\u200b treads", john)).toMatch(/^The description holds a zero-width character/);
  });

  it("finds the first public field that names the lead, photo descriptions and the page's address included", () => {
    const john = { name: "John Smith Jr.", address: "12 Ocean Ave, Surf City, NJ" };
    const clean = {
      title: "Rebuilt deck stairs",
      town: "Surf City",
      story: "New stringers and treads.",
      slug: "rebuilt-deck-stairs-surf-city",
      descriptions: ["The old stairs", "The new stairs"],
    };
    expect(publicFieldsMention(clean, john)).toBeUndefined();
    expect(publicFieldsMention({ ...clean, descriptions: ["The old stairs", "Smith's new stairs"] }, john)).toBe(
      "The description of photo 2 names the homeowner (“Smith”). Take the name out: projects never say whose house it was.",
    );
    expect(publicFieldsMention({ ...clean, slug: "the-smith-deck-surf-city" }, john)).toMatch(
      /^The page's address, made from the title and town, names the homeowner \(“Smith”\)/,
    );
    expect(publicFieldsMention({ ...clean, town: "Ocean Ave" }, john)).toMatch(
      /^The town names the homeowner's street/,
    );
  });

  it("reads paragraphs and lists, and makes addresses of titles", () => {
    expect(storyBlocks("First line\nsame paragraph\n\n- one\n* two\nAfter")).toEqual([
      { kind: "paragraph", text: "First line same paragraph" },
      { kind: "list", items: ["one", "two"] },
      { kind: "paragraph", text: "After" },
    ]);
    expect(slugify("Décks & Stairs, Surf City!")).toBe("decks-stairs-surf-city");
  });

  it("lists every page thirteen projects add, twelve a page", () => {
    const project = (n: number): PublicProject => ({
      slug: `p${n}`,
      title: `P${n}`,
      service: n % 2 ? "carpentry" : "home-watch",
      serviceTitle: "",
      town: "Surf City",
      townSlug: "surf-city",
      finished: "2026-01",
      story: "",
      publishedAt: "",
      updatedAt: "",
      photos: [],
    });
    const pages = projectListPages(Array.from({ length: 13 }, (_, i) => project(i)));
    expect(pages).toContain("/projects/page/2");
    expect(pages).toContain("/projects/town/surf-city/page/2");
    expect(pages).toContain("/projects/service/carpentry");
    expect(pages).not.toContain("/projects");
    expect(pages).not.toContain("/projects/service/carpentry/page/2");
    expect(filterPath({ kind: "service", slug: "carpentry" }, 2)).toBe("/projects/service/carpentry/page/2");
  });
});
