/**
 * Drafts of the written pages against the built server: 'Save draft' keeps the editor's form while
 * the public page stays as published; the preview draws the real page from the draft, behind the
 * sign-in, kept out of search and running no script; 'Publish' puts it live and drops the draft. A
 * second save filled before the first is told who saved and keeps its words; 'Discard draft' drops
 * it. The FAQ's and an article's drafts preview the same way.
 */
import { describe, expect, it } from "vitest";
import { serviceFiles } from "~/content/service-pages.server";
import { articleFiles } from "~/content/articles.server";
import { articleValues } from "~/site-pages/article-file.server";
import { flatArticleValues } from "~/site-pages/article-form";
import { flatValues } from "~/site-pages/faq-form";
import { faqFiles } from "~/content/faq.server";
import { parseFaqCategory } from "~/content/faq-schema";
import { readKeepingTokens } from "~/content/tokens";
import { questionValues } from "~/site-pages/faq-form";
import { pathOf, wordAt, wordGroups } from "~/site-pages/page-words";
import { readPageFile } from "~/site-pages/service-page-edits.server";
import {
  builtSites,
  followAnswer,
  postgresForThisFile,
  stopAfterEachTest,
  waitFor,
  type BuiltSite,
} from "../support/system";

const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const SLUG = "decks-and-stairs";
const EDITOR = `/owner/site/services/${SLUG}`;
const PREVIEW = `/owner/site/preview/service/${SLUG}`;
const HEADING = "Decks in PVC, composite or wood, drafted";

function serviceForm(more: Record<string, string> = {}): Record<string, string> {
  const file = readPageFile(serviceFiles[SLUG] ?? "");
  const words = Object.fromEntries(
    wordGroups(file.frontMatter).flatMap((g) =>
      g.fields.map((f) => [f.name, wordAt(file.frontMatter, pathOf(f.name)) ?? ""]),
    ),
  );
  return {
    ...words,
    ...flatValues({ basedOn: 0, questions: file.questions }),
    "w.sections.0.heading": HEADING,
    ...more,
  };
}

const post = (s: BuiltSite, body: Record<string, string>, path = EDITOR) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "" },
  });

const get = (s: BuiltSite, path: string, cookie = s.cookie) =>
  fetch(`${s.origins[0] ?? ""}${path}`, { redirect: "manual", headers: { cookie } });

const drafts = async (s: BuiltSite) =>
  s.db.selectFrom("site_page_drafts").select(["kind", "name", "revision", "fields"]).execute();

describe.each(["sqlite", "postgres"] as const)("a service page's draft on %s", (backend) => {
  it("is kept while the page stays as published, previewed as the real page, and dropped by its publish", async () => {
    const s = await site(backend);
    const saved = await post(s, serviceForm({ intent: "save", draftRevision: "0" }));
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Draft saved.");
    expect(await drafts(s)).toMatchObject([{ kind: "service", name: SLUG, revision: 1 }]);
    // The public page is the published one.
    expect(await (await get(s, `/services/${SLUG}`, "")).text()).not.toContain(HEADING);

    const editor = await (await get(s, EDITOR)).text();
    expect(editor).toContain("Draft saved by pat@causeway.test on");
    expect(editor).toContain(`value="${HEADING}"`);
    expect(editor).toContain(`href="${PREVIEW}"`);

    const preview = await get(s, PREVIEW);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("x-robots-tag")).toContain("noindex");
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("content-security-policy")).toContain("script-src 'none'");
    const previewHtml = await preview.text();
    expect(previewHtml).toContain(`${HEADING}</h1>`);
    expect(previewHtml).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(previewHtml).toContain("Preview of the draft saved by pat@causeway.test");
    expect(previewHtml).not.toMatch(/<script\b(?![^>]*application\/ld\+json)/i);
    // A stranger gets the sign-in, never the draft.
    const stranger = await get(s, PREVIEW, "");
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");

    const published = await post(s, serviceForm({ intent: "publish", draftRevision: "1" }));
    expect(await published.text()).toContain("Published version 1.");
    expect(await drafts(s)).toEqual([]);
    await waitFor(async () => (await (await get(s, `/services/${SLUG}`, "")).text()).includes(`${HEADING}</h1>`));
    expect(await (await get(s, EDITOR)).text()).not.toContain("Draft saved by");
    const none = await get(s, PREVIEW);
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No draft to preview");
  });
});

