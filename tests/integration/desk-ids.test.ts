/**
 * The desk's forms that post to a route of their own (a lead's record and visit forms, a project's
 * photo forms), on SQLite and PostgreSQL, through their route modules: an address whose id cannot
 * name a record is answered 404, as the job's and the lead's own pages answer it, before the form
 * is read, whether a browser without JavaScript or the page's script asks; nothing is changed, and
 * no answer sends the browser to an address built from the malformed id. The pages of a lead, its
 * quote and a project, and the desk's photos, answer a malformed id as an unknown one, before the
 * form is read; a stranger gets the sign-in's answer whatever the id. The built server's answer to
 * a malformed document id is tried in tests/system/quotes.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as leadAction, loader as leadLoader } from "~/routes/owner.lead";
import { action as projectAction, loader as projectLoader } from "~/routes/owner.project";
import { action as quoteAction, loader as quoteLoader } from "~/routes/owner.quote";
import { loader as jobPhotoLoader } from "~/routes/owner.job-photo";
import { loader as leadPhotoLoader } from "~/routes/owner.photo";
import { action as recordAction } from "~/routes/owner.lead-record";
import { action as visitAction } from "~/routes/owner.lead-visit";
import { action as photosAction } from "~/routes/owner.project-photos";
import { createProject } from "~/projects/projects.server";
import { backends, useHarness } from "../support/harness";
import { insertJobRows } from "../support/jobs";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { argsFor as args, ORIGIN, photoForm, runRoute as run, type RouteAnswer } from "../support/requests";

const deskPost = (
  path: string,
  cookie: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
) => new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { cookie, Origin: ORIGIN, ...headers } });

/**
 * A form whose body ends before its first field does: reading it fails (400). A post answered 404
 * with it was answered before its form was read.
 */
