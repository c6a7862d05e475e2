/**
 * An article's address against the built server: the owner moves the drywall article to a new
 * address, and the old one answers 301 to it while /blog, the sitemap and the feed name the new one;
 * an address another article holds, or one that is not words and dashes, is refused at the field.
 * Taking the article down is refused while the FAQ links to it (at its old address); once that link
 * is gone the article leaves /blog, the sitemap and the feed, both its addresses answer 410, and
 * 'Restore' puts it back.
 */
import { describe, expect, it } from "vitest";
import { articleFiles } from "~/content/articles.server";
import { faqFiles } from "~/content/faq.server";
import { articleValues } from "~/site-pages/article-file.server";
import { flatArticleValues } from "~/site-pages/article-form";
import { publishSitePage } from "~/site-pages/site-pages-store.server";
import {
  builtSites,
  followAnswer,
  postgresForThisFile,
  stopAfterEachTest,
  waitFor,
  type BuiltSite,
} from "../support/system";

const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const OLD = "drywall-patching-guide";
const NEW = "drywall-repair-guide";
const editor = (slug: string) => `/owner/site/articles/${slug}`;

const form = (slug: string, basedOn = 0) => {
  const values = articleValues(articleFiles[OLD] ?? "", basedOn);
  values.words.slug = slug;
  return { ...flatArticleValues(values), intent: "publish" };
};

const post = (s: BuiltSite, path: string, body: Record<string, string>) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "" },
  });

const text = async (s: BuiltSite, path: string) => (await fetch(`${s.origins[0] ?? ""}${path}`)).text();
const status = async (s: BuiltSite, path: string) =>
  (await fetch(`${s.origins[0] ?? ""}${path}`, { redirect: "manual" })).status;

describe.each(["sqlite", "postgres"] as const)("an article's address on %s", (backend) => {
  it("moves with a permanent redirect from the old address, and is taken down with 410 once nothing links to it", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    for (const [slug, message] of [
      ["off-season-home-watch-lbi", "Another article is at this address: choose another."],
      ["Drywall Guide", "Use lower-case letters, digits and dashes between words"],
    ] as const) {
      const refused = await post(s, editor(OLD), form(slug));
      expect(refused.status, slug).toBe(400);
      expect(await refused.text(), slug).toContain(message);
    }

    const moved = await post(s, editor(OLD), form(NEW));
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(editor(NEW));
    expect(await followAnswer(s, moved)).toContain(`Moved to /blog/${NEW}. The old address sends readers here.`);
    await waitFor(async () => (await status(s, `/blog/${OLD}`)) === 301);
    const old = await fetch(`${origin}/blog/${OLD}`, { redirect: "manual" });
    expect(old.headers.get("location")).toBe(`/blog/${NEW}`);
    expect(await text(s, `/blog/${NEW}`)).toContain("Drywall Patching Guide for Shore Homes");
    const blog = await text(s, "/blog");
    expect(blog).toContain(`href="/blog/${NEW}"`);
    expect(blog).not.toContain(`href="/blog/${OLD}"`);
    await waitFor(async () => (await text(s, "/sitemap.xml")).includes(`/blog/${NEW}</loc>`));
    expect(await text(s, "/sitemap.xml")).not.toContain(`/blog/${OLD}</loc>`);
    expect(await text(s, "/blog/rss.xml")).toContain(`/blog/${NEW}</link>`);
    // The editor's old address leads to the new one.
    const oldEditor = await fetch(`${origin}${editor(OLD)}`, { redirect: "manual", headers: { cookie: s.cookie } });
    expect(oldEditor.headers.get("location")).toBe(editor(NEW));

    // The FAQ links to the old address, which leads here: taking it down would break that link.
    const linked = await post(s, `${editor(NEW)}/take-down`, { intent: "take-down", basedOn: "1" });
    expect(linked.status).toBe(303);
    expect(await followAnswer(s, linked)).toContain(
      "It stays on the site: the FAQ&#x27;s general questions links to it: change that link first.",
    );
    const general = (faqFiles.general ?? "").replace(
      "[drywall patching guide](/blog/drywall-patching-guide)",
      "drywall patching guide",
    );
    expect(
      await publishSitePage(s.db, null, { kind: "faq", name: "general", markdown: general, basedOn: 0 }),
    ).toMatchObject({ ok: true });
    await waitFor(async () => !(await text(s, "/faq")).includes(`href="/blog/${OLD}"`));

    const takenDown = await post(s, `${editor(NEW)}/take-down`, { intent: "take-down", basedOn: "1" });
    const page = await followAnswer(s, takenDown);
    expect(page).toContain("Taken off the site.");
    expect(page).toContain("Off the site: taken down by pat@causeway.test");
    await waitFor(async () => (await status(s, `/blog/${NEW}`)) === 410);
    expect(await text(s, `/blog/${NEW}`)).toContain("This article has been taken down");
    expect(await status(s, `/blog/${OLD}`)).toBe(410);
    expect(await text(s, "/blog")).not.toContain("Drywall Patching Guide");
    expect(await text(s, "/blog/rss.xml")).not.toContain("Drywall Patching Guide");
    expect(await text(s, "/sitemap.xml")).not.toContain("/blog/drywall");
    const again = await post(s, `${editor(NEW)}/take-down`, { intent: "take-down", basedOn: "2" });
    expect(await followAnswer(s, again)).toContain("It is off the site already.");

    const restored = await post(s, `/owner/site/pages/article/${NEW}`, {
      intent: "restore",
      version: "1",
      basedOn: "2",
    });
    expect(restored.headers.get("location")).toBe(editor(NEW));
    expect(await followAnswer(s, restored)).toContain("Restored version 1 as version 3.");
    // The old address is a page the build made, rendered again with the rest once the change is in.
    await waitFor(async () => (await status(s, `/blog/${OLD}`)) === 301);
    expect(await status(s, `/blog/${NEW}`)).toBe(200);
    const rows = await s.db
      .selectFrom("site_page_versions")
      .select(["name", "version", "moved_to"])
      .where("kind", "=", "article")
      .orderBy("name")
      .orderBy("version")
      .execute();
    expect(rows.map((r) => [r.name, Number(r.version), r.moved_to])).toEqual([
      [OLD, 1, NEW],
      [NEW, 1, null],
      [NEW, 2, null],
      [NEW, 3, null],
    ]);
  });
});

describe("taking an article down", () => {
  it("refuses a stranger, a foreign Origin, a stale or missing version and an unknown article, storing nothing", async () => {
    const s = await site("sqlite");
    const origin = s.origins[0] ?? "";
    const path = `${editor("off-season-home-watch-lbi")}/take-down`;
    const stranger = await fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "take-down", basedOn: "0" }),
      headers: { Origin: origin },
    });
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");
    const foreign = await fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "take-down", basedOn: "0" }),
      headers: { cookie: s.cookie, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await followAnswer(s, await post(s, path, { intent: "take-down", basedOn: "3" }))).toContain(
      "Another owner changed this article while it was open here",
    );
    expect(await followAnswer(s, await post(s, path, { intent: "take-down", basedOn: "" }))).toContain(
      "The form is incomplete: open the article again.",
    );
    expect(
      (await post(s, `${editor("no-such-article")}/take-down`, { intent: "take-down", basedOn: "0" })).status,
    ).toBe(404);
    expect((await fetch(`${origin}${path}`, { redirect: "manual", headers: { cookie: s.cookie } })).status).toBe(303);
    expect(await s.db.selectFrom("site_page_versions").select("version").execute()).toEqual([]);
  });
});
