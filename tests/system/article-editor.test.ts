/**
 * The article editor against the built server: the owner renames the drywall article and adds a
 * section of steps with a list, bold words, a link and markup typed as text, and publishes; the
 * article, /blog, the feed and the structured data follow, dated today. Sections and steps are
 * added, moved and removed on the form alone; a numbered step, a mark not in its text, a hidden
 * character, a stale form and a form without its version are refused at the field with nothing
 * stored; a stranger, a foreign Origin and an unknown article are refused. Restore puts the
 * article the site was built with back.
 */
import { describe, expect, it } from "vitest";
import { articleFiles } from "~/content/articles.server";
import { articleValues } from "~/site-pages/article-file.server";
import { flatArticleValues, type ArticleFormValues } from "~/site-pages/article-form";
import { BOLD } from "~/site-pages/marked-text";
import { dayOf } from "~/time/business-time";
import {
  builtSites,
  followAnswer,
  postgresForThisFile,
  stopAfterEachTest,
  waitFor,
  type BuiltSite,
} from "../support/system";

const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const SLUG = "drywall-patching-guide";
const EDITOR = `/owner/site/articles/${SLUG}`;
const TITLE = "Drywall Patching for Shore Homes: Nail Pops, Holes and <b>Water</b> Damage";

/** The article as the editor draws it from the repository's file, on version `basedOn`. */
const repositoryValues = (basedOn = 0): ArticleFormValues => articleValues(articleFiles[SLUG] ?? "", basedOn);

/** The article renamed, with a section of two steps after the others. */
function editedValues(basedOn = 0): ArticleFormValues {
  const values = repositoryValues(basedOn);
  values.words.title = TITLE;
  values.sections.push({
    kind: "steps",
    heading: "After a nor'easter",
    photo: "",
    photoAlt: "",
    text: "Walk every wall that faces the water.",
    marks: [],
    items: [
      {
        title: "Look for *stains*",
        text: "Check the corners first:\n- under windows\n- behind [the] couch\n\nCall {phone} if the wall is soft.",
        marks: [
          { words: "corners", does: BOLD, nth: 0 },
          { words: "Call", does: "/services/handyman-services", nth: 0 },
        ],
      },
      { title: "Dry the room", text: "Run a dehumidifier for two days.", marks: [] },
    ],
  });
  return values;
}

const form = (values: ArticleFormValues, more: Record<string, string> = {}) => ({
  ...flatArticleValues(values),
  intent: "publish",
  ...more,
});

const post = (s: BuiltSite, body: Record<string, string>, path = EDITOR, headers: Record<string, string> = {}) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "", ...headers },
  });

const versions = async (s: BuiltSite) =>
  (await s.db.selectFrom("site_page_versions").select("version").where("kind", "=", "article").execute()).length;

const SHOWN_TITLE = "Drywall Patching for Shore Homes: Nail Pops, Holes and &lt;b&gt;Water&lt;/b&gt; Damage";

describe.each(["sqlite", "postgres"] as const)("the article editor on %s", (backend) => {
  it("publishes a renamed article with a new section of steps to its page, /blog, the feed and its structured data", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const editor = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(editor).toContain("Article: Drywall Patching Guide for Shore Homes");
    expect(editor).toMatch(/Section 3 of 8: (<!-- -->)?Safety notes/);
    expect(editor).toContain('value="Fix nail pops"');

    const published = await post(s, form(editedValues()));
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1.");
    const article = async () => (await fetch(`${origin}/blog/${SLUG}`)).text();
    await waitFor(async () => (await article()).includes(SHOWN_TITLE));
    const html = await article();
    expect(html).toContain(`${SHOWN_TITLE}</h1>`);
    expect(html).toMatch(/<h3 id="[a-z0-9-]+">Step 1: Look for \*stains\*<\/h3>/);
    expect(html).toContain('<h3 id="step-2-dry-the-room">Step 2: Dry the room</h3>');
    expect(html).toContain("<li>behind [the] couch</li>");
    expect(html).toContain("Check the <strong>corners</strong> first:");
    expect(html).toMatch(
      /<a href="\/services\/handyman-services">Call<\/a> \(\d{3}\) \d{3}-\d{4} if the wall is soft\./,
    );
    expect(html).not.toContain("<b>Water</b>");
    // Dated today in the business's zone, the first date kept.
    const today = dayOf(new Date());
    expect(html).toContain(`"dateModified":"${today}"`);
    expect(html).toContain('"datePublished":"2025-09-17"');
    expect(await (await fetch(`${origin}/blog`)).text()).toContain(SHOWN_TITLE);
    await waitFor(async () =>
      (await (await fetch(`${origin}/blog/rss.xml`)).text()).includes("Nail Pops, Holes and &lt;b&gt;Water&lt;/b&gt;"),
    );
    const stored = await s.db.selectFrom("site_page_versions").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: "article", name: SLUG, version: 1 });
    expect(stored.markdown).toContain("image: blog-drywall-patching-guide");
    const again = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(again).toContain("Live: version 1, published by pat@causeway.test");
    expect(again).toContain('value="Look for *stains*"');
  });
});

