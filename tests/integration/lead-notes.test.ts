/**
 * A lead's notes on the desk, on SQLite and PostgreSQL, through the lead page's action: a note is
 * kept with its line breaks and written to the lead's history, and one holding a hidden character
 * is refused at the note's form with a 400, storing nothing.
 */
import { describe, expect, it } from "vitest";
import { action as leadAction } from "~/routes/owner.lead";
import { backends, useHarness } from "../support/harness";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { ORIGIN, routeArgs } from "../support/requests";

describe.each(backends)("a lead's notes on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("keeps a note of several lines, and refuses one holding a hidden direction mark without storing it", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await insertLead(db);
    const note = (body: string) =>
      leadAction({
        ...routeArgs(
          new Request(`${ORIGIN}/owner/leads/${id}`, {
            method: "POST",
            body: new URLSearchParams({ intent: "note", note: body }),
            headers: { cookie, Origin: ORIGIN },
          }),
        ),
        params: { id },
      } as unknown as Parameters<typeof leadAction>[0]);

    expect(await note("Call back \u200f609-555-0117\u200f after 5.")).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        intent: "note",
        errors: {
          form: "The note holds a hidden direction mark (U+200F) that would not show on screen. Type it again without it.",
        },
      },
    });
    expect(await db.selectFrom("lead_notes").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("lead_events").select("id").where("kind", "=", "note").execute()).toEqual([]);

    expect(await note("Called, visiting Thursday.\nBring the ladder.")).toMatchObject({
      init: { status: 200 },
      data: { ok: true, done: "Note added." },
    });
    expect(await db.selectFrom("lead_notes").select("body").execute()).toEqual([
      { body: "Called, visiting Thursday.\nBring the ladder." },
    ]);
  });
});
