/**
 * 'Write a new article' tried as an attacker would, against a built server on SQLite: a stranger,
 * an expired or forged session, a foreign Origin, other spellings of its path, an oversized or
 * malformed post, and eight starts sent at once. Nothing is started by a refusal and no refusal is
 * a 500; a started article's editor and draft are the owners' alone, its public address 404 and
 * its preview behind the sign-in; 'Discard draft' drops it and the site page says so.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { postAllAtOnce } from "../support/parallel-posts";
import { oneSqliteSiteForThisFile, type BuiltSite } from "../support/system";

/** One server for the whole file: each test reads what is stored, never what another left running. */
const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

const START = "/owner/site/articles/new";
const TITLE = "Checking Deck Footings After a Nor'easter";

const post = (body: BodyInit, headers: Record<string, string> = {}, path = START) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { cookie: s.cookie, Origin: origin, ...headers },
  });

const drafts = async () =>
  (await s.db.selectFrom("site_page_drafts").select("name").where("kind", "=", "article").execute()).map(
    (row) => row.name,
  );

describe("'Write a new article'", () => {
  it("refuses a stranger, a forged session, a foreign Origin and odd posts, starting nothing", async () => {
    const form = new URLSearchParams({ intent: "start-article", title: TITLE });
    for (const cookie of ["", "causeway_session=forged-token-value"]) {
      const answer = await post(form, { cookie });
      expect(answer.status, cookie).toBe(302);
      expect(answer.headers.get("location") ?? "", cookie).toContain("/owner/sign-in");
    }
    expect((await post(form, { Origin: "https://evil.example" })).status).toBe(403);
    for (const path of [`${START}.data`, "/owner/site/articles/NEW", "/owner/site/articles//new"]) {
      const answer = await post(form, { cookie: "" }, path);
      expect(answer.status, path).not.toBe(500);
      // A `.data` post is answered as React Router's script reads a redirect to sign in (202).
      expect([202, 302, 303, 400, 403, 404, 405], path).toContain(answer.status);
    }
    expect((await post(new URLSearchParams({ title: TITLE }))).status).toBe(400);
    expect((await post(new URLSearchParams({ intent: "delete-everything", title: TITLE }))).status).toBe(400);
    const huge = await post(new URLSearchParams({ intent: "start-article", title: "x".repeat(300_000) }));
    expect(huge.status).toBe(413);
    const short = await post(new URLSearchParams({ intent: "start-article", title: "Deck" }), {
      accept: "text/html",
    });
    expect(short.status).toBe(303);
    expect(short.headers.get("location")).toBe("/owner/site");
    expect(await drafts()).toEqual([]);
    // A visit has nothing to show: the site page holds the form.
    const visit = await fetch(`${origin}${START}`, { redirect: "manual", headers: { cookie: s.cookie } });
    expect(visit.status).toBe(303);
  });

  it("starts eight sent at once under eight addresses, each the owners' alone until published", async () => {
    const forms = Array.from({ length: 8 }, () => ({ intent: "start-article", title: TITLE }));
    const answers = await postAllAtOnce(origin, START, forms, { cookie: s.cookie, Origin: origin });
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(303));
    const editors = answers.map((a) => String(a.headers.location ?? ""));
    expect(new Set(editors).size).toBe(8);
    const names = await drafts();
    expect(names.sort()).toEqual(editors.map((e) => e.replace("/owner/site/articles/", "")).sort());

    const first = editors[0] ?? "";
    const slug = first.replace("/owner/site/articles/", "");
    const editor = await fetch(`${origin}${first}`, { headers: { cookie: s.cookie } });
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain(`Article: ${TITLE.replace("'", "&#x27;")}`);
    for (const path of [first, `${first}.data`, `/owner/site/preview/article/${slug}`]) {
      const stranger = await fetch(`${origin}${path}`, { redirect: "manual" });
      expect([202, 302, 401, 404], path).toContain(stranger.status);
      expect(await stranger.text(), path).not.toContain(TITLE);
    }
    expect((await fetch(`${origin}/blog/${slug}`)).status).toBe(404);
    expect(await (await fetch(`${origin}/blog`)).text()).not.toContain(`/blog/${slug}"`);
    // Nothing to take down: it is not on the site.
    const takeDown = await post(new URLSearchParams({ intent: "take-down", basedOn: "0" }), {}, `${first}/take-down`);
    expect(takeDown.status).toBe(404);

    const draft = await s.db
      .selectFrom("site_page_drafts")
      .select("revision")
      .where("kind", "=", "article")
      .where("name", "=", slug)
      .executeTakeFirstOrThrow();
    const discarded = await post(
      new URLSearchParams({ intent: "discard-draft", draftRevision: String(draft.revision) }),
      { accept: "text/html" },
      `/owner/site/pages/article/${slug}`,
    );
    expect(discarded.status).toBe(303);
    expect(discarded.headers.get("location")).toBe("/owner/site");
    const cookie = [s.cookie, (discarded.headers.get("set-cookie") ?? "").split(";")[0]].join("; ");
    expect(await (await fetch(`${origin}/owner/site`, { headers: { cookie } })).text()).toContain(
      "The new article was discarded.",
    );
    expect(await drafts()).not.toContain(slug);
    expect((await fetch(`${origin}${first}`, { headers: { cookie: s.cookie } })).status).toBe(404);
  });
});
