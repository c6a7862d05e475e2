/**
 * The service page editor against the built server: the owner rewrites the decks page's first
 * section and an item of its feature list, with markup typed into the heading, and publishes; the
 * page and its alias show the words as typed, and the structured data its new description. A word
 * past its rule's length, a hidden character, a stale form and a link not offered are refused at
 * the field with nothing stored; a stranger, a foreign Origin and an unknown page are refused.
 */
import { describe, expect, it } from "vitest";
import { serviceFiles } from "~/content/service-pages.server";
import { flatValues } from "~/site-pages/faq-form";
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
const HEADING = "Decks in PVC, composite or wood <b>built</b> for {town}";
const ITEM = "PVC, composite or pressure-treated decking over framing built for salt air & storms.";

/** The page's form as the editor draws it from the repository's file, on version `basedOn`. */
function repositoryForm(basedOn = 0): Record<string, string> {
  const file = readPageFile(serviceFiles[SLUG] ?? "");
  const words = Object.fromEntries(
    wordGroups(file.frontMatter).flatMap((g) =>
      g.fields.map((f) => [f.name, wordAt(file.frontMatter, pathOf(f.name)) ?? ""]),
    ),
  );
  return { ...words, ...flatValues({ basedOn, questions: file.questions }) };
}

const editedForm = (basedOn = 0) => ({
  ...repositoryForm(basedOn),
  "w.sections.0.heading": HEADING,
  "w.sections.1.items.0.text": ITEM,
  intent: "publish",
});

const post = (s: BuiltSite, body: Record<string, string>, path = EDITOR, headers: Record<string, string> = {}) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "", ...headers },
  });

const versions = async (s: BuiltSite) =>
  (await s.db.selectFrom("site_page_versions").select("version").where("kind", "=", "service").execute()).length;

describe.each(["sqlite", "postgres"] as const)("the service page editor on %s", (backend) => {
  it("publishes the first section's words, markup as typed, to the page and its alias", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const editor = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(editor).toContain("Decks &amp; Stairs page");
    expect(editor).toContain("Section 1: top of the page");
    expect(editor).toContain('name="w.sections.0.heading"');
    expect(editor).not.toContain('name="w.sections.0.kind"');

    const published = await post(s, editedForm());
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1.");
    const shown = "Decks in PVC, composite or wood &lt;b&gt;built&lt;/b&gt; for Manahawkin";
    await waitFor(async () => (await (await fetch(`${origin}/services/${SLUG}`)).text()).includes(shown));
    for (const path of [`/services/${SLUG}`, "/decks-and-stairs"]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).toContain(`${shown}</h1>`);
      expect(html, path).toContain(
        "PVC, composite or pressure-treated decking over framing built for salt air &amp; storms.",
      );
      expect(html, path).not.toContain("<b>built</b>");
    }
    const stored = await s.db.selectFrom("site_page_versions").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: "service", name: SLUG, version: 1 });
    // The shape is the repository's: the same sections, icons and pictures.
    expect(stored.markdown).toContain("kind: hero");
    expect(stored.markdown).toContain("image: gallery-decks-and-stairs-1");
    const again = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(again).toContain("Live: version 1, published by pat@causeway.test");
  });

  it("refuses a word past its length, a hidden character, a stale form and a link not offered, storing nothing", async () => {
    const s = await site(backend);
    const long = await post(s, {
      ...editedForm(),
      "w.metaTitle": "A title far longer than any search result would ever show in full",
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Keep it to 60 characters, with the facts it names filled in.");
    const hidden = await post(s, { ...editedForm(), "w.sections.0.intro": "On an elevated\u200b house" });
    expect(hidden.status).toBe(400);
    expect(await hidden.text()).toContain("U+200B");
    const empty = await post(s, { ...editedForm(), "w.sections.0.eyebrow": "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the words.");
    const link = await post(s, { ...editedForm(), "link-0-0-words": "deck", "link-0-0-to": "https://evil.example" });
    expect(link.status).toBe(400);
    expect(await link.text()).toContain("Choose where the link leads from the list.");
    expect(await versions(s)).toBe(0);

    expect((await post(s, editedForm())).status).toBe(200);
    const stale = await post(s, { ...editedForm(), "w.sections.0.eyebrow": "Decks" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(
      "Another owner published this page while it was open here. Your words are kept below",
    );
    expect(await versions(s)).toBe(1);
  });

  it("keeps each publish in the history and restores an earlier one, or what the site was built with", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const pageText = async () => (await fetch(`${origin}/services/${SLUG}`)).text();
    expect((await post(s, editedForm())).status).toBe(200);
    const rebuilt = { ...editedForm(1), "w.sections.0.heading": "Decks and stairs rebuilt after the storm" };
    expect((await post(s, rebuilt)).status).toBe(200);
    const editor = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(editor).toMatch(/Version 2(<!-- -->)? \(live\)/);
    expect(editor).toContain('aria-label="Restore version 1"');
    expect(editor).toContain('aria-label="Restore what the site was built with"');

    // 'Restore' posts to the page's history route, which answers on the editor.
    const restore = async (version: string, basedOn: string) =>
      followAnswer(s, await post(s, { intent: "restore", version, basedOn }, `/owner/site/pages/service/${SLUG}`));
    expect(await restore("1", "2")).toContain("Restored version 1 as version 3.");
    await waitFor(async () => (await pageText()).includes("Decks in PVC, composite or wood"));
    // Filled before that restore: it would undo it unseen.
    expect(await restore("2", "2")).toContain("Another owner published this page while it was open here");
    for (const [version, basedOn] of [
      ["99", "3"],
      ["abc", "3"],
      ["-1", "3"],
      ["", "3"],
    ] as const)
      expect(await restore(version, basedOn), version).toContain("That version is not kept.");

    expect(await restore("0", "3")).toContain("Restored what the site was built with as version 4.");
    await waitFor(async () =>
      (await pageText()).includes(">Decks and stairs for raised shore homes, built to take the weather</h1>"),
    );
    const rows = await s.db
      .selectFrom("site_page_versions")
      .select(["version", "restored_from"])
      .orderBy("version")
      .execute();
    expect(rows.map((r) => [Number(r.version), r.restored_from === null ? null : Number(r.restored_from)])).toEqual([
      [1, null],
      [2, null],
      [3, 1],
      [4, 0],
    ]);
  });

  it("refuses a stranger, a foreign Origin and an unknown page, storing nothing", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const stranger = await fetch(`${origin}${EDITOR}`, { redirect: "manual" });
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");
    const strangerPost = await fetch(`${origin}${EDITOR}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(editedForm()),
      headers: { Origin: origin },
    });
    expect(strangerPost.headers.get("location") ?? "").toContain("/owner/sign-in");
    expect((await post(s, editedForm(), EDITOR, { Origin: "https://evil.example" })).status).toBe(403);
    for (const path of [
      "/owner/site/services/roofing",
      "/owner/site/services/..%2Ffacts",
      "/owner/site/services/DECKS-AND-STAIRS",
    ])
      expect((await fetch(`${origin}${path}`, { headers: { cookie: s.cookie } })).status, path).toBe(404);
    expect((await post(s, editedForm(), "/owner/site/services/roofing")).status).toBe(404);
    expect(await versions(s)).toBe(0);
  });
});
