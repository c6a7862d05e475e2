/**
 * The FAQ and service page editors tried as an attacker would, against one built server on SQLite:
 * other spellings of their paths, the `.data` requests React Router answers, an expired or unknown
 * session, oversized and malformed posts, and a burst of publishes made from one version. A stranger
 * sees no question and no version on any spelling, nothing malformed is stored, no refusal is a 500,
 * and a burst lands once. (Strangers, a foreign Origin and an unknown page at the usual spelling:
 * faq-editor.test.ts and service-page-editor.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { faqFiles } from "~/content/faq.server";
import { parseFaqCategory } from "~/content/faq-schema";
import { serviceFiles } from "~/content/service-pages.server";
import { readKeepingTokens } from "~/content/tokens";
import { flatValues, MOST_CATEGORY_FIELDS, questionValues } from "~/site-pages/faq-form";
import { pathOf, wordAt, wordGroups } from "~/site-pages/page-words";
import { readPageFile } from "~/site-pages/service-page-edits.server";
import { signedInOwner } from "../support/owner";
import { postAllAtOnce } from "../support/parallel-posts";
import { rawRequest } from "../support/raw-request";
import { oneSqliteSiteForThisFile, type BuiltSite } from "../support/system";

/** One server for the whole file: each test reads what is stored, never what another left running. */
const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

const CATEGORY = "decks-stairs";
const FAQ_EDITOR = `/owner/site/faq/${CATEGORY}`;
const SLUG = "decks-and-stairs";
const SERVICE_EDITOR = `/owner/site/services/${SLUG}`;
/** A question of the category, which only the editor's data carries besides the public page. */
const QUESTION = "Why does the hardware matter so much at the shore?";
/** The most fields each editor reads, counted as the routes count them. */
const FAQ_MOST_FIELDS = MOST_CATEGORY_FIELDS;
const SERVICE_MOST_FIELDS = 400;

/** The category's form on version `basedOn`, with the first answer rewritten: a publish that would land. */
function faqForm(
  basedOn: number,
  answer = "We build with composite decking on treated framing.",
): Record<string, string> {
  const questions = readKeepingTokens(() =>
    parseFaqCategory(`app/content/faq/${CATEGORY}.md`, faqFiles[CATEGORY] ?? ""),
  ).questions.map(questionValues);
  const [first, ...rest] = questions;
  if (!first) throw new Error("the category has no questions");
  // The first answer's link sat on words the new answer does not have.
  return { ...flatValues({ basedOn, questions: [{ ...first, answer, links: [] }, ...rest] }), intent: "publish" };
}

/** The page's form on version `basedOn`, with a new first heading: a publish that would land. */
function serviceForm(basedOn: number, heading = "Decks and stairs built for the shore"): Record<string, string> {
  const file = readPageFile(serviceFiles[SLUG] ?? "");
  const words = Object.fromEntries(
    wordGroups(file.frontMatter).flatMap((g) =>
      g.fields.map((f) => [f.name, wordAt(file.frontMatter, pathOf(f.name)) ?? ""]),
    ),
  );
  return {
    ...words,
    ...flatValues({ basedOn, questions: file.questions }),
    "w.sections.0.heading": heading,
    intent: "publish",
  };
}

const versions = async (kind?: "faq" | "service") => {
  const query = s.db.selectFrom("site_page_versions").select(["kind", "name", "markdown"]).orderBy("version");
  return (kind ? query.where("kind", "=", kind) : query).execute();
};

/** A post as a browser without JavaScript sends it, the owner signed in unless `cookie` says otherwise. */
const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: origin, ...headers },
  });

/** A post whose path goes out exactly as written (fetch would resolve `..`), on a connection of its own. */
async function postAsWritten(path: string, body: Record<string, string>, headers: Record<string, string>) {
  const [answer] = await postAllAtOnce(origin, path, [body], { Origin: origin, ...headers });
  if (!answer) throw new Error(`no answer from ${path}`);
  return { status: answer.status, location: answer.headers.location ?? "", text: answer.body.toString() };
}

/** What the page's notice says: the line a refusal or a publish answers with. */
const notice = (html: string) => /role="(?:alert|status)"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";

const toSignIn = (location: string | undefined) => expect(location ?? "").toMatch(/^\/owner\/sign-in(\?|$)/);