describe("the article editor", () => {
  it("adds, moves and removes sections and steps on the form only, nothing stored", async () => {
    const s = await site("sqlite");
    const added = await post(s, form(repositoryValues(), { intent: "add", "new-kind": "questions" }));
    expect(added.status).toBe(200);
    const addedText = await added.text();
    expect(addedText).toContain("Added questions at the end: write it, then publish.");
    expect(addedText).toMatch(/Section 9 of 9: (<!-- -->)?Questions/);
    expect(addedText).toMatch(/Question (<!-- -->)?1(<!-- -->)? of (<!-- -->)?1/);
    const step = await post(s, form(repositoryValues(), { intent: "add:4+" }));
    expect(await step.text()).toContain("Added step 8 to section 5 (&quot;Step-by-step&quot;)");
    const moved = await post(s, form(repositoryValues(), { intent: "move-up:1" }));
    const movedText = await moved.text();
    expect(movedText).toContain("Moved section 2 (&quot;Humidity and drying time&quot;) up.");
    expect(movedText.indexOf('value="Humidity and drying time"')).toBeLessThan(
      movedText.indexOf('value="Know your compound"'),
    );
    const removed = await post(s, form(repositoryValues(), { intent: "remove:4.1" }));
    const removedText = await removed.text();
    expect(removedText).toContain("Removed step 2 of section 5");
    expect(removedText).not.toContain('value="Fix nail pops"');
    for (const intent of ["move-up:0", "move-down:7", "remove:99", "remove:4.99", "add:4", "move-up:x", "add:4.1"]) {
      const refused = await post(s, form(repositoryValues(), { intent }));
      expect(refused.status, intent).toBe(400);
      expect(await refused.text(), intent).toContain("That part is not on the form.");
    }
    expect(await versions(s)).toBe(0);
  });

  it("refuses at the field a numbered step, a mark not in its text, a hidden character, a short title and a stale form", async () => {
    const s = await site("sqlite");
    const numbered = editedValues();
    const steps = numbered.sections.at(-1);
    if (steps?.items[1]) steps.items[1].title = "Step 2: Dry the room";
    const cases: [Record<string, string>, string][] = [
      [form(numbered), "Leave out the step&#x27;s number: the page numbers the steps in their order."],
      [
        form(editedValues(), { "s8-i0-m0-words": "not there" }),
        "These words are not in the text: copy them from it, exactly.",
      ],
      [
        form(editedValues(), { "s8-i0-m1-does": "https://evil.example" }),
        "Choose Bold, or where the link leads, from the list.",
      ],
      [form(editedValues(), { "intro-text": "Every shore\u200b house" }), "U+200B"],
      [form(editedValues(), { title: "Drywall" }), "Write at least 10 characters."],
      [form(editedValues(), { "s0-heading": "" }), "Write the heading."],
      [form(editedValues(), { basedOn: "" }), "The form is incomplete: open the article again."],
    ];
    for (const [body, message] of cases) {
      const refused = await post(s, body);
      expect(refused.status, message).toBe(400);
      expect(await refused.text(), message).toContain(message);
    }
    const same = await post(s, form(repositoryValues()));
    expect(await same.text()).toContain("Nothing was published: the article is the same as the live one.");
    expect(await versions(s)).toBe(0);

    expect((await post(s, form(editedValues()))).status).toBe(200);
    const stale = await post(s, form(editedValues(), { "s0-heading": "Know your joint compound" }));
    expect(stale.status).toBe(409);
    const staleText = await stale.text();
    expect(staleText).toContain("Another owner published this page while it was open here. Your words are kept below");
    // The words typed are kept, on the version now live, so a second publish is a knowing one.
    expect(staleText).toContain('value="Know your joint compound"');
    expect(staleText).toContain('name="basedOn" value="1"');
    expect(await versions(s)).toBe(1);
  });

  it("restores what the site was built with, and refuses a stranger, a foreign Origin and an unknown article", async () => {
    const s = await site("sqlite");
    const origin = s.origins[0] ?? "";
    expect((await post(s, form(editedValues()))).status).toBe(200);
    const restored = await post(
      s,
      { intent: "restore", version: "0", basedOn: "1" },
      `/owner/site/pages/article/${SLUG}`,
    );
    expect(await followAnswer(s, restored)).toContain("Restored what the site was built with as version 2.");
    await waitFor(async () =>
      (await (await fetch(`${origin}/blog/${SLUG}`)).text()).includes(
        "Drywall Patching Guide for Shore Homes: Nail Pops, Holes and Water Damage</h1>",
      ),
    );

    const stranger = await fetch(`${origin}${EDITOR}`, { redirect: "manual" });
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");
    const strangerPost = await fetch(`${origin}${EDITOR}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(form(editedValues(2))),
      headers: { Origin: origin },
    });
    expect(strangerPost.headers.get("location") ?? "").toContain("/owner/sign-in");
    expect((await post(s, form(editedValues(2)), EDITOR, { Origin: "https://evil.example" })).status).toBe(403);
    for (const path of ["/owner/site/articles/no-such-article", "/owner/site/articles/..%2Ffacts"])
      expect((await fetch(`${origin}${path}`, { headers: { cookie: s.cookie } })).status, path).toBe(404);
    expect((await post(s, form(editedValues(2)), "/owner/site/articles/no-such-article")).status).toBe(404);
    expect(await versions(s)).toBe(2);
  });
});
