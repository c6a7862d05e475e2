import { describe, expect, it } from "vitest";
import { parseServicePage } from "~/content/service-page-schema";
import { serviceFiles, servicePagePath } from "~/content/service-pages.server";
import { pathOf, wordAt, wordGroups } from "./page-words";
import { readPageFile, servicePageMarkdown } from "./service-page-edits.server";

const valuesOf = (frontMatter: unknown) =>
  Object.fromEntries(
    wordGroups(frontMatter).flatMap((g) => g.fields.map((f) => [f.name, wordAt(frontMatter, pathOf(f.name)) ?? ""])),
  );

describe("the service page editor's file", () => {
  it.each(Object.keys(serviceFiles))("writes %s back as the same page, its shape kept", (slug) => {
    const source = serviceFiles[slug] ?? "";
    const file = readPageFile(source);
    const written = servicePageMarkdown(file.frontMatter, valuesOf(file.frontMatter), file.questions);
    expect(parseServicePage(servicePagePath(slug), written)).toEqual(parseServicePage(servicePagePath(slug), source));
    expect(file.hasQuestions).toBe(file.questions.length > 0);
  });

  it("offers the words and nothing of the page's shape, each with a label", () => {
    const file = readPageFile(serviceFiles["decks-and-stairs"] ?? "");
    const groups = wordGroups(file.frontMatter);
    const fields = groups.flatMap((g) => g.fields);
    expect(groups[0]?.legend).toBe("In search results");
    expect(groups[1]?.legend).toBe("Section 1: top of the page");
    expect(fields.find((f) => f.name === "w.sections.0.heading")).toEqual({
      name: "w.sections.0.heading",
      label: "Heading",
      long: false,
    });
    expect(fields.find((f) => f.name === "w.sections.1.items.2.text")).toMatchObject({
      label: "Item 3: text",
      long: true,
    });
    expect(fields.some((f) => /\.(kind|icon|image|towns)$/.test(f.name))).toBe(false);
    const gallery = groups.find((g) => g.legend.endsWith("gallery"));
    expect(gallery?.fields.map((f) => f.label)).toContain("Picture 1: description (for screen readers and search)");
  });

  it("puts typed words in place as text, markup and tokens kept as typed", () => {
    const file = readPageFile(serviceFiles["decks-and-stairs"] ?? "");
    const words = {
      ...valuesOf(file.frontMatter),
      "w.sections.0.heading": "Decks in PVC: <b>built</b> # for {town}",
      "w.sections.9.heading": "ignored: no such field",
    };
    const page = parseServicePage(
      servicePagePath("decks-and-stairs"),
      servicePageMarkdown(file.frontMatter, words, file.questions),
    );
    const hero = page.sections[0];
    expect(hero?.heading).toBe("Decks in PVC: <b>built</b> # for Manahawkin");
    expect(page.sections).toHaveLength(
      parseServicePage(servicePagePath("decks-and-stairs"), serviceFiles["decks-and-stairs"] ?? "").sections.length,
    );
  });
});