/**
 * Each spelling, what a stranger's GET and post get, and what the signed-in owner's do. The router
 * reads a path without regard to letter case, decodes its escapes and resolves `..` (as the rate
 * limit does, app/infra/form-action.server.ts), so those spellings are the editor itself, behind
 * the same sign-in; a GET with a trailing slash is sent to the one address; an empty segment
 * reaches no page; `decks-stairs/..` is the list of categories, which takes no post. `shows` is
 * what the owner's page at that spelling holds.
 */
const SPELLINGS = [
  { path: `${FAQ_EDITOR}/`, strangerGet: 301, strangerPost: 302, ownerGet: 301, ownerPost: 200, shows: "" },
  {
    path: "/Owner/Site/FAQ/decks-stairs",
    strangerGet: 302,
    strangerPost: 302,
    ownerGet: 200,
    ownerPost: 200,
    shows: QUESTION,
  },
  {
    path: "/owner/site//faq/decks-stairs",
    strangerGet: 404,
    strangerPost: 405,
    ownerGet: 404,
    ownerPost: 405,
    shows: "",
  },
  {
    path: "//owner/site/faq/decks-stairs",
    strangerGet: 404,
    strangerPost: 405,
    ownerGet: 404,
    ownerPost: 405,
    shows: "",
  },
  {
    path: "/owner/site/faq/decks%2Dstairs",
    strangerGet: 302,
    strangerPost: 302,
    ownerGet: 200,
    ownerPost: 200,
    shows: QUESTION,
  },
  {
    path: "/owner/site/faq/../faq/decks-stairs",
    strangerGet: 302,
    strangerPost: 302,
    ownerGet: 200,
    ownerPost: 200,
    shows: QUESTION,
  },
  {
    path: "/owner/site/x/%2e%2e/faq/decks-stairs",
    strangerGet: 302,
    strangerPost: 302,
    ownerGet: 200,
    ownerPost: 200,
    shows: QUESTION,
  },
  {
    path: `${FAQ_EDITOR}/..`,
    strangerGet: 302,
    strangerPost: 405,
    ownerGet: 200,
    ownerPost: 405,
    shows: `href="${FAQ_EDITOR}"`,
  },
  { path: `${FAQ_EDITOR}.data`, strangerGet: 202, strangerPost: 202, ownerGet: 200, ownerPost: 200, shows: QUESTION },
  { path: `${SERVICE_EDITOR}/`, strangerGet: 301, strangerPost: 302, ownerGet: 301, ownerPost: undefined, shows: "" },
  {
    path: "/OWNER/site/Services/decks-and-stairs",
    strangerGet: 302,
    strangerPost: 302,
    ownerGet: 200,
    ownerPost: undefined,
    shows: 'name="w.sections.0.heading"',
  },
] as const;

