import { afterEach, describe, expect, it } from "vitest";
import { isPublicPage } from "~/live/public-pages.server";
import { installSnapshot } from "~/live/snapshot.server";
import { projectPath, type PublicProject } from "~/projects/project-listing";
import { projectsSource } from "~/projects/projects-source.server";
import { noticeLinkTargets } from "./notice-link-targets.server";

const project: PublicProject = {
  slug: "deck-rebuild-surf-city",
  title: "Deck rebuilt in Surf City",
  service: "decks-and-stairs",
  serviceTitle: "Decks & Stairs",
  town: "Surf City",
  townSlug: "surf-city",
  finished: "2026-05-01",
  story: "A new deck.",
  publishedAt: "2026-05-02T12:00:00.000Z",
  updatedAt: "2026-05-02T12:00:00.000Z",
  photos: [],
};

const projectTargets = [{ title: project.title, path: projectPath(project.slug) }];
const offered = () => noticeLinkTargets(projectTargets).groups.flatMap((group) => group.targets);

afterEach(() => installSnapshot(undefined));

describe("noticeLinkTargets", () => {
  it("offers only public pages, among them the estimate page, a service and an article, then 'Call us'", () => {
    const targets = noticeLinkTargets([]);
    expect(targets.groups.map((group) => group.label)).toEqual(["Pages", "Services", "Articles"]);
    for (const target of offered()) expect(isPublicPage(target.path), target.path).toBe(true);
    expect(offered()).toContainEqual({ title: "Get an estimate", path: "/estimate" });
    expect(targets.groups[0]?.targets.map((target) => target.path)).toEqual([
      "/",
      "/services",
      "/estimate",
      "/projects",
      "/reviews",
      "/blog",
      "/faq",
      "/about-us",
      "/privacy",
    ]);
    expect(offered()).toContainEqual({ title: "Off-Season Home Watch", path: "/services/home-watch" });
    expect(targets.groups[2]?.targets.length).toBeGreaterThan(0);
    expect(targets.groups[2]?.targets.every((target) => target.path.startsWith("/blog/"))).toBe(true);
    expect(targets.phone).toEqual({ title: "Call us", value: "tel" });
  });

  it("offers a published project by its title, and not one whose page the site does not have", () => {
    installSnapshot({
      values: new Map([["projects", [project]]]),
      published: true,
      extraPages: projectsSource.pages?.([project]) ?? [],
    });
    expect(noticeLinkTargets(projectTargets).groups.at(-1)).toEqual({
      label: "Projects",
      targets: [{ title: "Deck rebuilt in Surf City", path: "/projects/deck-rebuild-surf-city" }],
    });
    installSnapshot({ values: new Map([["projects", [project]]]), published: true, extraPages: [] });
    expect(offered().map((target) => target.path)).not.toContain("/projects/deck-rebuild-surf-city");
  });
});
