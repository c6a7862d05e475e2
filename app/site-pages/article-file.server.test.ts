import { describe, expect, it } from "vitest";
import { articleFiles, parseArticle } from "~/content/articles.server";
import { answerLinkPlaces } from "~/server/answer-links.server";
import { serviceSlugs } from "~/content/services";
import { BOLD } from "./marked-text";
import { articleProblems, blankSection, fieldName, flatArticleValues, articleValuesFrom } from "./article-form";
import { articleMarkdown, articleValues } from "./article-file.server";

const slugs = Object.keys(articleFiles);
const fileOf = (slug: string) => articleFiles[slug] ?? "";
const read = (slug: string, markdown: string) => parseArticle(`${slug}.md`, markdown);

describe("the article editor's file", () => {
  it.each(slugs)("writes %s back as the same article, dates kept when nothing changed", (slug) => {
    const values = articleValues(fileOf(slug), 0);
    const written = articleMarkdown(fileOf(slug), values, "2030-01-02");
    expect(read(slug, written)).toEqual(read(slug, fileOf(slug)));
    // The form's fields carry the same values there and back, as a post and an answer do.
    const flat = flatArticleValues(values);
    expect(articleValuesFrom((name) => flat[name] ?? "")).toEqual(values);
    expect(articleProblems(values, answerLinkPlaces(), new Set(serviceSlugs))).toEqual({});
  });

  it("keeps a section's photo under its heading, its description read back as typed", () => {
    const photo = "photo-0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f";
    const values = articleValues(fileOf("drywall-patching-guide"), 0);
    const first = values.sections[0];
    if (!first) throw new Error("the guide has sections");
    first.photo = photo;
    first.photoAlt = 'A patch [before] sanding, a \\ on the wall & "mud" drying';
    const written = articleMarkdown(fileOf("drywall-patching-guide"), values, "2030-01-02");
    expect(written).toContain(`## Know your compound\n\n![`);
    const back = articleValues(written, 0);
    expect(back.sections[0]).toMatchObject({ photo, photoAlt: first.photoAlt, text: first.text });
    expect(back.sections.slice(1)).toEqual(values.sections.slice(1));
    const flat = flatArticleValues(back);
    expect(articleValuesFrom((name) => flat[name] ?? "")).toEqual(back);
  });

  it("reads the blocks the articles use: steps numbered by the page, questions, lists with bold and links", () => {
    const values = articleValues(fileOf("drywall-patching-guide"), 0);
    const kinds = values.sections.map((s) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(["safety", "tools", "steps", "troubleshooting", "text"]));
    const steps = values.sections.find((s) => s.kind === "steps");
    expect(steps?.items[1]?.title).toBe("Fix nail pops");
    const compound = values.sections[0];
    expect(compound?.text).toMatch(/^Walk down the drywall aisle[^\n]*\n\n- Lightweight spackle is for nail holes/);
    expect(compound?.marks[0]).toEqual({ words: "Lightweight spackle", does: BOLD, nth: 0 });
    const last = values.sections.at(-1);
    expect(last?.marks).toContainEqual({ words: "handyman services", does: "/services/handyman-services", nth: 0 });
    expect(last?.text).toContain("{phone}");
  });

  it("writes typed markup as text, numbers steps, and dates a change", () => {
    const values = articleValues(fileOf("drywall-patching-guide"), 0);
    const section = { ...blankSection("steps"), heading: "Footings after a <b>storm</b>" };
    section.items = [
      { title: "Look *under* the deck", text: "Check each post:\n- tilted [posts](/x)\n- washed-out sand", marks: [] },
      { title: "Call us", text: "Call {phone} to book.", marks: [{ words: "Call", does: BOLD, nth: 0 }] },
    ];
    values.sections.push(section);
    const written = read(
      "drywall-patching-guide",
      articleMarkdown(fileOf("drywall-patching-guide"), values, "2030-01-02"),
    );
    expect(written.dateModified).toBe("2030-01-02");
    expect(written.date).toBe("2025-09-17");
    expect(written.html).toMatch(/<h2 id="[a-z-]+">Footings after a &lt;b&gt;storm&lt;\/b&gt;<\/h2>/);
    expect(written.html).toContain("Step 1: Look *under* the deck</h3>");
    expect(written.html).toContain("<li>tilted [posts](/x)</li>");
    expect(written.html).toMatch(/<strong>Call<\/strong> \(609\)|<strong>Call<\/strong> [\d(]/);
  });

  it("refuses at the field: marks not in the text, a link not offered, a numbered step, a question without its mark", () => {
    const values = articleValues(fileOf("off-season-home-watch-lbi"), 0);
    const questions = values.sections.findIndex((s) => s.kind === "questions");
    const steps = values.sections.findIndex((s) => s.kind === "steps");
    const q = values.sections[questions]?.items[0];
    const s = values.sections[steps]?.items[0];
    if (!q || !s) throw new Error("the article has questions and steps");
    q.title = "How often";
    s.title = "Step 1: Close up";
    values.intro.marks.push(
      { words: "not in the text", does: BOLD, nth: 0 },
      { words: "Long Beach Island", does: "https://x.example", nth: 0 },
    );
    values.words.related2 = values.words.related1;
    const errors = articleProblems(values, answerLinkPlaces(), new Set(serviceSlugs));
    const k = values.intro.marks.length;
    expect(errors).toMatchObject({
      [fieldName.itemTitle(questions, 0)]: "End the question with a question mark.",
      [fieldName.itemTitle(steps, 0)]: expect.stringMatching(/Leave out the step's number/),
      [fieldName.markWords("intro", k - 2)]: expect.stringMatching(/not in the text/),
      [fieldName.markDoes("intro", k - 1)]: expect.stringMatching(/Choose Bold/),
      related2: "Choose a different service from the first.",
    });
  });
});