describe("the page editors, tried as an attacker would", () => {
  it("show a stranger nothing, and store nothing from one, at any spelling of their paths", async () => {
    for (const { path, strangerGet, strangerPost } of SPELLINGS) {
      const got = await rawRequest(origin, path);
      const text = got.body.toString();
      expect(got.status, path).toBe(strangerGet);
      expect(text, path).not.toContain(QUESTION);
      expect(text, path).not.toContain("basedOn");
      // A redirect leads to the sign-in, or to the one address, which leads there.
      if (strangerGet === 301) expect(got.headers.location, path).toBe(path.replace(/\/$/, ""));
      if (strangerGet === 302) toSignIn(got.headers.location);
      if (strangerGet === 202) expect(text, path).toMatch(/"SingleFetchRedirect".*"\/owner\/sign-in/);

      const form = path.includes("/services/") || path.includes("/Services/") ? serviceForm(0) : faqForm(0);
      const posted = await postAsWritten(path, form, {});
      expect(posted.status, path).toBe(strangerPost);
      expect(posted.text, path).not.toContain(QUESTION);
      if (strangerPost === 302) toSignIn(posted.location);
    }
    expect(await versions()).toEqual([]);
  });

  it("answer a .data request with the editor's data only to a signed-in owner", async () => {
    const paths = [`${FAQ_EDITOR}.data`, `${SERVICE_EDITOR}.data`, "/owner/site/faq.data"];
    for (const path of paths) {
      const stranger = await fetch(`${origin}${path}`, { redirect: "manual" });
      const text = await stranger.text();
      expect(stranger.status, path).toBe(202);
      expect(text, path).toMatch(/"SingleFetchRedirect".*"\/owner\/sign-in/);
      for (const secret of [QUESTION, "basedOn", "history", "categories", "w.sections.0.heading"])
        expect(text, `${path} ${secret}`).not.toContain(secret);
    }
    const owner = async (path: string) => {
      const answer = await fetch(`${origin}${path}`, { headers: { cookie: s.cookie } });
      expect(answer.status, path).toBe(200);
      return answer.text();
    };
    const faq = await owner(`${FAQ_EDITOR}.data`);
    expect(faq).toContain(QUESTION);
    expect(faq).toContain("basedOn");
    expect(await owner(`${SERVICE_EDITOR}.data`)).toContain("w.sections.0.heading");
    expect(await owner("/owner/site/faq.data")).toContain("Decks & Stairs");
  });

  it("refuse an expired, unknown or misnamed session cookie as they refuse a stranger", async () => {
    const day = 24 * 60 * 60 * 1000;
    const idle = await signedInOwner(s.db, origin, { now: new Date(Date.now() - 8 * day) });
    const pastItsLife = await signedInOwner(s.db, origin, { now: new Date(Date.now() - 31 * day) });
    const token = s.cookie.split("=")[1] ?? "";
    const cookies = {
      "idle for 8 days": idle.cookie,
      "started 31 days ago": pastItsLife.cookie,
      "never issued": `desk_session=${"A".repeat(token.length)}`,
      "too long to look up": `desk_session=${"A".repeat(200)}`,
      // Over plain HTTP the session goes by its plain name; the Secure one's is not read here.
      "under the HTTPS name": `__Host-desk_session=${token}`,
    };
    for (const [why, cookie] of Object.entries(cookies)) {
      const editor = await fetch(`${origin}${FAQ_EDITOR}`, { redirect: "manual", headers: { cookie } });
      expect(editor.status, why).toBe(302);
      toSignIn(editor.headers.get("location") ?? "");
      const data = await fetch(`${origin}${SERVICE_EDITOR}.data`, { redirect: "manual", headers: { cookie } });
      expect(data.status, why).toBe(202);
      expect(await data.text(), why).not.toContain("w.sections.0.heading");
      for (const [path, form] of [
        [FAQ_EDITOR, faqForm(0)],
        [SERVICE_EDITOR, serviceForm(0)],
      ] as const) {
        const published = await post(path, form, { cookie });
        expect(published.status, `${why} ${path}`).toBe(302);
        toSignIn(published.headers.get("location") ?? "");
      }
    }
    expect(await versions()).toEqual([]);
    // An expired session shown to the server is deleted there; the test's own one is left.
    const sessions = await s.db.selectFrom("owner_sessions").select("id").execute();
    expect(sessions).toHaveLength(1);
  });

  it("refuse oversized and malformed posts with a 4xx, storing nothing", async () => {
    const padded = (form: Record<string, string>, fields: number) => {
      const out = { ...form };
      for (let i = 0; Object.keys(out).length < fields; i++) out[`pad-${i}`] = "x";
      return out;
    };
    for (const [path, form, most] of [
      [FAQ_EDITOR, faqForm(0), FAQ_MOST_FIELDS],
      [SERVICE_EDITOR, serviceForm(0), SERVICE_MOST_FIELDS],
    ] as const) {
      // Moving a question stores nothing: the form at the limit is read, one field past it is not.
      const move = { ...form, intent: "move-down:0" };
      const atLimit = await post(path, padded(move, most));
      expect(atLimit.status, path).toBe(200);
      expect(notice(await atLimit.text()), path).toMatch(/^Moved question 1 down/);
      const pastLimit = await post(path, padded(form, most + 1));
      expect(pastLimit.status, path).toBe(413);
      expect(await pastLimit.text(), path).toContain("The form is too large.");

      // Two megabytes, declared: refused before it is read.
      const declared = await postAsWritten(path, { ...form, "pad-0": "a".repeat(2_000_000) }, { cookie: s.cookie });
      expect(declared.status, path).toBe(413);
      // The same, sent in chunks with no length declared: held to the same ceiling once read past it.
      const body = new URLSearchParams({ ...form, "question-1": "a".repeat(3_000_000) }).toString();
      const chunked = await fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        }),
        duplex: "half",
        headers: { cookie: s.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      } as RequestInit & { duplex: "half" });
      expect(chunked.status, path).toBe(413);

      const text = new URLSearchParams(form).toString();
      for (const [type, status] of [
        ["application/json", 415],
        ["text/plain", 415],
        ["", 415],
        ["multipart/form-data", 400],
        ["multipart/form-data; boundary=x", 400],
      ] as const) {
        const answer = await fetch(`${origin}${path}`, {
          method: "POST",
          redirect: "manual",
          body: type === "application/json" ? JSON.stringify(form) : text,
          headers: { cookie: s.cookie, Origin: origin, "Content-Type": type },
        });
        expect(answer.status, `${path} ${type || "no type"}`).toBe(status);
      }

      const refusals: [Record<string, string>, string][] = [
        [
          { count: "999" },
          path === FAQ_EDITOR ? "A category holds at most 20 questions." : "This page holds at most 10",
        ],
        [{ count: "-1" }, "holds at least"],
        [{ count: "abc" }, "holds at least"],
        [{ basedOn: "x" }, "The form is incomplete: open the page again."],
        [{ basedOn: "-1" }, "The form is incomplete: open the page again."],
        // Read as a number a blank is 0, the repository's own words: it would pass for a fresh form.
        [{ basedOn: "" }, "The form is incomplete: open the page again."],
        [{ intent: "move-down:abc" }, "That question is not on the form."],
      ];
      for (const [change, says] of refusals) {
        const answer = await post(path, { ...form, ...change });
        const why = `${path} ${JSON.stringify(change)}`;
        expect(answer.status, why).toBe(400);
        expect(notice(await answer.text()), why).toContain(says);
      }
      const unnamed = await post(path, { ...form, intent: "publish-everything" });
      expect(unnamed.status, path).toBe(400);
    }
    expect(await versions()).toEqual([]);
    expect(s.servers[0]?.log()).not.toContain('"level":"error"');
  });

  it("publish as the one address does from a signed-in owner's other spellings, and nowhere else", async () => {
    for (const { path, ownerGet, ownerPost, shows } of SPELLINGS) {
      const got = await rawRequest(origin, path, { headers: { cookie: s.cookie } });
      expect(got.status, path).toBe(ownerGet);
      if (shows) expect(got.body.toString(), path).toContain(shows);
      if (ownerPost === undefined) continue;
      const before = (await versions("faq")).length;
      const answer = `Spelled ${path}: we build with composite decking.`;
      const posted = await postAsWritten(path, faqForm(before, answer), { cookie: s.cookie });
      expect(posted.status, path).toBe(ownerPost);
      const stored = await versions("faq");
      if (ownerPost === 200) {
        // The same category, one version more: the spelling reached the editor and nothing else.
        expect(stored, path).toHaveLength(before + 1);
        expect(stored.at(-1)?.name, path).toBe(CATEGORY);
        expect(stored.at(-1)?.markdown, path).toContain(answer);
      } else expect(stored, path).toHaveLength(before);
    }
    expect(await versions("service")).toEqual([]);
    expect(s.servers[0]?.log()).not.toContain('"level":"error"');
  });

  it("land one of 8 publishes of the service page sent at once from the same version", async () => {
    const basedOn = (await versions("service")).length;
    const forms = Array.from({ length: 8 }, (_, i) => serviceForm(basedOn, `Decks and stairs, burst ${i}`));
    const answers = await postAllAtOnce(origin, SERVICE_EDITOR, forms, { cookie: s.cookie, Origin: origin });
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const stale = answers.find((a) => a.status === 409)?.body.toString() ?? "";
    expect(notice(stale)).toContain("Another owner published this page while it was open here.");
    const stored = await versions("service");
    expect(stored).toHaveLength(basedOn + 1);
    // The version kept holds the words of the post that was told it landed.
    const landed = statuses.indexOf(200);
    expect(stored.at(-1)?.markdown).toContain(`Decks and stairs, burst ${landed}`);
    expect(s.servers[0]?.log()).not.toContain('"level":"error"');
  });
});
