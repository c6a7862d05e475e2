/**
 * The desk's forms that post to a route of their own (a lead's record and visit forms, a project's
 * photo forms), on SQLite and PostgreSQL, through their route modules: an address whose id cannot
 * name a record is answered 404, as the job's and the lead's own pages answer it, before the form
 * is read, whether a browser without JavaScript or the page's script asks; nothing is changed, and
 * no answer sends the browser to an address built from the malformed id. The built server's answer
 * to a malformed document id is tried in tests/system/quotes.test.ts.
 */
import { describe, expect, it } from "vitest";
import { action as recordAction } from "~/routes/owner.lead-record";
import { action as visitAction } from "~/routes/owner.lead-visit";
import { action as photosAction } from "~/routes/owner.project-photos";
import { createProject } from "~/projects/projects.server";
import { backends, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { argsFor as args, ORIGIN, photoForm, runRoute as run } from "../support/requests";

const deskPost = (
  path: string,
  cookie: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
) => new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { cookie, Origin: ORIGIN, ...headers } });

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
});