const unreadablePost = (path: string, cookie: string) => {
  const boundary = "----desk-ids-boundary";
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsa`,
    headers: { cookie, Origin: ORIGIN, "Content-Type": `multipart/form-data; boundary=${boundary}` },
  });
};

/** A loader's or an action's answer, as a test compares two of them: status, where it sends, what it says. */
const shape = ({ status, body, headers }: RouteAnswer) => ({
  status,
  location: headers?.get("location") ?? null,
  body: typeof body === "string" ? body : null,
});

describe.each(backends)("desk routes' ids on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("answers a malformed lead or project id with a 404 on the forms of their own routes, changing nothing", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const leadId = await insertLead(db);
    const projectId = await createProject(
      db,
      { title: "Deck stairs", service: "decks-and-stairs", town: "Surf City", finished: "2026-05", story: "" },
      { email: "pat@causeway.test", client: null },
    );
    // Not ids as `randomUUID` writes them: a word, a path, the real ids in capitals or with more after them.
    const malformed = (id: string) => ["x", "..", id.toUpperCase(), `${id}x`, `${id}/..`];

    // A browser without JavaScript asks for a page (and was sent back to one built from the id);
    // the page's script asks for the answer itself, the photo form's in JSON.
    const asked = { page: { Accept: "text/html" }, script: {}, json: { Accept: "application/json" } };
    const answers: [string, number, string | null][] = [];
    const answer = async (what: string, call: () => unknown) => {
      const { status, headers } = await run(call);
      answers.push([what, status, headers?.get("location") ?? null]);
    };
    const recordForms: Record<string, string>[] = [{ intent: "delete", confirm: "yes" }, { intent: "release" }];
    for (const id of malformed(leadId)) {
      const path = `/owner/leads/${encodeURIComponent(id)}`;
      for (const [by, headers] of Object.entries(asked)) {
        const post = (to: string, body: Record<string, string>) =>
          deskPost(`${path}/${to}`, cookie, new URLSearchParams(body), headers);
        for (const body of recordForms)
          await answer(`${body.intent} ${id} by ${by}`, () =>
            recordAction(args<typeof recordAction>(post("record", body), { id })),
          );
        await answer(`cancel-visit ${id} by ${by}`, () =>
          visitAction(args<typeof visitAction>(post("visit", { intent: "cancel-visit" }), { id })),
        );
      }
    }
    for (const id of malformed(projectId)) {
      const path = `/owner/projects/${encodeURIComponent(id)}/photos`;
      for (const [by, headers] of Object.entries(asked)) {
        const post = deskPost(path, cookie, photoForm({ intent: "remove-photo", photoId: "x" }), headers);
        await answer(`remove-photo ${id} by ${by}`, () => photosAction(args<typeof photosAction>(post, { id })));
      }
    }
    expect(answers).toHaveLength(5 * 3 * 4);
    expect(answers.filter(([, status, location]) => status !== 404 || location !== null)).toEqual([]);
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([{ id: leadId }]);
    expect(await db.selectFrom("projects").select("id").execute()).toEqual([{ id: projectId }]);
    expect(await db.selectFrom("owner_audit").select("action").where("action", "like", "%delete%").execute()).toEqual(
      [],
    );
  });
  it("answers a malformed id on a lead's, a quote's and a project's page and the desk's photos as an unknown one, and a stranger as any", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const leadId = await insertLead(db, { photos: 1 });
    const jobId = await insertJobRows(db, leadId);
    const photo = await db.selectFrom("lead_photos").select("id").executeTakeFirstOrThrow();
    // Not ids as `randomUUID` writes them: a path, one far too long, a NUL as the router decodes it
    // and as written, a real id with more after it.
    const malformed = ["../x", "a".repeat(500), "\u0000", "%00", `${leadId}x`];
    const unknown = randomUUID();
    const get = (path: string, withCookie: string) =>
      new Request(`${ORIGIN}${path}`, { headers: { cookie: withCookie, Accept: "text/html" } });
    const at = (id: string) => encodeURIComponent(id);

    /** Each route's answer to an id, asked by the owner (`cookie`) or a stranger (""). */
    const routes = {
      "lead page": (id, c) => run(() => leadLoader(args<typeof leadLoader>(get(`/owner/leads/${at(id)}`, c), { id }))),
      "lead form": (id, c) =>
        run(() => leadAction(args<typeof leadAction>(unreadablePost(`/owner/leads/${at(id)}`, c), { id }))),
      "quote page": (id, c) =>
        run(() => quoteLoader(args<typeof quoteLoader>(get(`/owner/leads/${at(id)}/quote`, c), { id }))),
      "quote form": (id, c) =>
        run(() => quoteAction(args<typeof quoteAction>(unreadablePost(`/owner/leads/${at(id)}/quote`, c), { id }))),
      "project page": (id, c) =>
        run(() => projectLoader(args<typeof projectLoader>(get(`/owner/projects/${at(id)}`, c), { id }))),
      "project form": (id, c) =>
        run(() => projectAction(args<typeof projectAction>(unreadablePost(`/owner/projects/${at(id)}`, c), { id }))),
      "lead photo by lead": (id, c) =>
        run(() =>
          leadPhotoLoader(
            args<typeof leadPhotoLoader>(get(`/owner/leads/${at(id)}/photos/${photo.id}`, c), {
              id,
              photoId: photo.id,
            }),
          ),
        ),
      "lead photo by photo": (id, c) =>
        run(() =>
          leadPhotoLoader(
            args<typeof leadPhotoLoader>(get(`/owner/leads/${leadId}/photos/${at(id)}`, c), {
              id: leadId,
              photoId: id,
            }),
          ),
        ),
      "job photo": (id, c) => {
        const file = `${jobId}-large`;
        return run(() =>
          jobPhotoLoader(args<typeof jobPhotoLoader>(get(`/owner/jobs/${at(id)}/photos/${file}`, c), { id, file })),
        );
      },
    } satisfies Record<string, (id: string, withCookie: string) => Promise<RouteAnswer>>;

    const wrong: unknown[] = [];
    for (const [what, answer] of Object.entries(routes)) {
      // The owner: a page or a photo's own 404, the one an id that names nothing gets, never read
      // further; a form is answered so before its (unreadable) body is read.
      const asUnknown = shape(await answer(unknown, cookie));
      const pageOrPhoto = !what.endsWith("form");
      for (const id of malformed) {
        const got = shape(await answer(id, cookie));
        if (got.status !== 404 || got.location !== null || (pageOrPhoto && got.body !== asUnknown.body))
          wrong.push({ what, id: id.slice(0, 40), by: "owner", got, asUnknown });
        if (!pageOrPhoto && got.body === null) wrong.push({ what, id: id.slice(0, 40), by: "owner", got });
      }
      // A stranger: the same answer as for any id, the sign-in (a page's redirect, a photo's 401).
      const strangerUnknown = shape(await answer(unknown, ""));
      for (const id of malformed) {
        const got = shape(await answer(id, ""));
        const signIn = got.status === 401 || (got.status === 302 && got.location?.startsWith("/owner/sign-in"));
        if (!signIn || got.status !== strangerUnknown.status)
          wrong.push({ what, id: id.slice(0, 40), by: "stranger", got });
      }
    }
    expect(wrong).toEqual([]);
    // The real ids still open what they name: the checks refuse only what cannot be one.
    expect((await routes["lead page"](leadId, cookie)).status).toBe(200);
    expect((await routes["lead photo by lead"](leadId, cookie)).status).toBe(200);
    expect(await db.selectFrom("quote_versions").select("id").execute()).toEqual([]);
  });
});
