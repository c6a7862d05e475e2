/**
 * The FAQ editor against the built server: the owner adds a question, types markup into an answer
 * and links words of it, and publishes; /faq shows the words as typed, the link, and the new
 * question in its structured data. Moving a question changes the form, not the page; a stale form,
 * a question without its mark and a link to a place the picker does not offer are refused and
 * nothing is stored; a stranger, a foreign Origin and an unknown category are refused.
 */
import { describe, expect, it } from "vitest";
import { faqFiles } from "~/content/faq.server";
import { parseFaqCategory } from "~/content/faq-schema";
import { readKeepingTokens } from "~/content/tokens";
import { flatValues, questionValues, type FaqFormValues } from "~/site-pages/faq-form";
import { builtSites, postgresForThisFile, stopAfterEachTest, waitFor, type BuiltSite } from "../support/system";

const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const CATEGORY = "decks-stairs";
const EDITOR = `/owner/site/faq/${CATEGORY}`;
const MARKUP = "Yes: <script>alert(1)</script> & <b>bold</b> *stars* [not a link](/x).";
const NEW_QUESTION = "Do you install storm shutters on decks?";
const NEW_ANSWER = "We do. Ask for an estimate, or call us and we will come and measure.";

/** The category as the repository has it, as the editor's form holds it on version `basedOn`. */
const repositoryForm = (basedOn = 0): FaqFormValues => ({
  basedOn,
  questions: readKeepingTokens(() =>
    parseFaqCategory(`app/content/faq/${CATEGORY}.md`, faqFiles[CATEGORY] ?? ""),
  ).questions.map(questionValues),
});

const post = (s: BuiltSite, body: Record<string, string>, path = EDITOR, headers: Record<string, string> = {}) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "", ...headers },
  });

const versions = async (s: BuiltSite) =>
  (await s.db.selectFrom("site_page_versions").select("version").where("kind", "=", "faq").execute()).length;

/** The form with a new first question and markup typed into the old first answer. */
function editedForm(basedOn = 0): Record<string, string> {
  const form = repositoryForm(basedOn);
  const [first, ...rest] = form.questions;
  if (!first) throw new Error("the category has no questions");
  return {
    ...flatValues({
      basedOn,
      questions: [
        {
          anchor: "",
          question: NEW_QUESTION,
          answer: NEW_ANSWER,
          links: [
            { words: "an estimate", to: "/estimate" },
            { words: "call us", to: "tel:{phone}" },
          ],
        },
        { ...first, answer: MARKUP, links: [] },
        ...rest,
      ],
    }),
    intent: "publish",
  };
}

describe.each(["sqlite", "postgres"] as const)("the FAQ editor on %s", (backend) => {
  it("publishes a new question and markup as typed to /faq and its structured data", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const editor = await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } });
    expect(editor.status).toBe(200);
    const html = await editor.text();
    expect(html).toContain("FAQ: Decks &amp; Stairs");
    expect(html).toContain('name="question-0"');

    const published = await post(s, editedForm());
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1.");
    await waitFor(async () => (await (await fetch(`${origin}/faq`)).text()).includes(NEW_QUESTION));
    const faq = await (await fetch(`${origin}/faq`)).text();
    expect(faq).toContain(
      "Yes: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; *stars* [not a link](/x).",
    );
    expect(faq).not.toContain("<script>alert(1)");
    expect(faq).toContain('id="do-you-install-storm-shutters-on"');
    expect(faq).toMatch(/<a[^>]*href="\/estimate"[^>]*>an estimate<\/a>/);
    expect(faq).toMatch(/<a[^>]*href="tel:\+16095550142"[^>]*>call us<\/a>/);
    const faqPage = [...faq.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map(
        (m) =>
          JSON.parse(m[1] ?? "{}") as {
            "@type"?: string;
            mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
          },
      )
      .find((item) => item["@type"] === "FAQPage");
    const entity = faqPage?.mainEntity?.find((q) => q.name === NEW_QUESTION);
    expect(entity?.acceptedAnswer.text).toBe(NEW_ANSWER);
    expect(faqPage?.mainEntity?.some((q) => q.acceptedAnswer.text === MARKUP)).toBe(true);
    const stored = await s.db.selectFrom("site_page_versions").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: "faq", name: CATEGORY, version: 1, published_by: "pat@causeway.test" });
    // The editor shows what is live, the new question first with its anchor kept from now on.
    const again = await (await fetch(`${origin}${EDITOR}`, { headers: { cookie: s.cookie } })).text();
    expect(again).toContain("Live: version 1, published by pat@causeway.test");
    expect(again).toContain('name="anchor-0" value="do-you-install-storm-shutters-on"');
  });

  it("moves a question on the form only, and refuses a stale form, a missing mark and a link not offered", async () => {
    const s = await site(backend);
    const form = { ...flatValues(repositoryForm()) };
    const moved = await post(s, { ...form, intent: "move-down:0" });
    expect(moved.status).toBe(200);
    const movedHtml = await moved.text();
    expect(movedHtml).toContain("Moved question 1 down. Publish to put the new order on the page.");
    const second = repositoryForm().questions[1]?.question ?? "";
    expect(movedHtml.indexOf(`value="${second.replace(/'/g, "&#x27;")}"`)).toBeLessThan(
      movedHtml.indexOf('name="question-1"'),
    );
    expect(await versions(s)).toBe(0);

    const unmarked = await post(s, { ...editedForm(), "question-0": "Shutters" });
    expect(unmarked.status).toBe(400);
    expect(await unmarked.text()).toContain("End the question with a question mark.");
    const offsite = await post(s, { ...editedForm(), "link-0-0-to": "https://evil.example" });
    expect(offsite.status).toBe(400);
    expect(await offsite.text()).toContain("Choose where the link leads from the list.");
    const hidden = await post(s, { ...editedForm(), "answer-0": "We do.\u202e Ask for an estimate, or call us." });
    expect(hidden.status).toBe(400);
    expect(await versions(s)).toBe(0);

    expect((await post(s, editedForm())).status).toBe(200);
    const stale = await post(s, { ...editedForm(), "answer-1": "Filled before the other publish." });
    expect(stale.status).toBe(409);
    const staleText = await stale.text();
    expect(staleText).toContain("Another owner published this page while it was open here. Your words are kept below");
    expect(staleText).toContain("Filled before the other publish.");
    expect(await versions(s)).toBe(1);
  });

  it("refuses a stranger, a foreign Origin and an unknown category, storing nothing", async () => {
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
    for (const path of ["/owner/site/faq/roofing", "/owner/site/faq/..%2Fsite", "/owner/site/faq/DECKS-STAIRS"])
      expect((await fetch(`${origin}${path}`, { headers: { cookie: s.cookie } })).status, path).toBe(404);
    expect((await post(s, editedForm(), "/owner/site/faq/roofing")).status).toBe(404);
    expect(await versions(s)).toBe(0);
    const list = await (await fetch(`${origin}/owner/site/faq`, { headers: { cookie: s.cookie } })).text();
    expect(list).toContain(`href="${EDITOR}"`);
  });
});
