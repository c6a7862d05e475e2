import { describe, expect, it } from "vitest";
import { filterPath, projectListPages, type PublicProject } from "./project-listing";
import { checkProject, leadMentionIn, slugify, storyBlocks } from "./project-rules";

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
    ["The Hollisters' bath", undefined],
    ["For the hollister family", "homeowner"],
    ["A bath in Ship Bottom on 24th Street", undefined],
  ])("%j is refused for naming %s", (story, reason) => {
    const refusal = leadMentionIn(story, lead);
    if (reason) expect(refusal).toContain(reason);
    else expect(refusal).toBeUndefined();
  });

  it("names each field that is wrong", () => {
    expect(checkProject({ ...valid, story: "x".repeat(2_001) }).story).toContain("2,000");
    expect(checkProject({ ...valid, service: "roofing" }).service).toBe("Choose the service.");
    expect(checkProject({ ...valid, finished: "2026-13" }).finished).toBeDefined();
    expect(checkProject({ ...valid, title: "Bath \u202e" }).title).toContain("cannot be shown");
    expect(checkProject(valid)).toEqual({});
    expect(checkProject({ ...valid, title: "The Hollister bath" }, lead).story).toContain("homeowner");
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
