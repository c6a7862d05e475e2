/**
 * 'End my plan' on the homeowner's page through the built server on SQLite, without JavaScript:
 * refused without the tick, refused from a foreign Origin and for a bad link, then eight presses at
 * once end it once; the page then says the plan ended and offers no form, and its `.data` carries
 * no access notes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { postAllAtOnce } from "../support/parallel-posts";
import { oneSqliteSiteForThisFile, sendTo, whileServerRuns, type BuiltSite } from "../support/system";
import { acceptedPlan } from "../support/watch";

const site = oneSqliteSiteForThisFile();
let s: BuiltSite;
let origin = "";
beforeAll(() => {
  s = site();
  origin = s.origins[0] ?? "";
});

describe("the homeowner's 'End my plan'", () => {
  it("needs the tick, refuses what an attacker would send, and ends the plan once", async () => {
    const send = sendTo(origin);
    const context = { siteUrl: origin, leadsTo: "owner@causeway.test" };
    const plan = await whileServerRuns(() => acceptedPlan(s.db, context, { access: "Lockbox 6262" }));
    const path = `/watch/${plan.token}`;
    expect(await (await send(path)).text()).toContain("End my plan");

    const unticked = await send(path, { intent: "end" }, { Origin: origin });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to confirm that you want to end your plan.");
    expect((await send(path, { intent: "end", confirm: "yes" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await send(`/watch/${"A".repeat(43)}`, { intent: "end", confirm: "yes" }, { Origin: origin })).status).toBe(
      404,
    );
    expect((await send(path, { intent: "stop", confirm: "yes" }, { Origin: origin })).status).toBe(400);
    const still = await s.db.selectFrom("watch_plans").select("status").where("id", "=", plan.planId).execute();
    expect(still).toEqual([{ status: "accepted" }]);

    const presses = await postAllAtOnce(
      origin,
      path,
      Array.from({ length: 8 }, () => ({ intent: "end", confirm: "yes" })),
      { Origin: origin },
    );
    expect(presses.filter((p) => p.status === 200)).toHaveLength(1);
    expect(
      presses.every((p) => [200, 409, 429].includes(p.status)),
      String(presses.map((p) => p.status)),
    ).toBe(true);
    const ended = await s.db
      .selectFrom("outbox")
      .select("subject")
      .where("kind", "=", "watch-plan-ended")
      .where("lead_id", "=", plan.leadId)
      .execute();
    expect(ended.filter((m) => m.subject === "Your home watch plan has ended")).toHaveLength(1);

    const page = await (await send(path)).text();
    expect(page).toContain("This plan ended on");
    expect(page).not.toContain("End my plan");
    const dataAnswer = await (await send(`${path}.data`)).text();
    expect(dataAnswer).not.toContain("6262");
  });
});