describe("drafts", () => {
  it("tell a second save filled before the first who saved, keeping its words; discard drops one", async () => {
    const s = await site("sqlite");
    expect((await post(s, serviceForm({ intent: "save", draftRevision: "0" }))).status).toBe(200);
    const mine = "Decks drafted by the second owner";
    const second = await post(s, serviceForm({ intent: "save", draftRevision: "0", "w.sections.0.heading": mine }));
    expect(second.status).toBe(409);
    const told = await second.text();
    expect(told).toContain("pat@causeway.test saved a draft of this page on");
    expect(told).toContain("Your words are below, not saved");
    expect(told).toContain(`value="${mine}"`);
    expect(told).toContain('name="draftRevision" value="1"');
    expect(JSON.parse((await drafts(s))[0]?.fields ?? "{}")).toMatchObject({ "w.sections.0.heading": HEADING });
    // Saved again on the revision it was told of: a knowing overwrite.
    expect(
      (await post(s, serviceForm({ intent: "save", draftRevision: "1", "w.sections.0.heading": mine }))).status,
    ).toBe(200);
    expect(await drafts(s)).toMatchObject([{ revision: 2 }]);

    const versions = `/owner/site/pages/service/${SLUG}`;
    const stale = await post(s, { intent: "discard-draft", draftRevision: "1" }, versions);
    expect(await followAnswer(s, stale)).toContain("The draft changed since this page was opened");
    const discarded = await post(s, { intent: "discard-draft", draftRevision: "2" }, versions);
    expect(discarded.headers.get("location")).toBe(EDITOR);
    expect(await followAnswer(s, discarded)).toContain("Draft discarded: the editor shows the page as it is live.");
    expect(await drafts(s)).toEqual([]);
    // A stranger, another site's page, and the wide preview without a session are refused.
    const origin = s.origins[0] ?? "";
    const strangerPost = await fetch(`${origin}${versions}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "discard-draft", draftRevision: "1" }),
      headers: { Origin: origin },
    });
    expect(strangerPost.headers.get("location") ?? "").toContain("/owner/sign-in");
    const foreign = await fetch(`${origin}${versions}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "discard-draft", draftRevision: "1" }),
      headers: { cookie: s.cookie, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    for (const path of [`/owner/site/preview-wide/service/${SLUG}`, `/owner/site/preview-wide/service/${SLUG}.data`])
      expect((await get(s, path, "")).status, path).not.toBe(200);
    expect((await get(s, `/owner/site/preview-wide/service/${SLUG}`, "")).headers.get("location") ?? "").toContain(
      "/owner/sign-in",
    );
    expect((await get(s, "/owner/site/preview-wide/menu/x")).status).toBe(404);
    for (const path of ["/owner/site/pages/service/roofing", "/owner/site/pages/menu/decks-and-stairs"])
      expect((await post(s, { intent: "discard-draft", draftRevision: "1" }, path)).status, path).toBe(404);
    expect((await get(s, "/owner/site/preview/service/roofing")).status).toBe(404);
  });

  it("preview the FAQ with a category's draft and an article's draft, and say why a draft that would not publish cannot show", async () => {
    const s = await site("sqlite");
    const category = readKeepingTokens(() => parseFaqCategory("decks-stairs.md", faqFiles["decks-stairs"] ?? ""));
    const question = "Do you build decks in PVC as well?";
    const faq = flatValues({
      basedOn: 0,
      questions: [
        ...category.questions.map(questionValues),
        { anchor: "", question, answer: "Yes: PVC, composite and wood.", links: [] },
      ],
    });
    expect((await post(s, { ...faq, intent: "save", draftRevision: "0" }, "/owner/site/faq/decks-stairs")).status).toBe(
      200,
    );
    const faqPreview = await (await get(s, "/owner/site/preview/faq/decks-stairs")).text();
    expect(faqPreview).toContain(question);
    expect(await (await get(s, "/faq", "")).text()).not.toContain(question);

    const article = articleValues(articleFiles["drywall-patching-guide"] ?? "", 0);
    article.words.title = "Drywall Patching for Shore Homes, Drafted";
    const articleEditor = "/owner/site/articles/drywall-patching-guide";
    const articleForm = { ...flatArticleValues(article), intent: "save", draftRevision: "0" };
    expect((await post(s, articleForm, articleEditor)).status).toBe(200);
    const articlePreview = await (await get(s, "/owner/site/preview/article/drywall-patching-guide")).text();
    expect(articlePreview).toContain("Drywall Patching for Shore Homes, Drafted</h1>");
    expect(articlePreview).toContain('"headline":"Drywall Patching for Shore Homes, Drafted"');

    // A draft keeps what was typed, even a title the blog would refuse; its preview says so.
    const short = { ...articleForm, title: "Drywall", draftRevision: "1" };
    expect((await post(s, short, articleEditor)).status).toBe(200);
    const refused = await get(s, "/owner/site/preview/article/drywall-patching-guide");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("The draft cannot be shown yet");
    expect(await s.db.selectFrom("site_page_versions").select("version").execute()).toEqual([]);
  });
});
