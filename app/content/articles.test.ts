import { describe, expect, it } from "vitest";
import { articleFiles, articles, countWords, parseArticle } from "./articles.server";

// Spec §3: the fixed list of posts.
const expected = [
  {
    slug: "andersen-windows-professional-handyman-services",
    category: "Windows & Installation",
    date: "2025-11-03",
    readTime: "10 minutes",
  },
  {
    slug: "pre-storm-checklist-lbi-shore-homes",
    category: "Storm Preparation",
    date: "2025-08-30",
    readTime: "15 minutes",
  },
  { slug: "off-season-home-watch-lbi", category: "Home Watch", date: "2025-08-30", readTime: "12 minutes" },
  { slug: "drywall-patching-guide", category: "Handyman Services", date: "2025-09-17", readTime: "8 minutes" },
];
const WORDS_PER_MINUTE = 220;

describe("articles", () => {
  it("are the four published posts with their categories, dates and read times", () => {
    expect(articles.map(({ slug, category, date, readTime }) => ({ slug, category, date, readTime }))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(articles).toHaveLength(4);
  });

  it("are sorted newest first", () => {
    const dates = articles.map((a) => a.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  for (const a of expected) {
    it(`${a.slug} is as long as its read time at ${WORDS_PER_MINUTE} words a minute (±10%)`, () => {
      const article = articles.find((x) => x.slug === a.slug);
      const target = Number.parseInt(a.readTime, 10) * WORDS_PER_MINUTE;
      expect(article?.wordCount).toBeGreaterThanOrEqual(target * 0.9);
      expect(article?.wordCount).toBeLessThanOrEqual(target * 1.1);
    });
  }

  it("each holds an at-a-glance box, safety notes, tools, steps, troubleshooting and a call to action", () => {
    for (const a of articles) {
      expect(a.html, a.slug).toMatch(/<h2[^>]*>Safety notes<\/h2>/);
      expect(a.html, a.slug).toMatch(/<h2[^>]*>Tools and materials<\/h2>/);
      expect(a.html, a.slug).toMatch(/<h2[^>]*>Step-by-step<\/h2>/);
      expect(a.html, a.slug).toMatch(/<h2[^>]*>(Troubleshooting|Frequently asked questions)<\/h2>/);
    }
  });

  it("carry the advice figures where they belong", () => {
    const text = (slug: string) => articles.find((a) => a.slug === slug)?.markdown ?? "";
    expect(text("off-season-home-watch-lbi")).toMatch(/55\s?(°\s?)?F/);
    expect(text("off-season-home-watch-lbi")).toMatch(/85\s?(°\s?)?F/);
    expect(text("off-season-home-watch-lbi")).toMatch(/10 days/);
    expect(text("off-season-home-watch-lbi")).toMatch(/5\/8/);
    expect(text("pre-storm-checklist-lbi-shore-homes")).toMatch(/1\/2/);
    expect(text("drywall-patching-guide")).toMatch(/6 inches/);
  });

  it("the storm article links to the contact section and the services", () => {
    const html = articles.find((a) => a.slug === "pre-storm-checklist-lbi-shore-homes")?.html ?? "";
    expect(html).toContain('href="/#contact"');
    expect(html).toContain('href="/services"');
  });

  it("refuses a file whose frontmatter is wrong", () => {
    expect(() => parseArticle("x.md", "---\nid: 1\ntitle: Short\n---\nBody")).toThrow(/invalid frontmatter/);
  });

  it("counts words without Markdown syntax", () => {
    expect(countWords("## A heading\n\n- one **two** [three](/x)\n1. four")).toBe(6);
  });

  it("keeps a place for a section's photo of the owner's, on its own, and draws no other picture", () => {
    const photo = "photo-0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f";
    const front = (articleFiles["drywall-patching-guide"] ?? "").split("\n---\n")[0] ?? "";
    const source = (body: string) => `${front}\n---\n\n## Look under the deck\n\n${body}\n\nWalk under it.\n`;
    const html = parseArticle("drywall-patching-guide.md", source(`![A post <b>"leaning"</b>](${photo})`)).html;
    expect(html).toContain(
      `<figure class="article-photo"><img data-photo="${photo}" alt="A post &#60;b&#62;&#34;leaning&#34;&#60;/b&#62;"></figure>`,
    );
    expect(html).not.toMatch(/<p>\s*<figure/);
    for (const other of ["https://evil.example/x.png", "/img/x.jpg", `${photo}.jpg`])
      expect(parseArticle("drywall-patching-guide.md", source(`![A picture](${other})`)).html, other).not.toContain(
        "<img",
      );
  });
});
